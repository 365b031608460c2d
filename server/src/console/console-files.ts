/**
 * The web console (docs/service.md#web-console): the files `npm run build` writes to
 * `server/dist/web-console/` (scripts/build-console.mjs), served at `/`. Hashed files under
 * `/assets/` are cached for a year; every other path that is not the API's (`/api`, the partner
 * mounts, the health checks) answers with the console's `index.html`, whose router draws the page
 * of the URL (`/curves?q=wind`, `/curves/<name>`). Files are read once at start, with the Brotli
 * and gzip copies the build made, and sent in the encoding the browser prefers. Every console
 * answer carries a strict Content-Security-Policy (scripts and styles of the service's own origin
 * only: no inline script, no `eval`), `frame-ancestors 'none'`, `nosniff` and no referrer.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from 'service/exceptions';
import { chooseEncoding } from '../http/compress';
import type { NotFoundFallback } from '../http/errors';

/** Options of {@link registerConsole}. */
export interface ConsoleOptions {
  /** The built console (default: `server/dist/web-console` of this package). */
  dir?: string;
}

/** Where `npm run build` writes the console: `server/dist/web-console` (from `server/src/console` or `server/dist/console`). */
const DEFAULT_CONSOLE_DIR = resolve(__dirname, '..', '..', 'dist', 'web-console');

/**
 * The Content-Security-Policy of every console answer: everything from the service's own origin
 * only, no inline script or style, no `eval` (the charts run Vega's expression interpreter), no
 * framing, no plugins, forms post only here.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every console answer. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
});

/** A year: hashed asset names change with their content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
});

/** One file of the console, with its precompressed copies. */
interface ConsoleFile {
  readonly type: string;
  readonly identity: Buffer;
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
}

function readIfThere(path: string): Buffer | null {
  return existsSync(path) ? readFileSync(path) : null;
}

function loadFile(path: string): ConsoleFile {
  const ext = /\.[a-z]+$/.exec(path)?.[0] ?? '';
  return {
    type: TYPES[ext] ?? 'application/octet-stream',
    identity: readFileSync(path),
    br: readIfThere(`${path}.br`),
    gzip: readIfThere(`${path}.gz`),
  };
}

/** The console's files by URL path (`/assets/main-ABCD.js`), and its index page. */
function loadConsole(dir: string): { index: ConsoleFile; assets: Map<string, ConsoleFile> } | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const assets = new Map<string, ConsoleFile>();
  const assetDir = join(dir, 'assets');
  if (existsSync(assetDir)) {
    for (const name of readdirSync(assetDir)) {
      if (name.endsWith('.br') || name.endsWith('.gz')) continue;
      assets.set(`/assets/${name}`, loadFile(join(assetDir, name)));
    }
  }
  return { index: loadFile(join(dir, 'index.html')), assets };
}

/** Paths that belong to the API, the partner mounts or the health checks, never to the console. */
function isServicePath(path: string): boolean {
  return /^\/(api|partner)(\/|$)/.test(path) || path === '/health' || path === '/ready';
}

function send(request: FastifyRequest, reply: FastifyReply, file: ConsoleFile, cache: string): FastifyReply {
  reply.headers(SECURITY_HEADERS);
  reply.header('content-type', file.type);
  reply.header('cache-control', cache);
  reply.header('vary', 'Accept-Encoding');
  const available = (['br', 'gzip'] as const).filter((e) => file[e] !== null);
  const encoding = chooseEncoding(request.headers['accept-encoding'], available);
  if (encoding === 'br' || encoding === 'gzip') {
    reply.header('content-encoding', encoding);
    return reply.send(file[encoding]);
  }
  return reply.send(file.identity);
}

/**
 * Serves the console: `/` and its hashed assets as routes, and a fallback for requests no route
 * matched that answers a `GET` of any other path outside the API's (`/curves?q=wind`,
 * `/curves/<name>`) with the index page, whose router draws the page of the URL. Everything the
 * API does with a path of its own (a JSON 404, a 400 for too long a curve name) is unchanged.
 * Without a built console (`npm run build` not run), `/` answers 404 saying so.
 *
 * @param app - The root app.
 * @param options - Where the built console is.
 * @returns The not-found fallback to give to `registerErrorHandling`.
 * @example
 * registerErrorHandling(app, registerConsole(app, { dir: 'server/dist/web-console' }));
 */
export function registerConsole(app: FastifyInstance, options: ConsoleOptions = {}): NotFoundFallback {
  const dir = options.dir ?? DEFAULT_CONSOLE_DIR;
  const files = loadConsole(dir);
  app.get('/', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (files === null) throw new NotFoundError(`The web console is not built: run npm run build (looked in ${dir})`);
    return send(request, reply, files.index, 'no-cache');
  });
  app.get('/assets/*', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    const path = request.url.split('?')[0] ?? '';
    const asset = files?.assets.get(path);
    if (!asset) throw new NotFoundError(`No console file ${path}`);
    return send(request, reply, asset, IMMUTABLE);
  });
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (files === null || (request.method !== 'GET' && request.method !== 'HEAD') || isServicePath(path)) return null;
    return send(request, reply.code(200), files.index, 'no-cache');
  };
}
