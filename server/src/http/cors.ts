/**
 * Cross-origin access to the API for pages served elsewhere (a notebook in the browser on
 * Observable or JupyterLite, a page of one's own), opt-in per origin (`service serve
 * --cors-origin URL`, docs/client.md#browser-use): exactly the listed origins get the CORS headers on
 * `/api`, preflight included; any other origin gets none, so its browser withholds the answers.
 * Built on `@fastify/cors`. The push feed is a WebSocket, which CORS does not cover.
 *
 * @module
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from 'service/exceptions';

/** Request headers a cross-origin page may send: the key, a JSON body's type, a revalidation. */
const ALLOWED_HEADERS = ['X-API-Key', 'Content-Type', 'If-None-Match'];

/**
 * Answer headers a cross-origin page may read: the ETag, the Arrow offer, paging, Retry-After,
 * and where the values of an empty series are.
 */
const EXPOSED_HEADERS = [
  'ETag',
  'X-Arrow-Stream',
  'X-Current-Page',
  'X-Page-Size',
  'X-First-Page',
  'X-Last-Page',
  'X-Total-Items',
  'Retry-After',
  'X-First-Value',
  'X-Last-Value',
];

/**
 * Checks an origin as `--cors-origin` takes it: scheme, host and optional port, nothing else.
 *
 * @param value - The origin (`https://observablehq.com`, `http://127.0.0.1:8888`).
 * @returns The origin as browsers send it (lower-case scheme and host, no trailing slash).
 * @throws ValidationError naming `cors-origin` for anything that is not an http(s) origin.
 * @example
 * corsOrigin('https://Example.org/') //=> 'https://example.org'
 */
export function corsOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError(`--cors-origin must be an origin like https://example.org, got ${JSON.stringify(value)}`, 'cors-origin');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username)
    throw new ValidationError(
      `--cors-origin must be an origin (scheme, host and port only) like https://example.org, got ${JSON.stringify(value)}`,
      'cors-origin',
    );
  return url.origin;
}

/**
 * Adds CORS for exactly these origins to a scope (the `/api` scope, before its key check, so a
 * preflight, which carries no key, is answered without one).
 *
 * @param scope - The scope.
 * @param origins - The allowed origins (checked with {@link corsOrigin}).
 * @returns When the plugin is registered.
 * @example
 * await registerCors(api, ['https://observablehq.com']);
 */
export async function registerCors(scope: FastifyInstance, origins: readonly string[]): Promise<void> {
  const allowed = new Set(origins.map(corsOrigin));
  await scope.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    strictPreflight: false,
  });
}
