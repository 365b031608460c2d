/**
 * The service's decoding of the `segments` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/segments.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import { DATE_TIME, type WireDateTime } from '#wire';

/**
 * Reads the decoded `{issued}` path segment on the service.
 *
 * @param text - The segment after percent-decoding, e.g. `2020-06-01 00:00:00+00:00`.
 * @returns The parsed date-time (zone resolved later).
 * @throws {ValidationError} When the text is not a date-time (parameter `issued`).
 * @example
 * decodeIssued('2020-06-01').hasTime
 * //=> false
 */
export function decodeIssued(text: string): WireDateTime {
  return DATE_TIME.decode(text, 'issued');
}
