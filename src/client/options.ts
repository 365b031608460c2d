import { InitializationError, ValidationError } from '../exceptions';
import { resolveCacheOptions, type CacheOptions, type ResolvedCacheOptions } from './http/cache-options';
import type { RequestListener, ResponseListener } from './http/request-hooks';
import { nodeProcess, processEnv } from './node-only';
import { requestLogFromEnv } from './request-log';

/**
 * The `transport` option (docs/arrow.md#client): `'auto'` (default) asks for Arrow once the
 * service has said on an earlier answer that it offers it, `'arrow'` always asks for it (JSON
 * answers are still read), `'json'` never does.
 */
function resolveTransport(value: unknown): 'auto' | 'json' | 'arrow' {
  if (value === undefined) return 'auto';
  if (value !== 'auto' && value !== 'json' && value !== 'arrow') {
    throw new InitializationError(`transport must be 'auto', 'json' or 'arrow', got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Whether a URL's host is this machine: `localhost` (and `*.localhost`), `127.0.0.0/8` or `::1`.
 *
 * @param url - An absolute URL.
 * @returns True for a loopback host.
 * @example
 * isLoopbackUrl('http://127.0.0.1:7070/api') //=> true
 * isLoopbackUrl('https://api.example.com/api') //=> false
 */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '[::1]' ||
    host.startsWith('[::ffff:7f') // ::ffff:127.x.y.z as the URL parser writes it
  );
}

/**
 * The `compression` option (docs/protocol.md#compression): `'auto'` (default) asks for compressed
 * answers unless the service is on this machine and reached without a proxy (compressing costs
 * both ends CPU there and saves no time); `true` always asks, `false` never.
 */
function resolveCompression(value: unknown, apiUrl: string, proxies: Readonly<Record<string, string>> | null): boolean {
  if (value === undefined || value === 'auto') {
    const scheme = new URL(apiUrl).protocol.replace(/:$/, '');
    const proxied = proxies !== null && (proxies[scheme] ?? proxies.all) !== undefined;
    return proxied || !isLoopbackUrl(apiUrl);
  }
  if (typeof value !== 'boolean') throw new InitializationError(`compression must be true, false or 'auto', got ${String(value)}`);
  return value;
}

/**
 * Default root URL of the API (the local demo service).
 *
 * @example
 * DEFAULT_API_URL //=> 'http://127.0.0.1:7070/api'
 */
export const DEFAULT_API_URL = 'http://127.0.0.1:7070/api';

/**
 * Environment variable that replaces {@link DEFAULT_API_URL} when no `apiUrl` is given.
 *
 * @example
 * API_URL_ENV //=> 'SERVICE_API_URL'
 */
const API_URL_ENV = 'SERVICE_API_URL';

/**
 * Environment variable holding the API key, used when neither `apiKey` nor `apiKeyFile` is given.
 *
 * @example
 * API_KEY_ENV //=> 'SERVICE_API_KEY'
 */
const API_KEY_ENV = 'SERVICE_API_KEY';

/**
 * Environment variable naming a file that holds the API key, used when neither `apiKey`,
 * `apiKeyFile` nor `$SERVICE_API_KEY` is given.
 *
 * @example
 * API_KEY_FILE_ENV //=> 'SERVICE_API_KEY_FILE'
 */
const API_KEY_FILE_ENV = 'SERVICE_API_KEY_FILE';

/**
 * Largest accepted `timeout` and `httpDelay`, in seconds (ten minutes): a larger value is almost
 * always milliseconds given by mistake.
 *
 * @example
 * MAX_SECONDS //=> 600
 */
const MAX_SECONDS = 600;

/**
 * Smallest accepted `httpDelay`, in seconds (20 requests per second).
 *
 * @example
 * MIN_HTTP_DELAY //=> 0.05
 */
const MIN_HTTP_DELAY = 0.05;

/**
 * Retry policy for failed requests: `tries` attempts in all, waiting `delay` seconds before the
 * second attempt and multiplying the wait by `backoff` before each further one. A 429 answer
 * waits for its `Retry-After` instead, unless that exceeds `maxRetryAfter` seconds.
 *
 * @example
 * const quick: Partial<RetryOptions> = { delay: 0.5 }; // 0.5 s, then 1 s
 * quick.delay //=> 0.5
 */
export interface RetryOptions {
  /** Attempts in all, at least 1 (default 3). */
  tries: number;
  /** Seconds before the second attempt (default 7.5). */
  delay: number;
  /** Factor applied to the wait before each further attempt (default 2). */
  backoff: number;
  /** Longest `Retry-After` (seconds) the client waits for; longer ones fail at once (default 60). */
  maxRetryAfter: number;
}

/**
 * Constructor options of `ServiceClient` and `PartnerConnection` (docs/protocol.md#client-options, in camelCase).
 * At most one of `apiKey` and `apiKeyFile` may be given; with neither, the key comes from
 * `$SERVICE_API_KEY`, else from the file named by `$SERVICE_API_KEY_FILE`.
 *
 * @example
 * const opts: ClientOptions = { apiKeyFile: '/home/me/.service-key', timeout: 30 };
 * opts.timeout //=> 30
 */
export interface ClientOptions {
  /** The user's API key. */
  apiKey?: string;
  /** Path of a file holding only the key; blank lines and surrounding spaces are stripped. */
  apiKeyFile?: string;
  /** Verify the server's TLS certificate (default true). */
  sslVerify?: boolean;
  /** Time-out per HTTP request in seconds, for connecting and for each read (default 20, at most 600). */
  timeout?: number;
  /** Minimum seconds between the starts of two requests (default 0.0667, minimum 0.05, at most 600). */
  httpDelay?: number;
  /** Root URL of the API (default `$SERVICE_API_URL`, else {@link DEFAULT_API_URL}). */
  apiUrl?: string;
  /** Proxy URL per scheme of the target, e.g. `{ http: 'http://10.0.0.1:3128' }` (default none). */
  proxies?: Readonly<Record<string, string>> | null;
  /** Retry policy; missing fields keep their defaults. */
  retry?: Partial<RetryOptions>;
  /** Header that carries the key (default `X-API-Key`). */
  authHeader?: string;
  /**
   * Ask for compressed answers (gzip) and decode them: `'auto'` (default) unless the service is on
   * this machine (a loopback host, no proxy), `true` always, `false` never (docs/protocol.md#compression).
   */
  compression?: boolean | 'auto';
  /** Cache answers and revalidate them with ETags: `true` (in memory) or `{ dir, maxBytes, mode }`. */
  cache?: boolean | CacheOptions;
  /** Data answers as Arrow or JSON: `'auto'` (default), `'json'` or `'arrow'` (docs/arrow.md#client). */
  transport?: 'auto' | 'json' | 'arrow';
  /** Called before each request (method, URL, path): for logging. What it throws is ignored. */
  onRequest?: RequestListener;
  /**
   * Called when each request has ended (method, URL, path, status, duration, from the cache or
   * not, the answer's ETag, the error if it failed): for logging and metrics. What it throws is
   * ignored. Default: with `SERVICE_REQUEST_LOG` set, a hook appending a JSON line per request to
   * that file (see request-log.ts).
   */
  onResponse?: ResponseListener;
}

/**
 * Options after defaults and checks: what the HTTP layer uses.
 *
 * @example
 * const o: ResolvedClientOptions = resolveClientOptions({ apiKey: 'abc' }, {}, {});
 * o.authHeader //=> 'X-API-Key'
 */
export interface ResolvedClientOptions {
  /** The API key. */
  readonly apiKey: string;
  /** Verify the server's TLS certificate. */
  readonly sslVerify: boolean;
  /** Time-out per HTTP request, seconds. */
  readonly timeout: number;
  /** Minimum seconds between request starts. */
  readonly httpDelay: number;
  /** Root URL of the API, without a trailing slash. */
  readonly apiUrl: string;
  /** Proxy URL per target scheme, or null. */
  readonly proxies: Readonly<Record<string, string>> | null;
  /** Retry policy. */
  readonly retry: Readonly<RetryOptions>;
  /** Header that carries the key. */
  readonly authHeader: string;
  /** Ask for compressed answers (`'auto'` resolved against the API URL). */
  readonly compression: boolean;
  /** The answer cache's options, or null for none. */
  readonly cache: ResolvedCacheOptions | null;
  /** How data answers are asked for. */
  readonly transport: 'auto' | 'json' | 'arrow';
  /** The request hook, if any. */
  readonly onRequest: RequestListener | undefined;
  /** The response hook, if any. */
  readonly onResponse: ResponseListener | undefined;
}

/**
 * Defaults of one kind of client. `requireApiUrl` makes `apiUrl` mandatory (partner client);
 * otherwise `$SERVICE_API_URL` and then `apiUrl` here (or {@link DEFAULT_API_URL}) apply.
 *
 * @example
 * const partner: ClientDefaults = { httpDelay: 0.1, authHeader: 'Ocp-Apim-Subscription-Key', requireApiUrl: true };
 * partner.httpDelay //=> 0.1
 */
export interface ClientDefaults {
  /** Default minimum seconds between request starts. */
  httpDelay?: number;
  /** Default time-out in seconds. */
  timeout?: number;
  /** Default root URL. */
  apiUrl?: string;
  /** Default key header. */
  authHeader?: string;
  /** When true, `apiUrl` must be given explicitly. */
  requireApiUrl?: boolean;
}

/**
 * Default retry policy: 3 tries, 7.5 s then 15 s.
 *
 * @example
 * DEFAULT_RETRY.tries //=> 3
 */
export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({
  tries: 3,
  delay: 7.5,
  backoff: 2,
  maxRetryAfter: 60,
});

/**
 * Reads an API key file: blank lines and surrounding white space are stripped, and exactly one
 * non-blank line must remain.
 *
 * @param path - The key file.
 * @returns The key.
 * @throws InitializationError when the file cannot be read, is blank or has several lines.
 * @example
 * readApiKeyFile('/home/me/.service-key') //=> 'abc123'
 */
export function readApiKeyFile(path: string): string {
  let text: string;
  try {
    text = nodeProcess('apiKeyFile').getBuiltinModule('node:fs').readFileSync(path, 'utf8');
  } catch (err) {
    throw new InitializationError(`Cannot read API key file ${path}: ${(err as Error).message}`);
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [key] = lines;
  if (key === undefined) throw new InitializationError(`API key file ${path} is empty`);
  if (lines.length > 1) {
    throw new InitializationError(`API key file ${path} must hold only the key (found ${lines.length} lines)`);
  }
  return key;
}

function positive(name: string, value: unknown, min = 0): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value < min) {
    const bound = min > 0 ? `at least ${min}` : 'greater than 0';
    throw new InitializationError(`${name} must be a number ${bound}, got ${String(value)}`);
  }
  return value;
}

function seconds(name: string, value: number): number {
  if (value > MAX_SECONDS) {
    throw new ValidationError(
      `${name} is in seconds and must be at most ${MAX_SECONDS} (10 minutes), got ${value}; for ${value} ms write ${value / 1000}`,
      name,
    );
  }
  return value;
}

function resolveApiKey(opts: ClientOptions, env: NodeJS.ProcessEnv): string {
  const hasKey = opts.apiKey !== undefined && opts.apiKey !== null;
  const hasFile = opts.apiKeyFile !== undefined && opts.apiKeyFile !== null;
  if (hasKey && hasFile) throw new InitializationError('Set only one of apiKey and apiKeyFile');
  if (!hasKey && !hasFile) {
    const key = env[API_KEY_ENV];
    if (key !== undefined && key.trim() !== '') return key.trim();
    const file = env[API_KEY_FILE_ENV];
    if (file !== undefined && file.trim() !== '') return readApiKeyFile(file.trim());
    throw new InitializationError(`Set apiKey or apiKeyFile, or the environment variable ${API_KEY_ENV} or ${API_KEY_FILE_ENV}`);
  }
  if (hasFile) return readApiKeyFile(opts.apiKeyFile as string);
  if (typeof opts.apiKey !== 'string' || opts.apiKey.trim() === '') {
    throw new InitializationError('apiKey must be a non-empty string');
  }
  return opts.apiKey.trim();
}

function resolveApiUrl(opts: ClientOptions, defaults: ClientDefaults, env: NodeJS.ProcessEnv): string {
  let url = opts.apiUrl;
  if (url === undefined && defaults.requireApiUrl) throw new InitializationError('apiUrl is required');
  if (url === undefined) url = env[API_URL_ENV] || defaults.apiUrl || DEFAULT_API_URL;
  if (typeof url !== 'string' || !/^https?:\/\/[^/]/i.test(url)) {
    throw new InitializationError(`apiUrl must be an http:// or https:// URL, got ${String(url)}`);
  }
  return url.replace(/\/+$/, '');
}

function resolveProxies(proxies: ClientOptions['proxies']): Readonly<Record<string, string>> | null {
  if (proxies === undefined || proxies === null) return null;
  if (typeof proxies !== 'object') throw new InitializationError('proxies must be an object of URLs');
  const out: Record<string, string> = {};
  for (const [scheme, url] of Object.entries(proxies)) {
    try {
      new URL(url);
    } catch {
      throw new InitializationError(`proxies.${scheme} is not a URL: ${String(url)}`);
    }
    out[scheme.toLowerCase().replace(/:$/, '')] = url;
  }
  return Object.freeze(out);
}

function resolveRetry(retry: Partial<RetryOptions> | undefined): Readonly<RetryOptions> {
  const merged = { ...DEFAULT_RETRY, ...(retry ?? {}) };
  if (!Number.isInteger(merged.tries) || merged.tries < 1) {
    throw new InitializationError(`retry.tries must be an integer of at least 1, got ${String(merged.tries)}`);
  }
  for (const key of ['delay', 'maxRetryAfter'] as const) {
    if (typeof merged[key] !== 'number' || !(merged[key] >= 0)) {
      throw new InitializationError(`retry.${key} must be a number of at least 0, got ${String(merged[key])}`);
    }
  }
  if (typeof merged.backoff !== 'number' || !(merged.backoff >= 1)) {
    throw new InitializationError(`retry.backoff must be a number of at least 1, got ${String(merged.backoff)}`);
  }
  return Object.freeze(merged);
}

/**
 * Applies defaults to client options and checks them.
 *
 * @param opts - The caller's options.
 * @param defaults - Defaults of the kind of client (e.g. the partner client's `httpDelay` 0.1).
 * @param env - Environment to read `SERVICE_API_URL`, `SERVICE_API_KEY` and
 *   `SERVICE_API_KEY_FILE` from (default `process.env`).
 * @returns The complete, frozen options.
 * @throws InitializationError when the key arguments are wrong (or no key is found), the key
 *   file is unusable, or a value is out of range (`httpDelay` below 0.05, non-positive
 *   `timeout`, bad URL); ValidationError naming `timeout` or `httpDelay` above 600 seconds.
 * @example
 * resolveClientOptions({ apiKey: 'abc' }, {}, {}).httpDelay //=> 0.0667
 * resolveClientOptions({ apiKey: 'abc' }, {}, {}).apiUrl //=> 'http://127.0.0.1:7070/api'
 */
export function resolveClientOptions(
  opts: ClientOptions,
  defaults: ClientDefaults = {},
  env: NodeJS.ProcessEnv = processEnv(),
): ResolvedClientOptions {
  if (opts === null || typeof opts !== 'object') throw new InitializationError('Client options must be an object');
  const authHeader = opts.authHeader ?? defaults.authHeader ?? 'X-API-Key';
  if (typeof authHeader !== 'string' || !/^[A-Za-z0-9-]+$/.test(authHeader)) {
    throw new InitializationError(`authHeader must be a header name, got ${String(authHeader)}`);
  }
  const sslVerify = opts.sslVerify ?? true;
  if (typeof sslVerify !== 'boolean') throw new InitializationError('sslVerify must be a boolean');
  const apiUrl = resolveApiUrl(opts, defaults, env);
  const proxies = resolveProxies(opts.proxies);
  return Object.freeze({
    apiKey: resolveApiKey(opts, env),
    sslVerify,
    timeout: seconds('timeout', positive('timeout', opts.timeout ?? defaults.timeout ?? 20)),
    httpDelay: seconds('httpDelay', positive('httpDelay', opts.httpDelay ?? defaults.httpDelay ?? 0.0667, MIN_HTTP_DELAY)),
    apiUrl,
    proxies,
    retry: resolveRetry(opts.retry),
    authHeader,
    compression: resolveCompression(opts.compression, apiUrl, proxies),
    cache: resolveCacheOptions(opts.cache ?? cacheFromEnv(env)),
    transport: resolveTransport(opts.transport),
    onRequest: hook('onRequest', opts.onRequest),
    onResponse: hook('onResponse', opts.onResponse ?? requestLogFromEnv(env)),
  });
}

function hook<T extends (info: never) => void>(name: string, value: T | undefined): T | undefined {
  if (value !== undefined && typeof value !== 'function') throw new InitializationError(`${name} must be a function`);
  return value;
}

/**
 * The `cache` option from the environment when the caller gives none: `SERVICE_CACHE_DIR` (an
 * on-disk cache) and `SERVICE_CACHE_MODE` (`revalidate`, `record` or `offline`). `npm run report
 * -- --record` and `--replay` use them to save (error answers too) and replay the answers a
 * notebook's client gets.
 *
 * @param env - The environment.
 * @returns The cache option, or undefined without `SERVICE_CACHE_DIR`.
 * @example
 * cacheFromEnv({ SERVICE_CACHE_DIR: '/tmp/c', SERVICE_CACHE_MODE: 'offline' }) //=> { dir: '/tmp/c', mode: 'offline' }
 */
function cacheFromEnv(env: NodeJS.ProcessEnv): CacheOptions | undefined {
  const dir = env.SERVICE_CACHE_DIR;
  if (dir === undefined || dir === '') return undefined;
  const mode = env.SERVICE_CACHE_MODE;
  return { dir, mode: (mode === undefined || mode === '' ? 'revalidate' : mode) as CacheOptions['mode'] };
}
