/**
 * `POST` calls of the API that the client has no method for (the import, the key routes,
 * docs/protocol.md#import and #admin-keys): ordinary API calls with the signed-in key in the
 * `X-API-Key` header, answered errors turned into the client's own error classes (so a page shows
 * them as it shows every other error: the service's message, the parameter of a 400).
 *
 * @module
 */
import { clientTransport, errorFromResponse, HTTPError, type ServiceClient } from './client-package';

/**
 * Sends `POST {api}{path}` and reads the JSON answer.
 *
 * @param client - The signed-in client (its API URL and key).
 * @param path - Below the API root, e.g. `/keys/`.
 * @param body - The JSON body, or `undefined` for none.
 * @param signal - Cancels the call.
 * @returns The parsed answer.
 * @throws The client's errors for 4xx/5xx answers; HTTPError when no answer came.
 */
export async function postJson<T>(client: ServiceClient, path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const { apiUrl, apiKey } = clientTransport(client).options;
  let res: Response;
  try {
    res = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: body === undefined ? { 'X-API-Key': apiKey } : { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new HTTPError(`POST ${path}: the service did not answer.`, { cause: err });
  }
  const text = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const error = errorFromResponse(res.status, text, headers);
  if (error) throw error;
  return JSON.parse(text) as T;
}
