/**
 * A service for push-feed tests listening on 127.0.0.1: the service of feed-app.ts (a fresh store
 * with a few curves, two users, the push feed on) on a loopback port.
 */
import { type FeedServiceOptions, type OpenedFeedService, openFeedService } from './feed-app';

export { CURVES_CSV, DE_CONS, DE_WIND, FR_DE, FR_WIND, hourlyCsv } from './feed-app';

/** A running feed service. */
export interface FeedService extends OpenedFeedService {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** `ws://127.0.0.1:<port>/api/events/`. */
  wsUrl: string;
  port: number;
}

/**
 * Starts the service.
 *
 * @param options - Store clock and event retention; extra app options.
 */
export async function startFeedService(options: FeedServiceOptions = {}): Promise<FeedService> {
  const opened = await openFeedService(options);
  try {
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await opened.close();
    throw err;
  }
  const port = (opened.app.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  return { ...opened, url, apiUrl: `${url}/api`, wsUrl: `ws://127.0.0.1:${port}/api/events/`, port };
}
