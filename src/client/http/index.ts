export { requestHeaders, packageVersion, USER_AGENT } from './headers';
export { isRetryable, withRetry, type RetryListener } from './retry';
export { monotonicNow, sleep, Throttle, type Clock, type Sleep } from './throttle';
export { isTimeoutCode, timeoutConfig, timeoutError, type TimeoutConfig } from './timeout';
export { HttpTransport, MAX_REDIRECTS, type HttpResponse, type TransportHooks } from './transport';
export { DEFAULT_CACHE_BYTES, resolveCacheOptions, type CacheMode, type CacheOptions, type ResolvedCacheOptions } from './cache-options';
export { DiskCache, type DiskEntry } from './disk-cache';
export { ResponseCache, type CacheStats, type CachedAnswer } from './response-cache';
