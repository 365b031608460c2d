/**
 * A stand-in for a load balancer in tests, on 127.0.0.1 at a free port: each new connection goes
 * to the first backend (in the given order) that accepts one, so when a node stops listening the
 * next connections go to the next node; with `roundRobin` the order starts one backend further at
 * each connection (a plain round-robin TCP balancer that skips a backend refusing connections, as
 * nginx's stream proxy does). Bytes pass untouched (HTTP and WebSocket alike).
 *
 *   const lb = await startBalancer([portA, portB], { roundRobin: true });
 *   ... new ServiceClient({ apiKey, apiUrl: `${lb.url}/api` }) ...
 *   await lb.close();
 */
import * as net from 'node:net';

/** A running balancer. */
export interface Balancer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The backend port each connection went to, in order. */
  readonly routed: readonly number[];
  /** `performance.now()` when each connection of `routed` was made. */
  readonly routedAt: readonly number[];
  /**
   * HTTP requests passed on, with the backend port and `performance.now()` (a chunk from a client
   * that starts with a method and a space counts as one request: what clients of the service send).
   */
  readonly requests: readonly { port: number; at: number }[];
  /** Stops listening and cuts every connection. */
  close(): Promise<void>;
}

function connectFirst(ports: readonly number[], k = 0): Promise<net.Socket | null> {
  const port = ports[k];
  if (port === undefined) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => resolve(connectFirst(ports, k + 1)));
  });
}

/**
 * Starts the balancer.
 *
 * @param ports - Backend ports on 127.0.0.1, in order of preference.
 * @param options - `roundRobin`: rotate the order at each connection.
 * @returns The running balancer.
 */
export async function startBalancer(ports: readonly number[], options: { roundRobin?: boolean } = {}): Promise<Balancer> {
  const sockets = new Set<net.Socket>();
  const routed: number[] = [];
  const routedAt: number[] = [];
  const requests: { port: number; at: number }[] = [];
  let next = 0;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.on('close', () => sockets.delete(client));
    const start = options.roundRobin ? next++ % ports.length : 0;
    void connectFirst([...ports.slice(start), ...ports.slice(0, start)]).then((upstream) => {
      if (upstream === null || client.destroyed) {
        upstream?.destroy();
        client.destroy();
        return;
      }
      routed.push(upstream.remotePort ?? 0);
      routedAt.push(performance.now());
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      const port = upstream.remotePort ?? 0;
      client.on('data', (chunk: Buffer) => {
        if (/^(GET|POST|HEAD|PUT|DELETE) /.test(chunk.subarray(0, 8).toString('latin1'))) requests.push({ port, at: performance.now() });
      });
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    routed,
    routedAt,
    requests,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
