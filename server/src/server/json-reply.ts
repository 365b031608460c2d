/**
 * Sending JSON that a fast writer already made as bytes (`timeseriesBytes`, ...): the same
 * `Content-Type` Fastify gives serialised objects, the bytes as they are.
 *
 * @module
 */
import type { FastifyReply } from 'fastify';

/** The content type of every JSON answer. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Marks the reply as JSON and returns the bytes as a Buffer (no copy) for the handler to return.
 *
 * @param reply - The reply.
 * @param bytes - UTF-8 JSON bytes.
 * @returns The payload to return from the handler.
 * @example
 * api.get('/timeseries/:curve/', async (request, reply) => jsonBytesReply(reply, timeseriesBytes(ts)));
 */
export function jsonBytesReply(reply: FastifyReply, bytes: Uint8Array): Buffer {
  reply.type(JSON_CONTENT_TYPE);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
