// The service as shipped, for bench/served-built.ts: the built code (server/dist, what `service
// serve` runs) under plain node in its own process, serving a store directory on 127.0.0.1. It
// sends `{ port }` once it listens, then answers messages of its parent:
//   { read: 'readSeries' | 'readOhlc', args } -> { ms, cpu, at }: one store read timed here
//   { read, each: [args, ...] } -> { ms, cpu, at }: several reads at once (awaited together)
//   { cpu: true } -> { at }: this process's CPU time so far (ms, all threads)
//   { parts: true } -> { arrival, storeStart, storeEnd, bodyReady, finish }: when the last request
//     reached the server, its first store read (or batched read's opening) began and ended, its
//     body was handed to Fastify (onSend) and its last byte to the kernel ('finish'); epoch ms
//     (performance.timeOrigin + performance.now(), comparable with the parent's clock)
//   { quit: true } -> closes and exits.
'use strict';
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

const dist = join(__dirname, '..', 'server', 'dist');
const { createApp } = require(join(dist, 'http', 'app.js'));
const { DuckDbStore } = require(join(dist, 'store', 'index.js'));

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const now = () => performance.timeOrigin + performance.now();

/** Notes in `current()` when the store's first read of a request begins and ends (what it does is unchanged). */
function markReads(store, current) {
  for (const method of ['readSeries', 'readOhlc', 'openSeries']) {
    const read = store[method].bind(store);
    store[method] = async (...args) => {
      const parts = current();
      const first = parts !== null && parts.storeStart === null;
      if (first) parts.storeStart = now();
      try {
        return await read(...args);
      } finally {
        if (first) parts.storeEnd = now();
      }
    };
  }
}

void (async () => {
  const store = await DuckDbStore.open(process.argv[2]);
  // the parts of the request being answered or last answered; none while a floor read runs
  let parts = null;
  markReads(store, () => parts);
  const app = createApp({ store, rateLimit: false });
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (parts) parts.bodyReady = now();
    return payload;
  });
  // ahead of Fastify's own listener: the moment node has parsed the request's head
  app.server.prependListener('request', (_req, res) => {
    const mine = { arrival: now(), storeStart: null, storeEnd: null, bodyReady: null, finish: null };
    parts = mine;
    res.once('finish', () => {
      mine.finish = now();
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', async (m) => {
    if (m.read === 'readSeries' || m.read === 'readOhlc') {
      parts = null;
      const c0 = cpuMs();
      const t0 = performance.now();
      if (m.each) await Promise.all(m.each.map((args) => store[m.read](...args)));
      else await store[m.read](...m.args);
      const ms = performance.now() - t0;
      const at = cpuMs();
      process.send({ ms, cpu: at - c0, at });
    } else if (m.parts) {
      process.send(parts ?? {});
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
