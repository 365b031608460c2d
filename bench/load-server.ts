/**
 * The service for `bench/load.ts` and `bench/postgres-nodes.ts`, in its own process: serves a
 * store directory (or a `postgres://` URL: one node of the shared store) on 127.0.0.1 at
 * a free port without the per-key rate limit (the load comes from one key) and prints
 * `LISTENING <url>`. With `--main-thread-import` the import route parses on the event loop, as
 * before the import thread, for the comparison.
 *
 * Run by bench/load.ts: `node --import tsx bench/load-server.ts DIR|URL [--main-thread-import]`
 */
import { createApp, SECTION_ROUTES } from '../server/src/http/app';
import type { RouteModule } from '../server/src/http/route-module';
import { userOf } from '../server/src/auth';
import { importSources, mayImport } from '../server/src/import';
import { importRequestOf } from '../server/src/import/import-body';
import { DuckDbStore, PostgresStore } from '../server/src/store';

/** The import route as it was before the import thread: JSON parse, read, check on the loop. */
const mainThreadImport: RouteModule = {
  section: 'import',
  register(api, context) {
    api.post('/import/', { bodyLimit: 256 * 1024 * 1024 }, async (request) => {
      if (!mayImport(userOf(request))) throw new Error('no grant');
      const { sources, dryRun } = importRequestOf(request.body);
      const summary = await importSources(context.store, sources, { clock: context.clock, dryRun });
      return { values: summary.values };
    });
  },
};

void (async () => {
  const dir = process.argv[2];
  if (dir === undefined) throw new Error('usage: load-server.ts DIR|postgres://URL [--main-thread-import]');
  const store = /^postgres:\/\//.test(dir) ? await PostgresStore.open(dir) : await DuckDbStore.open(dir);
  const routes = process.argv.includes('--main-thread-import')
    ? [...SECTION_ROUTES.filter((m) => m.section !== 'import'), mainThreadImport]
    : SECTION_ROUTES;
  const app = createApp({ store, rateLimit: false, routes });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(`LISTENING http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
})();
