/**
 * Conditional requests: every successful `GET` answer of the API carries a strong `ETag` made from
 * what the answer depends on: the data version of its curve (any import naming the curve changes
 * it; see `Store.dataVersion`), or the store-wide version for answers that read several curves
 * (metadata, SRMC, anything converted with a `unit`), the caller's user record (subscriptions
 * decide access) and the full request line. A request whose `If-None-Match` names that tag gets
 * `304 Not Modified` with no body before the route runs (safe: a tag is only ever sent with a 200,
 * and it covers everything that answer depended on). A request asking for Arrow (docs/arrow.md)
 * gets its own tag, as it gets another representation. Compressed answers carry the tag with
 * the encoding appended (`"…-br"`), and `If-None-Match` matches either form.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asksArrow } from './arrow-reply';
import type { Store } from '../store';

/** Encodings whose name is appended to a compressed answer's tag. */
const SUFFIX = /-(gzip|br|zstd)"$/;

/** Answers that read more than their own curve use the store-wide version. */
function usesOneCurve(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  if (!route.includes(':curve') || route.includes('/srmc/')) return false;
  const query = request.query as Record<string, unknown> | undefined;
  return query === undefined || query === null || !('unit' in query);
}

/**
 * The strong ETag of a request's answer, or `null` when it gets none (not a `GET`, no caller).
 *
 * @param store - The store (for data versions).
 * @param request - The request, after authentication and routing.
 * @returns The tag, quoted.
 * @example
 * etagOf(store, request) //=> '"kq0dJ1cW2o7oP0-8Q0uM5g"'
 */
function etagOf(store: Store, request: FastifyRequest): string | null {
  if (request.method !== 'GET' || !request.principal) return null;
  // answers that depend on more than data, users and the request line opt out (the key list)
  if ((request.routeOptions.config as { etag?: boolean } | undefined)?.etag === false) return null;
  const curve = usesOneCurve(request) ? (request.params as { curve: string }).curve : null;
  const hash = createHash('sha256')
    .update(store.dataVersion(curve))
    .update('\n')
    .update(JSON.stringify(request.principal.user))
    .update('\n')
    .update(`${request.method} ${request.url}`)
    .update(asksArrow(request) ? '\napplication/vnd.apache.arrow.stream' : '')
    .digest('base64url')
    .slice(0, 27);
  return `"${hash}"`;
}

/**
 * The entry of an `If-None-Match` header that names a tag (with or without an encoding suffix),
 * or null. `*` is not honoured: the 304 is decided before the route runs, and only a tag the
 * service gave out with a 200 proves that the answer exists.
 *
 * @param header - The header value(s).
 * @param tag - The quoted tag.
 * @returns The matching entry as the client sent it (without `W/`), or null.
 * @example
 * matchingTag('"abc-br", "x"', '"abc"') //=> '"abc-br"'
 */
export function matchingTag(header: string | string[] | undefined, tag: string): string | null {
  if (header === undefined) return null;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const t = part.trim().replace(/^W\//, '');
    if (t === tag || t.replace(SUFFIX, '"') === tag) return t;
  }
  return null;
}

/**
 * Whether an `If-None-Match` header names a tag (see {@link matchingTag}).
 *
 * @param header - The header value(s).
 * @param tag - The quoted tag.
 * @returns True when it matches.
 * @example
 * noneMatch('"abc-br", "x"', '"abc"') //=> true
 */
export function noneMatch(header: string | string[] | undefined, tag: string): boolean {
  return matchingTag(header, tag) !== null;
}

/** Options of {@link registerConditional}. */
export interface ConditionalOptions {
  /** The store whose data versions make the tags. */
  store: Store;
}

/**
 * Adds `ETag` to every successful `GET` answer and answers matching `If-None-Match` with 304.
 * Register on the root app before the route scopes, so `/api` and the partner mounts get it.
 *
 * @param app - The app.
 * @param options - The store.
 * @example
 * registerConditional(app, { store });
 */
export function registerConditional(app: FastifyInstance, options: ConditionalOptions): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const tag = etagOf(options.store, request);
    if (tag === null) return;
    reply.header('etag', tag);
    const matched = matchingTag(request.headers['if-none-match'], tag);
    if (matched !== null) {
      // the 304 names the representation the client holds (compressed ones carry a suffix)
      reply.header('etag', matched);
      return reply.code(304).send();
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 200 && reply.statusCode !== 304) reply.removeHeader('etag');
    return payload;
  });
}
