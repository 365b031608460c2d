// Connection recycling and the drain (docs/deploy.md#shutdown, #connections), on a listening app
// with raw keep-alive sockets: the socket itself is under test.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../../server/src/http/app';
import { drainApp, type ConnectionOptions } from '../../../server/src/http/connections';
import { DuckDbStore } from '../../../server/src/store';

let dir: string;
let store: DuckDbStore;

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'connections-test-'));
  store = await DuckDbStore.open(dir);
});
test.after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function listening(
  connections: ConnectionOptions,
  addRoutes: (app: FastifyInstance) => void = () => undefined,
): Promise<{ app: FastifyInstance; port: number }> {
  const app = createApp({ store, routes: [], events: false, console: false, connections });
  addRoutes(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

/** A kept-alive connection that sends GETs one at a time and reads each answer's status and headers. */
class RawConnection {
  private buffer = '';
  private waiting: (() => void) | null = null;
  closed = false;
  readonly socket: net.Socket;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setEncoding('latin1');
    this.socket.on('data', (d: string) => {
      this.buffer += d;
      this.waiting?.();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    this.socket.on('error', () => undefined);
  }

  async get(path: string): Promise<{ status: number; headers: Record<string, string> }> {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
    return this.read();
  }

  /** Reads the next answer's status and headers (its body is skipped). */
  async read(): Promise<{ status: number; headers: Record<string, string> }> {
    for (let k = 0; k < 500; k++) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = this.buffer.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          this.buffer = this.buffer.slice(end + 4 + length);
          return { status: Number(statusLine!.split(' ')[1]), headers };
        }
      }
      if (this.closed) throw new Error('closed before the answer');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = null;
    }
    throw new Error('no answer');
  }

  /** Resolves once the server has closed the connection (at most 2 s). */
  async closedByServer(): Promise<boolean> {
    for (let k = 0; k < 100 && !this.closed; k++) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }
}

test('answers announce the keep-alive time-out; the Nth answer of a connection closes it', async () => {
  const { app, port } = await listening({ keepAliveTimeoutMs: 7000, maxRequests: 3, maxAgeMs: 0 });
  try {
    const conn = new RawConnection(port);
    const first = await conn.get('/health');
    assert.is(first.status, 200);
    assert.is(first.headers['keep-alive'], 'timeout=7');
    assert.is(first.headers.connection, 'keep-alive');
    assert.is((await conn.get('/health')).headers.connection, 'keep-alive');
    assert.is((await conn.get('/health')).headers.connection, 'close');
    assert.ok(await conn.closedByServer());
  } finally {
    await app.close();
  }
});

test('the first answer after a connection reaches its age closes it; a new connection is kept', async () => {
  const { app, port } = await listening({ maxAgeMs: 300 });
  try {
    const conn = new RawConnection(port);
    assert.is((await conn.get('/health')).headers.connection, 'keep-alive');
    await new Promise((r) => setTimeout(r, 350)); // past 100% of the age: every draw has passed
    assert.is((await conn.get('/health')).headers.connection, 'close');
    assert.ok(await conn.closedByServer());
    assert.is((await new RawConnection(port).get('/health')).headers.connection, 'keep-alive');
  } finally {
    await app.close();
  }
});

test('an answer given while its request body is still arriving does not close an aged connection; the next answer does', async () => {
  // a route that answers before it reads the body, as the import route does when the body goes wrong
  const { app, port } = await listening({ maxAgeMs: 300 }, (a) => {
    a.post('/early', { onRequest: async (_request, reply) => reply.code(400).send({ message: 'refused early' }) }, async () => ({}));
  });
  try {
    const conn = new RawConnection(port);
    assert.is((await conn.get('/health')).headers.connection, 'keep-alive');
    await new Promise((r) => setTimeout(r, 350)); // past the connection's age
    // a POST with a chunked body, answered before its last chunk is sent
    conn.socket.write('POST /early HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n');
    const early = await conn.read();
    assert.is(early.status, 400);
    assert.is(early.headers.connection, 'keep-alive');
    conn.socket.write('4\r\nefgh\r\n0\r\n\r\n'); // the rest is read and dropped
    const next = await conn.get('/health');
    assert.is(next.status, 200);
    assert.is(next.headers.connection, 'close');
    assert.ok(await conn.closedByServer());
  } finally {
    await app.close();
  }
});

test('a drain keeps idle connections open, serves what arrives on them with Connection: close, and ends when they have', async () => {
  const { app, port } = await listening({ maxAgeMs: 0 });
  const idle = new RawConnection(port);
  const other = new RawConnection(port);
  assert.is((await idle.get('/health')).status, 200);
  assert.is((await other.get('/health')).status, 200);
  let drained = false;
  const drain = drainApp(app, 10_000).then((report) => {
    drained = true;
    return report;
  });
  await new Promise((r) => setTimeout(r, 100));
  assert.not.ok(idle.closed, 'the idle connection is not cut');
  assert.not.ok(drained, 'the drain waits for it');
  // no new connection is accepted
  const refused = await new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });
  assert.ok(refused, 'new connections are refused');
  // a request on a kept-alive connection is served, and closes it
  const ready = await idle.get('/ready');
  assert.is(ready.status, 503, '/ready is 503 while draining');
  assert.is(ready.headers.connection, 'close');
  const served = await other.get('/health');
  assert.is(served.status, 200, 'served, not refused');
  assert.is(served.headers.connection, 'close');
  const report = await drain;
  assert.equal([report.open, report.cutOff], [2, 0]);
  assert.ok((await idle.closedByServer()) && (await other.closedByServer()));
});

test('a drain cuts off the connections still open at its time-out', async () => {
  const { app, port } = await listening({ maxAgeMs: 0, keepAliveTimeoutMs: 60_000 });
  const idle = new RawConnection(port);
  assert.is((await idle.get('/health')).status, 200);
  const report = await drainApp(app, 200);
  assert.equal([report.open, report.cutOff], [1, 1]);
  assert.ok(report.waitedMs >= 200);
  assert.ok(await idle.closedByServer());
});

test.run();
