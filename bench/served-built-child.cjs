// The service as shipped, for bench/served-built.ts: the built code (server/dist, what `service
// serve` runs) under plain node in its own process, serving a store directory on 127.0.0.1. It
// sends `{ port }` once it listens, then answers messages of its parent:
//   { read: 'readSeries' | 'readOhlc', args } -> { ms, cpu, at }: one store read timed here
//   { read, each: [args, ...] } -> { ms, cpu, at }: several reads at once (awaited together)
//   { cpu: true } -> { at }: this process's CPU time so far (ms, all threads)
//   { quit: true } -> closes and exits.
'use strict';
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

const dist = join(__dirname, '..', 'server', 'dist', 'server');
const { createApp } = require(join(dist, 'app.js'));
const { DuckDbStore } = require(join(dist, 'store', 'index.js'));

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

void (async () => {
  const store = await DuckDbStore.open(process.argv[2]);
  const app = createApp({ store, rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', async (m) => {
    if (m.read === 'readSeries' || m.read === 'readOhlc') {
      const c0 = cpuMs();
      const t0 = performance.now();
      if (m.each) await Promise.all(m.each.map((args) => store[m.read](...args)));
      else await store[m.read](...m.args);
      const ms = performance.now() - t0;
      const at = cpuMs();
      process.send({ ms, cpu: at - c0, at });
    } else if (m.cpu) {
      process.send({ at: cpuMs() });
    } else if (m.quit) {
      await app.close();
      await store.close();
      process.exit(0);
    }
  });
  process.send({ port: app.server.address().port });
})();
