/**
 * Compression of answers: `zstd` (when this Node has it), `br` and `gzip`, negotiated from
 * `Accept-Encoding` (q-values honoured, `identity` otherwise) for bodies of at least
 * `threshold` bytes, compressed on libuv's thread pool. Levels were chosen by measurement
 * (bench/compression.ts, bench/RESULTS.md): on the one-year 15-minute answer (1.6 MB) gzip level 1
 * gives 6.0x in ~6 ms where level 6 gives 6.6x in ~18 ms, and brotli quality 3 gives 6.8x in
 * ~9 ms where quality 5 gives 7.5x in ~26 ms; so gzip 1 and brotli 3 (zstd 3 where available). A compressed answer's `ETag` gets the encoding appended
 * (`"…-br"`), as each encoding is its own representation; every answer it looks at says
 * `Vary: Accept-Encoding`. Answers sent while they are made (streams) are compressed as they go.
 *
 * Written here rather than with a compression plugin because the tag suffix and the 304 path
 * of server/src/http/conditional.ts must agree with the chosen encoding.
 *
 * @module
 */
import { pipeline, type Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** An encoding the service can write. */
export type Encoding = 'zstd' | 'br' | 'gzip';

/** Options of {@link registerCompression}. */
export interface CompressionOptions {
  /** Smallest body compressed, in bytes (default 1024). */
  threshold?: number;
  /** gzip level 1-9 (default 1). */
  gzipLevel?: number;
  /** Brotli quality 0-11 (default 3). */
  brotliQuality?: number;
  /** zstd level (default 3). */
  zstdLevel?: number;
}

type Compress = (input: Buffer) => Promise<Buffer>;

/** A compressing transform stream for answers sent while they are made. */
type CompressStream = () => Transform;

const zstd = (zlib as unknown as { zstdCompress?: (b: Buffer, o: object, cb: (e: Error | null, r: Buffer) => void) => void }).zstdCompress;

/** The encodings this Node can write, best first. */
export const ENCODINGS: readonly Encoding[] = Object.freeze(typeof zstd === 'function' ? ['zstd', 'br', 'gzip'] : ['br', 'gzip']);

function compressors(options: CompressionOptions): Record<Encoding, Compress | null> {
  const gzip = promisify(zlib.gzip);
  const br = promisify(zlib.brotliCompress);
  const z = typeof zstd === 'function' ? promisify(zstd) : null;
  const zstdParams = (zlib.constants as unknown as Record<string, number>).ZSTD_c_compressionLevel;
  return {
    gzip: (input) => gzip(input, { level: options.gzipLevel ?? 1 }),
    br: (input) =>
      br(input, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 3,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    zstd:
      z && zstdParams !== undefined
        ? (input) => (z as (b: Buffer, o: object) => Promise<Buffer>)(input, { params: { [zstdParams]: options.zstdLevel ?? 3 } })
        : null,
  };
}

function streamCompressors(options: CompressionOptions): Record<Encoding, CompressStream | null> {
  const z = (zlib as unknown as { createZstdCompress?: (o: object) => Transform }).createZstdCompress;
  const zstdParams = (zlib.constants as unknown as Record<string, number>).ZSTD_c_compressionLevel;
  return {
    gzip: () => zlib.createGzip({ level: options.gzipLevel ?? 1 }),
    br: () =>
      zlib.createBrotliCompress({
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 3 },
      }),
    zstd: typeof z === 'function' && zstdParams !== undefined ? () => z({ params: { [zstdParams]: options.zstdLevel ?? 3 } }) : null,
  };
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

/**
 * The encoding to use for an `Accept-Encoding` header: the best of {@link ENCODINGS} the
 * client accepts with a non-zero q-value (`*` accepts all), or `null` for none.
 *
 * @param header - The request's `Accept-Encoding`.
 * @param available - The encodings to choose from, best first.
 * @returns The encoding, or `null`.
 * @example
 * chooseEncoding('gzip, deflate, br') //=> 'br'
 * chooseEncoding('br;q=0, gzip') //=> 'gzip'
 */
export function chooseEncoding(header: string | string[] | undefined, available: readonly Encoding[] = ENCODINGS): Encoding | null {
  if (header === undefined) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  for (const encoding of available) {
    const value = q.get(encoding) ?? q.get('*');
    if (value !== undefined && value > 0) return encoding;
  }
  return null;
}

/**
 * Compresses answers of at least `threshold` bytes in the encoding the client prefers.
 * Register on the root app before the route scopes.
 *
 * @param app - The app.
 * @param options - Threshold and levels.
 * @example
 * registerCompression(app, { threshold: 1024 });
 */
export function registerCompression(app: FastifyInstance, options: CompressionOptions = {}): void {
  const threshold = options.threshold ?? 1024;
  const compress = compressors(options);
  const available = ENCODINGS.filter((e) => compress[e] !== null);
  const compressStream = streamCompressors(options);
  const encoded = (reply: FastifyReply, encoding: Encoding): void => {
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    const tag = reply.getHeader('etag');
    if (typeof tag === 'string') reply.header('etag', tag.replace(/"$/, `-${encoding}"`));
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode === 304 || reply.statusCode === 204) return payload;
    const stream = isStream(payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload) && !stream) return payload;
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) {
      reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (reply.getHeader('content-encoding') !== undefined) return payload;
    if (stream) {
      // answers sent while they are made (docs/arrow.md#streamed): compressed as they go, whatever their size
      const encoding = chooseEncoding(request.headers['accept-encoding'], available);
      const make = encoding === null ? null : compressStream[encoding];
      if (encoding === null || !make) return payload;
      encoded(reply, encoding);
      // an error on either side destroys both: the client sees a cut answer
      return pipeline(payload, make(), () => undefined);
    }
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length < threshold) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding'], available);
    if (encoding === null) return payload;
    const out = await compress[encoding]!(bytes);
    encoded(reply, encoding);
    return out;
  });
}
