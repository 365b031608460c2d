// Authentication, access control and rate limiting of the service.
export { generateApiKey, hashApiKey, hashesEqual, keyIdOf } from './api-key';
export { API_KEY_HEADERS, apiKeyOf, authenticate, type Principal } from './authenticate';
export { assertCanRead, canRead, curveSubscription, grantFor, serializeGrant, type SubscriptionJson } from './access';
export { RateLimiter, SharedRateLimiter, type RateLimitOptions } from './rate-limiter';
export { userOf } from './principal';
export { createKey, type NewKeyRequest } from './new-key';
