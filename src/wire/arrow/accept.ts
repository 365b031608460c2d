/**
 * Choosing between JSON and Arrow (docs/arrow.md#negotiation): the service answers Arrow when the
 * request's `Accept` names the Arrow stream type at least as high as JSON, and says on its
 * answers that it can (`X-Arrow-Stream`), so a client learns it from any earlier answer.
 *
 * @module
 */
import { ARROW_MEDIA_TYPE } from './stream';

/**
 * The response header by which the service says it answers Arrow (value: the media type).
 *
 * @example
 * ARROW_OFFER_HEADER //=> 'x-arrow-stream'
 */
export const ARROW_OFFER_HEADER = 'x-arrow-stream';

/**
 * The `Accept` a client sends to ask for Arrow, with JSON as the fallback.
 *
 * @example
 * ARROW_ACCEPT //=> 'application/vnd.apache.arrow.stream, application/json;q=0.9'
 */
export const ARROW_ACCEPT = `${ARROW_MEDIA_TYPE}, application/json;q=0.9`;

function qualities(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (!type) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(type.trim(), Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0);
  }
  return q;
}

/**
 * Whether an `Accept` header asks for Arrow: it names `application/vnd.apache.arrow.stream` with
 * a non-zero q-value no lower than that of JSON (`application/json`, `application/*` or `*\/*`).
 * An absent or unreadable header means JSON.
 *
 * @param header - The request's `Accept`.
 * @returns True for Arrow.
 * @example
 * wantsArrow('application/vnd.apache.arrow.stream, application/json;q=0.9') //=> true
 * wantsArrow('*\/*') //=> false
 * wantsArrow('application/json, application/vnd.apache.arrow.stream;q=0.5') //=> false
 */
export function wantsArrow(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const q = qualities(Array.isArray(header) ? header.join(',') : header);
  const arrow = q.get(ARROW_MEDIA_TYPE) ?? 0;
  const json = Math.max(q.get('application/json') ?? 0, q.get('application/*') ?? 0, q.get('*/*') ?? 0);
  return arrow > 0 && arrow >= json;
}
