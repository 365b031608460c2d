import { resolveClientOptions, type ClientOptions } from '../../../src/client/options';
import { HttpTransport, type TransportHooks } from '../../../src/client/http';
import type { FaultServer } from '../../helpers/fault-server';

/** A transport aimed at `server.url + '/api'` with small delays, for tests. */
export function transportFor(server: FaultServer | string, opts: ClientOptions = {}, hooks: TransportHooks = {}): HttpTransport {
  const base = typeof server === 'string' ? server : server.url;
  const options = resolveClientOptions(
    {
      apiKey: 'test-key-123',
      apiUrl: `${base}/api`,
      httpDelay: 0.05,
      timeout: 2,
      ...opts,
      retry: { tries: 3, delay: 0.05, backoff: 2, ...(opts.retry ?? {}) },
    },
    {},
    {},
  );
  return new HttpTransport(options, hooks);
}

/** Runs `fn` and returns what it threw (fails when nothing was thrown). */
export async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
