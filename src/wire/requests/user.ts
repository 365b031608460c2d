import { requestLine, type RequestLine } from './request-line';

/**
 * Request line of `user.user()`: `GET /user/` (no parameters).
 *
 * @returns The request line.
 * @example
 * userUser()
 * //=> { path: '/user/', query: '' }
 */
export function userUser(): RequestLine {
  return requestLine(['user']);
}
