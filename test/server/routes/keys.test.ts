// The key administration routes on the embedded DuckDB store (the suite: keys-suite.ts).
import { startService } from '../../helpers/start-service';
import { keysSuite } from './keys-suite';

keysSuite('keys routes (DuckDB)', async () => {
  const svc = await startService({ rateLimit: false });
  return { nodes: [svc], stop: () => svc.close() };
});
