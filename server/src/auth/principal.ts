/**
 * The authenticated caller of a request: set on `request.principal` by the API-key hook, read by
 * route handlers through {@link userOf}.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from 'service/exceptions';
import type { UserRecord } from '../store';
import type { Principal } from './authenticate';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set by the API-key hook on every `/api` route. */
    principal: Principal | null;
  }
}

/**
 * The caller of a request served under an authenticated scope (`/api`, partner mounts).
 *
 * @param request - The request.
 * @returns The authenticated user.
 * @throws UnauthorizedError when the request was not authenticated (a route outside those scopes).
 * @example
 * api.get('/user/', async (request) => serializeUser(userOf(request)));
 */
export function userOf(request: FastifyRequest): UserRecord {
  if (!request.principal) throw new UnauthorizedError('Missing API key: send it in the X-API-Key header');
  return request.principal.user;
}
