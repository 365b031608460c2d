/**
 * A fault-injecting TCP proxy for push-feed tests, on 127.0.0.1 at a free port: it forwards bytes
 * both ways between clients and a target port (WebSocket frames pass untouched), and on demand
 * cuts every connection (`dropAll`), stops forwarding without closing (`blackhole`, so only a
 * keep-alive can notice), or refuses new connections (`refuse`).
 *
 *   const proxy = await startWsFaultProxy(port);
 *   const client = new ServiceClient({ apiKey, apiUrl: `${proxy.url}/api` });
 *   ... proxy.dropAll(); ... await proxy.close();
 */
import * as net from 'node:net';

/** A running proxy. */
export interface WsFaultProxy {
  /** `http://127.0.0.1:<port>` of the proxy. */
  url: string;
  /** The proxy's port. */
  port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Connections open now. */
  readonly open: number;
  /** Cuts every open connection at once (both sides see a reset, no close frame). */
  dropAll(): void;
  /** While on, bytes are swallowed in both directions; connections stay open. */
  blackhole(on: boolean): void;
  /** While on, new connections are closed at once. */
  refuse(on: boolean): void;
  /** Waits until `open` reaches `n` (polling, at most `timeoutMs`). */
  waitForOpen(n: number, timeoutMs?: number): Promise<void>;
  /** Stops the proxy and cuts every connection. */
  close(): Promise<void>;
}

/**
 * Starts the proxy.
 *
 * @param targetPort - Port on 127.0.0.1 to forward to.
 * @returns The running proxy.
 */
export async function startWsFaultProxy(targetPort: number): Promise<WsFaultProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let accepted = 0;
  let holes = false;
  let refusing = false;
  const server = net.createServer((client) => {
    accepted++;
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      if (!holes) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!holes) client.write(chunk);
    });
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get accepted() {
      return accepted;
    },
    get open() {
      return pairs.size;
    },
    dropAll() {
      for (const [a, b] of [...pairs]) {
        a.resetAndDestroy();
        b.resetAndDestroy();
      }
      pairs.clear();
    },
    blackhole(on: boolean) {
      holes = on;
    },
    refuse(on: boolean) {
      refusing = on;
    },
    async waitForOpen(n: number, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (pairs.size !== n) {
        if (Date.now() > until) throw new Error(`proxy: expected ${n} open connections, have ${pairs.size}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      for (const [a, b] of [...pairs]) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
