/**
 * What an error looks like on the page: a short title and the detail, in the service's own words
 * for its 4xx answers (a wrong key says why), and "The service did not answer" when the request
 * never got an answer (the service has stopped, the network is down).
 *
 * @module
 */
import { HTTPError, NotFoundError, UnauthorizedError, ValidationError } from './client-package';

/** A title and a detail line. */
export interface ErrorText {
  readonly title: string;
  readonly detail: string;
}

/**
 * Describes an error for the alert area.
 *
 * @param error - Anything thrown.
 * @returns Title and detail.
 */
export function describeError(error: unknown): ErrorText {
  if (error instanceof UnauthorizedError) return { title: 'The service did not accept the API key', detail: error.reason };
  if (error instanceof NotFoundError) return { title: 'Not found', detail: error.reason };
  if (error instanceof ValidationError) return { title: 'Invalid request', detail: error.message };
  if (error instanceof HTTPError && error.status === undefined) {
    return { title: 'The service did not answer', detail: `${error.message} Is it still running?` };
  }
  if (error instanceof Error) return { title: 'Something went wrong', detail: error.message };
  return { title: 'Something went wrong', detail: String(error) };
}
