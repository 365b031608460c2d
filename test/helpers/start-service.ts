/**
 * Starts the real service for a test: a fresh embedded store in a temporary directory, the app
 * listening on 127.0.0.1 at a free port, optionally seeded with the demo data. For clients and
 * sockets; route tests answer in the process instead (open-service.ts).
 *
 *   const svc = await startService();                         // one all-access test user
 *   const svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' } });
 *   ... svc.apiUrl, svc.apiKey, svc.store ...
 *   await svc.close();
 */
import { openService, type OpenedService, type StartServiceOptions } from './open-service';

export { addUser, type StartServiceOptions } from './open-service';

/** A running service. */
export interface StartedService extends OpenedService {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
}

/**
 * Starts the service on 127.0.0.1, port 0, with a fresh store in a temporary directory.
 *
 * @param options - Demo seeding, a batch to import, clock, rate limit, routes.
 * @returns The running service.
 */
export async function startService(options: StartServiceOptions = {}): Promise<StartedService> {
  const opened = await openService(options);
  try {
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await opened.close();
    throw err;
  }
  const address = opened.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return { ...opened, url, apiUrl: `${url}/api` };
}
