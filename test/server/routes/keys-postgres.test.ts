// The key administration routes on the PostgreSQL store, two service nodes sharing it: a key
// created or blocked through one node counts on the other at once (the suite: keys-suite.ts).
import { PostgresStore } from '../../../server/src/store';
import { startPostgres } from '../../helpers/postgres-server';
import { startService } from '../../helpers/start-service';
import { keysSuite } from './keys-suite';

keysSuite('keys routes (PostgreSQL, two nodes)', async () => {
  const server = await startPostgres();
  const url = await server.createDatabase();
  const first = await startService({ rateLimit: false, openStore: () => PostgresStore.open(url) });
  // the second node adds a key of its own to the same test user; the suite uses the first's
  const second = await startService({ rateLimit: false, openStore: () => PostgresStore.open(url) });
  return {
    nodes: [first, second],
    async stop() {
      await first.close();
      await second.close();
      await server.stop();
    },
  };
});
