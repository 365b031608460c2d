import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketsError } from '../../../src/exceptions';
import { eventsUrl, keepAlive, openSocket } from '../../../src/client/events';

test('eventsUrl: the first http becomes ws, then /events/', () => {
  assert.is(eventsUrl('http://127.0.0.1:7070/api'), 'ws://127.0.0.1:7070/api/events/');
  assert.is(eventsUrl('https://example.org/api/'), 'wss://example.org/api/events/');
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

test('a refused handshake is WebSocketsError with the status, its name and the server message', async () => {
  const server = createServer((_req, res) => res.writeHead(429, { 'content-type': 'application/json' }).end('{"message":"slow down"}'));
  const port = await listen(server);
  const err = await openSocket({ url: `ws://127.0.0.1:${port}/api/events/`, headers: {}, sslVerify: true }, 2000).then(
    () => null,
    (e) => e,
  );
  assert.instance(err, WebSocketsError);
  assert.equal(
    [err.message, err.statusCode, err.status, err.description],
    ['Failed to connect 429 TOO_MANY_REQUESTS slow down', 429, 'TOO_MANY_REQUESTS', 'slow down'],
  );
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test('a server that never answers the handshake times out with status TIMEOUT', async () => {
  const server = createServer(() => undefined);
  const sockets: Duplex[] = [];
  server.on('upgrade', (_req, socket) => sockets.push(socket));
  const port = await listen(server);
  const err = await openSocket({ url: `ws://127.0.0.1:${port}/`, headers: {}, sslVerify: true }, 200).then(
    () => null,
    (e) => e,
  );
  assert.instance(err, WebSocketsError);
  assert.is(err.status, 'TIMEOUT');
  for (const s of sockets) s.destroy();
  server.close();
});

test('keepAlive returns a stopper that clears its timers', () => {
  const listeners: string[] = [];
  const fake = {
    readyState: 3,
    isPaused: false,
    on: (e: string) => listeners.push(e),
    off: (e: string) => listeners.push(`-${e}`),
    ping() {},
    terminate() {},
  };
  const stop = keepAlive(fake as never, 10, 10);
  stop();
  assert.equal(listeners, ['pong', '-pong']);
});

test.run();
