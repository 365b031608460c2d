// Authentication, access control and rate limiting of the service.
export { API_KEY_PREFIX, generateApiKey, hashApiKey, hashesEqual } from './api-key';
export { API_KEY_HEADERS, apiKeyOf, authenticate, type Principal } from './authenticate';
export { assertCanRead, canRead, curveSubscription, grantFor, serializeGrant, type SubscriptionJson } from './access';
export { DEFAULT_BURST, DEFAULT_RATE_PER_SECOND, RateLimiter, SharedRateLimiter, rateLimitError, type RateLimitOptions } from './rate-limiter';
export { userOf } from './principal';
