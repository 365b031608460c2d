import type * as NodeHttp from 'node:http';
import type * as NodeHttps from 'node:https';
import axios, { type AxiosInstance, type AxiosProxyConfig, type AxiosResponse } from 'axios';
import { errorFromResponse, HTTPError, ParseException } from '../../exceptions';
import { ARROW_ACCEPT, ARROW_MEDIA_TYPE, ARROW_OFFER_HEADER } from '../../wire/arrow';
import { inNode, nodeProcess } from '../node-only';
import type { ResolvedClientOptions } from '../options';
import { requestHeaders } from './headers';
import { callHook } from './request-hooks';
import { AnswerStore, ResponseCache, type CachedAnswer, type Representation } from './response-cache';
import { withRetry, type RetryListener } from './retry';
import { monotonicNow, sleep as timerSleep, Throttle, type Clock, type Sleep } from './throttle';
import { isTimeoutCode, timeoutConfig, timeoutError } from './timeout';
import { utf8Text } from './utf8';

/**
 * Most redirects followed for one request (as the reference client).
 *
 * @example
 * MAX_REDIRECTS //=> 5
 */
const MAX_REDIRECTS = 5;

/**
 * A successful response: status, headers (lower-case names) and the parsed JSON body.
 *
 * @example
 * const res: HttpResponse = await transport.get('/metadata/categories/');
 * res.status //=> 200
 */
export interface HttpResponse {
  /** HTTP status (2xx). */
  readonly status: number;
  /** Response headers with lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (null for an Arrow answer). */
  readonly body: unknown;
  /** The received bytes of an Arrow answer (docs/arrow.md), absent for JSON. */
  readonly arrow?: Uint8Array;
  /**
   * Present when `arrow` is the client cache's own copy (an answer from the cache): the same
   * object for as long as the cached entry is unchanged. Such bytes must not be changed, nor
   * kept (or viewed) past the call: decode a copy, or copy what is decoded.
   */
  readonly shared?: object;
}

/**
 * Options of one `get`.
 *
 * @example
 * const opts: GetOptions = { data: true };
 */
export interface GetOptions {
  /** Cancels the request (also while it waits for the throttle or a retry). */
  signal?: AbortSignal;
  /** A data route that may answer Arrow: asks for it when the `transport` option says so. */
  data?: boolean;
}

/** An answer as one attempt gets it: a 200 with its text, or a 304 for a revalidated entry. */
/** What one call learns on its way, for the `onResponse` hook. */
interface Trace {
  /** The last HTTP status received. */
  status: number | null;
  /** Whether the caller gets a cached answer. */
  fromCache: boolean;
}

interface Received extends HttpResponse {
  /** The body text ('' for a 304). */
  readonly text: string;
}

/**
 * Replaceable clock, sleep and retry observer (tests use them).
 *
 * @example
 * const hooks: TransportHooks = { onRetry: ({ attempt }) => console.log('retry', attempt) };
 * typeof hooks.onRetry //=> 'function'
 */
export interface TransportHooks {
  /** Monotonic clock in milliseconds for the throttle. */
  now?: Clock;
  /** Sleep used by the throttle and between retries. */
  sleep?: Sleep;
  /** Called before each retry wait. */
  onRetry?: RetryListener;
}

function flatHeaders(headers: AxiosResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null || typeof value === 'function') continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** The body bytes as received (axios gives a Buffer on Node, an ArrayBuffer elsewhere), no copy. */
function received(data: ArrayBuffer | Uint8Array | undefined): Uint8Array {
  if (data === undefined) return new Uint8Array(0);
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

/**
 * Node's keep-alive agents for axios (one connection pool per client; `sslVerify` on the HTTPS
 * one); none in a browser, which keeps connections alive itself and checks certificates itself.
 * An idle pooled connection is closed a second before the `Keep-Alive: timeout` its server
 * announced (Node's agent does this), so the client, not the server, ends idle connections.
 *
 * @param sslVerify - Verify the server's certificate.
 * @param keepAlive - Pool connections (false: a fresh connection for one request, closed after it).
 * @returns The agents, or nothing.
 * @example
 * axios.create({ ...nodeAgents(true, true) })
 */
function nodeAgents(sslVerify: boolean, keepAlive: boolean): Agents {
  if (!inNode()) return {};
  const proc = nodeProcess('keep-alive agents');
  return {
    httpAgent: new (proc.getBuiltinModule('node:http').Agent)({ keepAlive }),
    httpsAgent: new (proc.getBuiltinModule('node:https').Agent)({ keepAlive, rejectUnauthorized: sslVerify }),
  };
}

/** The agents axios sends through (Node only). */
type Agents = { httpAgent?: NodeHttp.Agent; httpsAgent?: NodeHttps.Agent };

function cachedResponse(cached: CachedAnswer): HttpResponse {
  return { status: 200, headers: cached.headers, body: cached.body, ...(cached.arrow ? { arrow: cached.arrow, shared: cached } : {}) };
}

function proxyConfig(url: string): AxiosProxyConfig {
  const u = new URL(url);
  const protocol = u.protocol.replace(/:$/, '');
  const port = u.port ? Number(u.port) : protocol === 'https' ? 443 : 80;
  const auth = u.username ? { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } : undefined;
  return { protocol, host: u.hostname, port, ...(auth ? { auth } : {}) };
}

/**
 * The client's HTTP layer: one instance per client, shared by its sections. Each `get` is
 * retried (5xx, network errors, time-outs, 429), every attempt passes the throttle, and
 * redirects (at most 5, same-origin ones keep the key) are followed. Only `src/client/http/`
 * uses axios.
 *
 * @param options - Resolved client options (key, URL, time-out, delay, retry, proxies, TLS).
 * @param hooks - Optional clock, sleep and retry observer.
 * @example
 * const transport = new HttpTransport(resolveClientOptions({ apiKey: 'abc' }));
 * (await transport.get('/metadata/categories/')).body //~> ['Actual', 'Forecast', ...]
 */
export class HttpTransport {
  /** The options in use. */
  readonly options: ResolvedClientOptions;
  private readonly throttle: Throttle;
  private readonly wait: Sleep;
  private readonly onRetry: RetryListener | undefined;
  private readonly agents: Agents;
  private readonly axios: AxiosInstance;
  private readonly origin: string;
  /** The answer cache (`cache` client option) as the client shows it, or null. */
  readonly cache: ResponseCache | null;
  /** What the answer cache holds, read and filled here. */
  readonly #store: AnswerStore | null;
  /** Whether an answer of the service has said that it offers Arrow (`X-Arrow-Stream`). */
  #arrowOffered = false;
  /** The error answers behind thrown errors, for a cache in `record` mode. */
  readonly #problems = new WeakMap<object, { status: number; headers: Record<string, string>; text: string }>();

  constructor(options: ResolvedClientOptions, hooks: TransportHooks = {}) {
    this.options = options;
    this.#store = options.cache ? new AnswerStore(options.cache, options.apiUrl, options.apiKey) : null;
    this.cache = this.#store === null ? null : new ResponseCache(this.#store);
    this.wait = hooks.sleep ?? timerSleep;
    this.throttle = new Throttle(options.httpDelay, hooks.now ?? monotonicNow, this.wait);
    this.onRetry = hooks.onRetry;
    this.origin = new URL(options.apiUrl).origin;
    this.agents = nodeAgents(options.sslVerify, true);
    this.axios = axios.create({
      ...this.agents,
      maxRedirects: 0,
      responseType: 'arraybuffer',
      decompress: true,
      validateStatus: () => true,
      ...timeoutConfig(options.timeout),
    });
  }

  /**
   * Sends `GET apiUrl + pathAndQuery` and returns the parsed JSON answer.
   *
   * @param pathAndQuery - Encoded path and query, starting with `/`, e.g.
   *   `/metadata/curves/?q=wind&page=1`.
   * @param opts - `signal`: cancels the request (also while it waits for the throttle or a
   *   retry); the call then rejects with the signal's reason and is not retried. `data`: a data
   *   route, asked for as Arrow when the `transport` option says so (docs/arrow.md#client).
   * @returns Status, headers and parsed body of the 2xx answer.
   * @throws ValidationError, UnauthorizedError, ForbiddenError, NotFoundError,
   *   TooManyRequestsError or InternalServerError for error answers (see `errorFromResponse`);
   *   HTTPError for transport failures and time-outs; ParseException when the body is not JSON.
   * @example
   * (await transport.get('/metadata/curves/?q=wind&page=1')).headers['x-total-items'] //~> '42'
   */
  async get(pathAndQuery: string, opts: GetOptions = {}): Promise<HttpResponse> {
    return this.observed('GET', pathAndQuery, (url, trace) => this.answerOf(pathAndQuery, url, trace, opts.signal, opts.data === true));
  }

  /**
   * Sends `POST apiUrl + path` with a JSON body (the import route) and returns the parsed JSON
   * answer. A POST changes data, so it is sent once: never retried (not after a 5xx, a network
   * failure, a time-out or a 429), never answered from or stored in the cache, and a redirect is
   * not followed. It still waits for the throttle like every request.
   *
   * @param path - Encoded path, starting with `/`, e.g. `/import/`.
   * @param body - The JSON text of the body.
   * @param opts - `signal`: cancels the request while it waits for the throttle or its answer
   *   (the service may have received it by then).
   * @returns Status, headers and parsed body of the 2xx answer.
   * @throws ValidationError (400), UnauthorizedError, ForbiddenError, NotFoundError,
   *   TooManyRequestsError or InternalServerError for error answers; HTTPError for transport
   *   failures, time-outs and redirects; ParseException when the body is not JSON.
   * @example
   * (await transport.post('/import/', JSON.stringify({ files, dry_run: true }))).body //~> { files: 1, ... }
   */
  async post(path: string, body: string, opts: { signal?: AbortSignal } = {}): Promise<HttpResponse> {
    return this.observed('POST', path, async (url, trace) => {
      const signal = opts.signal;
      signal?.throwIfAborted();
      await this.throttle.acquire();
      signal?.throwIfAborted();
      const headers = requestHeaders(this.options.authHeader, this.options.apiKey, this.options.compression);
      headers['Content-Type'] = 'application/json';
      let res: AxiosResponse<ArrayBuffer>;
      try {
        res = await this.axios.post<ArrayBuffer>(url, body, { headers, proxy: this.proxyFor(url), ...(signal ? { signal } : {}) });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        throw this.transportError('POST', url, err);
      }
      trace.status = res.status;
      if (res.status >= 300 && res.status < 400)
        throw new HTTPError(`POST ${url}: redirected (status ${res.status}); a POST is not redirected`);
      const answer = this.answer('POST', url, res);
      return { status: answer.status, headers: answer.headers, body: answer.body };
    });
  }

  /**
   * Runs one request between the `onRequest` and `onResponse` hooks.
   *
   * @param method - `GET` or `POST`.
   * @param path - Path (and query) below the API root, starting with `/`.
   * @param run - Sends the request to the full URL and notes what it learns in the trace.
   * @returns What `run` returns.
   * @throws HTTPError for a path without the leading `/`; what `run` throws.
   */
  private async observed(
    method: 'GET' | 'POST',
    path: string,
    run: (url: string, trace: Trace) => Promise<HttpResponse>,
  ): Promise<HttpResponse> {
    if (typeof path !== 'string' || !path.startsWith('/')) {
      throw new HTTPError(`Request path must start with "/", got ${String(path)}`);
    }
    const request = { method, url: this.options.apiUrl + path, path } as const;
    const { onRequest, onResponse } = this.options;
    callHook(onRequest, request);
    const trace: Trace = { status: null, fromCache: false };
    const started = performance.now();
    const done = (error: unknown, etag: string | null = null): void =>
      callHook(onResponse, {
        ...request,
        status: trace.status,
        fromCache: trace.fromCache,
        etag,
        durationMs: performance.now() - started,
        error,
      });
    try {
      const res = await run(request.url, trace);
      done(undefined, res.headers.etag ?? null);
      return res;
    } catch (err) {
      done(err);
      throw err;
    }
  }

  /**
   * Whether a data request asks for Arrow now: `'arrow'` always, `'auto'` once an answer said
   * the service offers it, `'json'` never (the answer cache keeps either representation).
   *
   * @returns True to send the Arrow `Accept`.
   * @example
   * transport.asksArrow() //=> false
   */
  asksArrow(): boolean {
    const mode = this.options.transport;
    return mode === 'arrow' || (mode === 'auto' && this.#arrowOffered);
  }

  private async answerOf(
    pathAndQuery: string,
    url: string,
    trace: Trace,
    signal: AbortSignal | undefined,
    data: boolean,
  ): Promise<HttpResponse> {
    signal?.throwIfAborted();
    const cache = this.#store;
    if (cache === null) return this.fetch(url, null, trace, signal, data && this.asksArrow());
    let asked: Representation = data && this.asksArrow() ? 'arrow' : 'json';
    let cached = await cache.lookup(cache.keyOf(pathAndQuery, asked));
    // a data request takes the entry of the other representation when its own is not kept:
    // offline always; in 'auto' mode an Arrow entry serves a JSON request (revalidated as Arrow),
    // but a JSON entry does not serve an Arrow request: the Arrow answer is fetched once and
    // replaces it, since every later load decodes cached Arrow far faster than cached JSON
    let replaced: string | null = null;
    if (cached === null && data && (cache.offline || this.options.transport === 'auto')) {
      const other: Representation = asked === 'arrow' ? 'json' : 'arrow';
      const key = cache.keyOf(pathAndQuery, other);
      if (cache.offline || other === 'arrow') {
        cached = await cache.lookup(key);
        if (cached !== null) asked = other;
      } else replaced = key;
    }
    if (cache.offline) {
      if (cached === null) {
        cache.miss();
        throw new HTTPError(`GET ${url}: no cached answer (the cache is in offline mode)`, { code: 'ERR_CACHE_MISS' });
      }
      cache.hit();
      trace.fromCache = true;
      if (cached.status !== 200) {
        // A recorded error answer: the same error the service's answer gave.
        trace.status = cached.status;
        throw errorFromResponse(cached.status, cached.body, cached.headers) ?? new HTTPError(`GET ${url}: status ${cached.status}`);
      }
      return cachedResponse(cached);
    }
    // A recorded error answer is never served (nor revalidated) outside offline mode.
    const usable = cached?.status === 200 ? cached : null;
    let res: Received;
    try {
      res = await this.fetch(url, usable?.etag ?? null, trace, signal, asked === 'arrow');
    } catch (err) {
      const problem = typeof err === 'object' && err !== null ? this.#problems.get(err) : undefined;
      if (problem !== undefined)
        await cache.storeProblem(cache.keyOf(pathAndQuery, asked), problem.status, problem.headers, problem.text).catch(() => undefined);
      throw err;
    }
    if (res.status === 304 && usable !== null) {
      cache.revalidated();
      trace.fromCache = true;
      return cachedResponse(usable);
    }
    cache.miss();
    if (res.status === 200) {
      const key = cache.keyOf(pathAndQuery, asked);
      await cache.store(key, res.headers, res.arrow ? { arrow: res.arrow } : { text: res.text, body: res.body }).catch(() => undefined);
      if (replaced !== null && res.arrow) await cache.forget(replaced).catch(() => undefined);
    }
    return { status: res.status, headers: res.headers, body: res.body, ...(res.arrow ? { arrow: res.arrow } : {}) };
  }

  private fetch(url: string, etag: string | null, trace: Trace, signal: AbortSignal | undefined, arrow: boolean): Promise<Received> {
    return withRetry(
      async (_n, fresh) => {
        signal?.throwIfAborted();
        await this.throttle.acquire();
        signal?.throwIfAborted();
        return this.attempt(url, etag, trace, signal, arrow, fresh);
      },
      this.options.retry,
      this.wait,
      this.onRetry,
    );
  }

  /**
   * Closes the kept-alive connections. The transport stays usable (new connections are made).
   *
   * @returns Nothing.
   * @example
   * transport.close() //=> undefined
   */
  close(): void {
    this.agents.httpAgent?.destroy();
    this.agents.httpsAgent?.destroy();
  }

  private async attempt(
    firstUrl: string,
    etag: string | null,
    trace: Trace,
    signal: AbortSignal | undefined,
    arrow: boolean,
    fresh: boolean,
  ): Promise<Received> {
    let url = firstUrl;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const res = await this.send(url, etag, signal, arrow, fresh);
      trace.status = res.status;
      if (res.headers[ARROW_OFFER_HEADER] !== undefined) this.#arrowOffered = true;
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && typeof location === 'string' && location !== '') {
        url = new URL(location, url).toString();
        continue;
      }
      if (res.status === 304 && etag !== null) return { status: 304, headers: flatHeaders(res.headers), body: null, text: '' };
      return this.answer('GET', url, res);
    }
    throw new HTTPError(`GET ${firstUrl}: more than ${MAX_REDIRECTS} redirects`, { code: 'ERR_FR_TOO_MANY_REDIRECTS' });
  }

  private async send(
    url: string,
    etag: string | null,
    signal: AbortSignal | undefined,
    arrow: boolean,
    fresh: boolean,
  ): Promise<AxiosResponse<ArrayBuffer>> {
    const sameOrigin = new URL(url).origin === this.origin;
    const headers = requestHeaders(this.options.authHeader, this.options.apiKey, this.options.compression);
    if (arrow) headers.Accept = ARROW_ACCEPT;
    if (!sameOrigin) delete headers[this.options.authHeader];
    if (etag !== null && sameOrigin) headers['If-None-Match'] = etag;
    try {
      // a retry after a connection failure goes on a connection of its own, never a pooled one
      const agents = fresh ? nodeAgents(this.options.sslVerify, false) : {};
      return await this.axios.get<ArrayBuffer>(url, { headers, proxy: this.proxyFor(url), ...agents, ...(signal ? { signal } : {}) });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw this.transportError('GET', url, err);
    }
  }

  private proxyFor(url: string): AxiosProxyConfig | undefined {
    const proxies = this.options.proxies;
    if (!proxies) return undefined;
    const scheme = new URL(url).protocol.replace(/:$/, '');
    const proxy = proxies[scheme] ?? proxies.all;
    return proxy ? proxyConfig(proxy) : undefined;
  }

  private transportError(method: 'GET' | 'POST', url: string, err: unknown): HTTPError {
    const code = (err as { code?: unknown }).code;
    // axios says ERR_BAD_RESPONSE with "stream has been aborted" when the connection closed before
    // the body was complete: named here as Node names a stream that closed early
    const cutShort = code === 'ERR_BAD_RESPONSE' && err instanceof Error && /aborted/i.test(err.message);
    const codeText = cutShort ? 'ERR_STREAM_PREMATURE_CLOSE' : typeof code === 'string' ? code : undefined;
    if (isTimeoutCode(codeText)) return timeoutError(method, url, this.options.timeout, err);
    const reason = err instanceof Error ? err.message : String(err);
    return new HTTPError(`${method} ${url} failed: ${reason}`, { code: codeText, cause: err });
  }

  private answer(method: 'GET' | 'POST', url: string, res: AxiosResponse<ArrayBuffer>): Received {
    const headers = flatHeaders(res.headers);
    if (res.status >= 200 && res.status < 300 && (headers['content-type'] ?? '').startsWith(ARROW_MEDIA_TYPE)) {
      return { status: res.status, headers, body: null, arrow: received(res.data), text: '' };
    }
    const text = utf8Text(res.data ?? new ArrayBuffer(0));
    const error = errorFromResponse(res.status, text, headers);
    if (error) {
      // Kept for a recording cache; 429 and 5xx are passing states, not answers to replay.
      if (this.#store?.recording === true && res.status < 500 && res.status !== 429)
        this.#problems.set(error, { status: res.status, headers, text });
      throw error;
    }
    if (text.trim() === '') throw new ParseException(`${method} ${url}: empty response body (status ${res.status})`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      throw new ParseException(`${method} ${url}: response is not valid JSON: ${(err as Error).message}`, { cause: err });
    }
    return { status: res.status, headers, body, text };
  }
}
