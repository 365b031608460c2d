/**
 * What `ServiceClient` and `PartnerConnection` share: the resolved options, one HTTP transport
 * for all sections (one throttle, one time-out, one retry policy), the API-key check and
 * closing. Each client wires its sections as fields, one line each:
 *
 *   readonly metadata = new MetadataSection(clientTransport(this));
 *
 * The transport and the key check are kept off the object (a module map and a symbol-keyed
 * method), so completion in a notebook lists the client's public members only
 * (docs/notebooks.md#completion).
 *
 * @module
 */
import { APIError, ForbiddenError, UnauthorizedError } from '../exceptions';
import { displayBundle, INSPECT, JUPYTER_DISPLAY, type DisplayBundle } from '../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../model/inspect-display';
import { HttpTransport, type ResponseCache, type TransportHooks } from './http';
import type { ResolvedClientOptions } from './options';

const transports = new WeakMap<BaseClient, HttpTransport>();

/** The method a client tests its key with: under a symbol, so completion does not list it. */
export const CHECK_API_KEY: unique symbol = Symbol('service.client.checkApiKey');

/**
 * The HTTP transport a client's sections share.
 *
 * @param client - The client.
 * @returns Its transport.
 * @example
 * transportOf(client.timeseries) === clientTransport(client) //=> true
 */
export function clientTransport(client: BaseClient): HttpTransport {
  const transport = transports.get(client);
  if (transport === undefined) throw new TypeError('not a client');
  return transport;
}

/**
 * Base of the clients. It owns the transport the sections share and implements
 * `isApiKeyValid()` on top of the one request each client uses to test its key.
 *
 * @param options - Resolved options (see `resolveClientOptions`).
 * @param hooks - Optional clock, sleep and retry observer of the transport (tests use them).
 * @example
 * class MyClient extends BaseClient {
 *   readonly metadata = new MetadataSection(clientTransport(this));
 *   [CHECK_API_KEY]() { return this.metadata.categories(); }
 * }
 */
export abstract class BaseClient {
  /** The options in use (defaults applied). */
  readonly options: ResolvedClientOptions;

  constructor(options: ResolvedClientOptions, hooks: TransportHooks = {}) {
    this.options = options;
    transports.set(this, new HttpTransport(options, hooks));
  }

  /**
   * The answer cache (the `cache` option), or null when caching is off: `clear()`, `stats()`.
   *
   * @returns The cache, or null.
   * @example
   * new ServiceClient({ apiKey: 'abc', cache: true }).cache?.stats().hits //=> 0
   */
  get cache(): ResponseCache | null {
    return clientTransport(this).cache;
  }

  /**
   * Root URL of the API, without a trailing slash.
   *
   * @returns The URL.
   * @example
   * new ServiceClient({ apiKey: 'abc' }).apiUrl //=> 'http://127.0.0.1:7070/api'
   */
  get apiUrl(): string {
    return this.options.apiUrl;
  }

  /**
   * Tests the API key with the client's key-check request (the default client loads the
   * categories, through their cache; the partner client searches one page of curves).
   *
   * @returns True when the request succeeds; false when the service answers 401 (unknown or
   *   blocked key) or 403 (the user cannot sign in).
   * @throws APIError (an `HTTPError`, `InternalServerError`, ...) on network or server problems;
   *   a response that cannot be parsed is wrapped in an `APIError`.
   * @example
   * await client.isApiKeyValid() //=> true
   */
  async isApiKeyValid(): Promise<boolean> {
    try {
      await this[CHECK_API_KEY]();
      return true;
    } catch (err) {
      if (err instanceof UnauthorizedError || err instanceof ForbiddenError) return false;
      if (err instanceof APIError) throw err;
      throw new APIError(`The API key check failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  /**
   * Closes the kept-alive connections. The client stays usable (new connections are made).
   *
   * @returns Nothing.
   * @example
   * client.close() //=> undefined
   */
  close(): void {
    clientTransport(this).close();
  }

  /**
   * A one-line description without the key.
   *
   * @returns The text.
   * @example
   * String(new ServiceClient({ apiKey: 'abc' })) //=> '<ServiceClient: api_url=http://127.0.0.1:7070/api>'
   */
  toString(): string {
    return `<${this.constructor.name}: api_url=${this.options.apiUrl}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()`; the key never shows. */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display: where the client sends its requests and how, never the key.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * new ServiceClient({ apiKey: 'abc' })[Symbol.for('Jupyter.display')]()['text/html'].includes('apiUrl') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    const o = this.options;
    return displayBundle(this.constructor.name, this.toString(), [
      ['apiUrl', o.apiUrl],
      ['transport', o.transport],
      ['timeout', `${o.timeout} s`],
      ['httpDelay', `${o.httpDelay} s`],
      ['compression', o.compression],
      ['sslVerify', o.sslVerify],
      ['cache', o.cache === null ? 'off' : `${o.cache.mode}${o.cache.dir === null ? '' : ` in ${o.cache.dir}`}`],
    ]);
  }

  /**
   * Sends the request that tests the key.
   *
   * @returns Anything; only success or the error matters.
   * @throws The request's errors.
   */
  abstract [CHECK_API_KEY](): Promise<unknown>;
}
