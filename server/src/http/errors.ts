/**
 * The service's one mapping from thrown errors to HTTP responses (docs/protocol.md#errors): our exception
 * classes give their status and `{message, parameter?}` body (`statusOfError`/`bodyOfError`
 * below); framework errors about the request (bad URL, bad body, ...) are 400s;
 * unknown routes are JSON 404s; everything else is a 500 with a generic message. No response ever
 * carries a stack trace.
 *
 * @module
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  ValueError,
  type ErrorBody,
} from 'service/exceptions';

/** Status and JSON body of an error response, plus extra headers. */
interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

function isFrameworkError(err: unknown): err is FastifyError {
  const e = err as Partial<FastifyError> | null;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && e.code.startsWith('FST_') && typeof e.statusCode === 'number';
}

/**
 * Maps anything thrown while serving a request to its response. Framework errors with a 4xx
 * status (malformed URL, unparsable body, unsupported media type, too long a parameter, ...)
 * become 400, except 404 which stays 404; other non-service errors become 500.
 *
 * @param err - Whatever was thrown.
 * @returns Status, body and headers to send.
 * @example
 * errorResponse(new ValidationError('must be 1 to 25', 'limit'))
 * //=> { status: 400, body: { message: 'must be 1 to 25', parameter: 'limit' }, headers: {} }
 */
function errorResponse(err: unknown): ErrorResponse {
  if (isFrameworkError(err) && statusOfError(err) === 500) {
    const code = err.statusCode as number;
    if (code === 404) return { status: 404, body: { message: err.message }, headers: {} };
    if (code >= 400 && code < 500) return { status: 400, body: { message: err.message }, headers: {} };
    return { status: 500, body: { message: GENERIC_SERVER_ERROR_MESSAGE }, headers: {} };
  }
  return { status: statusOfError(err), body: bodyOfError(err), headers: headersOfError(err) };
}

/**
 * Sends the response for an error, logging 5xx causes (the log is the only place they appear).
 *
 * @param err - Whatever was thrown.
 * @param request - The request (for its logger).
 * @param reply - The reply to send on.
 * @returns The reply.
 * @example
 * return sendError(new NotFoundError("Curve 'X' not found"), request, reply);
 */
export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body, headers } = errorResponse(err);
  if (status >= 500) request.log.error({ err }, 'request failed');
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** Answers a request no route matched (the web console's pages), or returns null to leave it a JSON 404. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/**
 * Installs the error handler and the JSON 404 handler on an app.
 *
 * @param app - The Fastify app (not yet started).
 * @param fallback - Answers unmatched requests first (the web console's page paths).
 * @returns Nothing.
 * @example
 * registerErrorHandling(app);
 */
export function registerErrorHandling(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const answered = fallback?.(request, reply);
    if (answered) return answered;
    const path = request.url.split('?')[0];
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ message: `Not found: ${request.method} ${path}` });
  });
}

/**
 * Message sent for every 5xx answer, whatever the cause.
 *
 * @example
 * bodyOfError(new TypeError('x is undefined')).message === GENERIC_SERVER_ERROR_MESSAGE //=> true
 */
export const GENERIC_SERVER_ERROR_MESSAGE = 'Internal server error';

/**
 * The HTTP status the service answers for an error: `ValidationError` and `ValueError` 400,
 * `UnauthorizedError` 401, `ForbiddenError` 403, `NotFoundError` 404, `TooManyRequestsError`
 * 429, anything else (including unknown values) 500.
 *
 * @param err - Whatever was thrown.
 * @returns The HTTP status code.
 * @example
 * statusOfError(new NotFoundError('Curve not found')) //=> 404
 */
export function statusOfError(err: unknown): number {
  if (err instanceof ValidationError || err instanceof ValueError) return 400;
  if (err instanceof UnauthorizedError) return 401;
  if (err instanceof ForbiddenError) return 403;
  if (err instanceof NotFoundError) return 404;
  if (err instanceof TooManyRequestsError) return 429;
  return 500;
}

/**
 * The JSON body the service answers for an error: `{message, parameter?}`. Every 5xx gets
 * {@link GENERIC_SERVER_ERROR_MESSAGE}, never details or a stack.
 *
 * @param err - Whatever was thrown.
 * @returns The error body.
 * @example
 * bodyOfError(new ValidationError('must be 1 to 25', 'limit'))
 * //=> { message: 'must be 1 to 25', parameter: 'limit' }
 */
export function bodyOfError(err: unknown): ErrorBody {
  if (statusOfError(err) >= 500) return { message: GENERIC_SERVER_ERROR_MESSAGE };
  if (err instanceof ValidationError) {
    return err.parameter ? { message: err.reason, parameter: err.parameter } : { message: err.reason };
  }
  if (
    err instanceof UnauthorizedError ||
    err instanceof ForbiddenError ||
    err instanceof NotFoundError ||
    err instanceof TooManyRequestsError
  ) {
    return { message: err.reason };
  }
  return { message: (err as Error).message };
}

/**
 * Extra response headers for an error: `Retry-After` (whole seconds, rounded up) for a
 * `TooManyRequestsError` that has `retryAfter`; otherwise none.
 *
 * @param err - Whatever was thrown.
 * @returns Header names and values.
 * @example
 * headersOfError(new TooManyRequestsError('Slow down', 1.2)) //=> { 'Retry-After': '2' }
 */
export function headersOfError(err: unknown): Record<string, string> {
  if (err instanceof TooManyRequestsError && err.retryAfter !== undefined) {
    return { 'Retry-After': String(Math.max(0, Math.ceil(err.retryAfter))) };
  }
  return {};
}
