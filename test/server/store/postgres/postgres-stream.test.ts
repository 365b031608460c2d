// The PostgreSQL store's batched read (one binary COPY in a repeatable-read transaction): the
// cases of batched-read-cases.ts, against a real PostgreSQL server.
import { PostgresStore } from '../../../../server/src/store';
import { startPostgres, type PostgresServer } from '../../../helpers/postgres-server';
import { batchedReadCases } from '../batched-read-cases';

let server: PostgresServer;
batchedReadCases(
  async () => {
    server = await startPostgres();
    return PostgresStore.open(await server.createDatabase());
  },
  async (store) => {
    await store.close();
    await server?.stop();
  },
);
