export { requestHeaders, packageVersion, USER_AGENT } from './headers';
export { isRetryable, withRetry, type RetryListener } from './retry';
export { monotonicNow, sleep, Throttle, type Clock, type Sleep } from './throttle';
export { isTimeoutCode, timeoutConfig, timeoutError, type TimeoutConfig } from './timeout';
export { HttpTransport, MAX_REDIRECTS, type HttpResponse, type TransportHooks } from './transport';
