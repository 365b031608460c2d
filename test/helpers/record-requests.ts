// Records the request lines a client sends (path and query, as its transport gets them), so a
// test can check what went on the wire, or that validation sent nothing at all.
import type { HttpTransport } from '../../src/client/http';

/**
 * Wraps `client.transport.get` so every request line is pushed to the returned array (the
 * request still goes out).
 *
 * @param client - Anything with the client's `transport`.
 * @returns The live list of request lines sent from now on.
 */
export function recordRequests(client: { transport: HttpTransport }): string[] {
  const sent: string[] = [];
  const original = client.transport.get.bind(client.transport);
  client.transport.get = ((path: string, ...rest: unknown[]) => {
    sent.push(path);
    return (original as (...args: unknown[]) => ReturnType<HttpTransport['get']>)(path, ...rest);
  }) as typeof client.transport.get;
  return sent;
}
