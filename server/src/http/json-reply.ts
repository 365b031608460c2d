/**
 * Sending JSON that a fast writer makes as bytes (`timeseriesBytes`, ...): the same
 * `Content-Type` Fastify gives serialised objects, the bytes as they are. The writers write into
 * buffers of earlier answers that the socket has taken in full ({@link AnswerBuffers}), so a
 * large answer does not cost a fresh multi-megabyte allocation (zeroed, then collected) each time.
 *
 * @module
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** The content type of every JSON answer. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The buffers of sent answers, kept for the next ones: a buffer comes back once its response has
 * finished (every byte handed to the operating system); an answer cut short (the connection
 * closed first) gives nothing back. Small buffers (under `minBytes`) are not kept, nor more than
 * `maxBuffers` or `maxBytes` in all (the smallest go first).
 *
 * @example
 * const buffers = new AnswerBuffers();
 * const bytes = timeseriesBytes(ts, buffers); // into a kept buffer when one is large enough
 * buffers.lend(reply.raw, bytes);             // back once the answer is sent
 */
export class AnswerBuffers {
  private readonly free: Uint8Array[] = [];
  private bytes = 0;

  /**
   * @param maxBuffers - At most this many kept.
   * @param maxBytes - At most this many bytes kept in all.
   * @param minBytes - Smaller buffers are not kept.
   */
  constructor(
    private readonly maxBuffers = 4,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly minBytes = 64 * 1024,
  ) {}

  /**
   * The smallest kept buffer of at least `bytes` bytes (no longer kept), or none.
   *
   * @param bytes - The size needed.
   * @returns The buffer (with the bytes of an earlier answer in it), or undefined.
   */
  take(bytes: number): Uint8Array | undefined {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const size = this.free[i]!.byteLength;
      if (size >= bytes && (best < 0 || size < this.free[best]!.byteLength)) best = i;
    }
    if (best < 0) return undefined;
    const [buffer] = this.free.splice(best, 1);
    this.bytes -= buffer!.byteLength;
    return buffer;
  }

  /**
   * Keeps the whole buffer under `bytes` once `response` has finished.
   *
   * @param response - The response sending them.
   * @param bytes - An answer made by a writer (a view of its buffer from offset 0).
   */
  lend(response: ServerResponse, bytes: Uint8Array): void {
    const buffer = bytes.buffer;
    if (!(buffer instanceof ArrayBuffer) || bytes.byteOffset !== 0 || buffer.byteLength < this.minBytes) return;
    if (buffer.byteLength > this.maxBytes) return;
    response.once('finish', () => this.keep(new Uint8Array(buffer)));
  }

  private keep(buffer: Uint8Array): void {
    this.free.push(buffer);
    this.bytes += buffer.byteLength;
    while (this.free.length > this.maxBuffers || this.bytes > this.maxBytes) {
      let smallest = 0;
      for (let i = 1; i < this.free.length; i++) if (this.free[i]!.byteLength < this.free[smallest]!.byteLength) smallest = i;
      this.bytes -= this.free.splice(smallest, 1)[0]!.byteLength;
    }
  }
}

/** The buffers of this process's JSON answers. */
const ANSWER_BUFFERS = new AnswerBuffers();

/**
 * Makes a JSON answer: the writer's bytes (written into a kept buffer when there is one, marked
 * as JSON, the buffer kept again once sent) or the object it returns for Fastify to serialise.
 *
 * @param reply - The reply.
 * @param write - Makes the body, taking its buffer from the source it is given.
 * @returns The payload to return from the handler.
 * @example
 * api.get('/timeseries/:curve/', async (request, reply) => jsonReply(reply, (buffers) => timeseriesBytes(ts, buffers)));
 */
export function jsonReply<J>(reply: FastifyReply, write: (source: AnswerBuffers) => J): Buffer | Exclude<J, Uint8Array> {
  const body = write(ANSWER_BUFFERS);
  if (!(body instanceof Uint8Array)) return body as Exclude<J, Uint8Array>;
  reply.type(JSON_CONTENT_TYPE);
  ANSWER_BUFFERS.lend(reply.raw, body);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
