/**
 * A stand-in for a load balancer in tests, on 127.0.0.1 at a free port: each new connection goes
 * to the first backend (in the given order) that accepts one, so when a node stops listening the
 * next connections go to the next node. Bytes pass untouched (HTTP and WebSocket alike).
 *
 *   const lb = await startBalancer([portA, portB]);
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
  /** Stops listening and cuts every connection. */
  close(): Promise<void>;
}

function connectFirst(ports: readonly number[], k = 0): Promise<net.Socket | null> {
  if (k >= ports.length) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = net.connect(ports[k], '127.0.0.1');
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
 * @returns The running balancer.
 */
export async function startBalancer(ports: readonly number[]): Promise<Balancer> {
  const sockets = new Set<net.Socket>();
  const routed: number[] = [];
  const server = net.createServer((client) => {
    sockets.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.on('close', () => sockets.delete(client));
    void connectFirst(ports).then((upstream) => {
      if (upstream === null || client.destroyed) {
        upstream?.destroy();
        client.destroy();
        return;
      }
      routed.push(upstream.remotePort ?? 0);
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    routed,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
