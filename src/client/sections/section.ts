/**
 * The base of every client section: one shared transport, and one way to send a request line.
 *
 * @module
 */
import { formatRequestLine, type RequestLine } from '../../wire';
import type { HttpResponse, HttpTransport } from '../http';

/**
 * Base of the client's sections (`metadata`, `user`, `timeseries`, ...). A section holds the
 * client's one {@link HttpTransport} (so throttle, time-out and retries are shared by all
 * sections of a client) and sends request lines built by `src/wire/requests`.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * class PingSection extends Section {
 *   async categories() { return (await this.send(metadataCategories())).body; }
 * }
 * await new PingSection(client.transport).categories() //~> ['Actual', ...]
 */
export abstract class Section {
  /** The client's HTTP transport. */
  protected readonly transport: HttpTransport;

  constructor(transport: HttpTransport) {
    this.transport = transport;
  }

  /**
   * Sends `GET` for a request line through the client's transport.
   *
   * @param line - The path and query (from a `src/wire/requests` builder).
   * @param signal - Cancels the request.
   * @returns Status, headers and parsed JSON body.
   * @throws The transport's errors: ValidationError, UnauthorizedError, ForbiddenError,
   *   NotFoundError, InternalServerError, HTTPError, ParseException.
   * @example
   * (await this.send(metadataCategories())).status //=> 200
   */
  protected send(line: RequestLine, signal?: AbortSignal): Promise<HttpResponse> {
    return this.transport.get(formatRequestLine(line), signal ? { signal } : {});
  }
}
