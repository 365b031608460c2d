/**
 * The body of `POST {api}/keys/` (docs/protocol.md#admin-keys), checked field by field: a 400
 * naming the field for anything wrong, before anything is written.
 *
 * @module
 */
import { ValidationError } from 'service/exceptions';
import type { NewKeyRequest } from '../auth';

const FIELDS = new Set(['user', 'label', 'name', 'email', 'organization', 'grants']);
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;
const GRANT = /^([a-z0-9_*][a-z0-9_-]*|\*):([A-Za-z0-9_-]+|\*)$/;
const MAX_TEXT = 200;

function text(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${field} must be a string`, field);
  if (value.length > MAX_TEXT) throw new ValidationError(`${field} is longer than ${MAX_TEXT} characters`, field);
  return value;
}

/**
 * Reads the body of a key creation.
 *
 * @param body - The parsed JSON body.
 * @returns The request.
 * @throws ValidationError naming the field: not an object, an unknown field, `user` missing or
 *   not an id (letters, digits, `. _ @ -`, at most 100), a text over 200 characters, a grant not
 *   `package:area` (`*` for every package or area).
 * @example
 * parseNewKey({ user: 'ana', label: 'laptop', grants: ['power:DE'] })
 * //=> { user: 'ana', label: 'laptop', grants: [{ package: 'power', area: 'DE' }] }
 */
export function parseNewKey(body: unknown): NewKeyRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ValidationError('Expected a JSON object {"user": "...", "label": "...", "grants": ["package:area"]}', 'body');
  const fields = body as Record<string, unknown>;
  for (const field of Object.keys(fields)) {
    if (!FIELDS.has(field)) throw new ValidationError(`Unknown field ${JSON.stringify(field)}: use ${[...FIELDS].join(', ')}`, field);
  }
  const user = text(fields, 'user');
  if (user === undefined || !USER_ID.test(user))
    throw new ValidationError('user must be an id of 1 to 100 letters, digits and . _ @ - (starting with a letter or digit)', 'user');
  const out: NewKeyRequest = { user, label: text(fields, 'label') ?? '' };
  for (const field of ['name', 'email', 'organization'] as const) {
    const value = text(fields, field);
    if (value !== undefined) out[field] = value;
  }
  const grants = fields.grants;
  if (grants !== undefined && grants !== null) {
    if (!Array.isArray(grants) || grants.length > 100)
      throw new ValidationError('grants must be a list of at most 100 "package:area" texts', 'grants');
    out.grants = grants.map((g) => {
      const m = typeof g === 'string' ? GRANT.exec(g) : null;
      if (!m)
        throw new ValidationError(`Each grant is "package:area" (e.g. "power:DE", "power:*" or "*:*"), got ${JSON.stringify(g)}`, 'grants');
      return { package: m[1]!, area: m[2]! };
    });
  }
  return out;
}
