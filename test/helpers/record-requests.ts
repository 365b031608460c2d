// Records the request lines a client sends (path and query below the API root), through the
// client's public `onRequest` hook, so a test can check what went on the wire, or that
// validation sent nothing at all.
import type { ClientOptions, RequestInfo } from '../../src/client';

/**
 * A request log and the client options that fill it: spread `options` into the client's options.
 *
 * @returns `sent`, the live list of request lines (`/timeseries/X/?begin=...`), and `options`
 *   with the `onRequest` hook that appends to it.
 * @example
 * const { sent, options } = recordRequests();
 * const client = new ServiceClient({ apiKey, apiUrl, ...options });
 */
export function recordRequests(): { sent: string[]; options: Pick<ClientOptions, 'onRequest'> } {
  const sent: string[] = [];
  return { sent, options: { onRequest: (info: RequestInfo) => sent.push(info.path) } };
}
