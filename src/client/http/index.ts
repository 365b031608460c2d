export { USER_AGENT } from './headers';
export { HttpTransport, type HttpResponse, type TransportHooks } from './transport';
export type { RequestInfo, RequestListener, ResponseInfo, ResponseListener } from './request-hooks';
export { resolveCacheOptions, type CacheMode, type CacheOptions } from './cache-options';
export { ResponseCache, type CacheStats } from './response-cache';
