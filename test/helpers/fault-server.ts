import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/** One scripted answer of the fault server. */
export interface FaultReply {
  /** HTTP status (default 200). */
  status?: number;
  /** Body: a string is sent as is, anything else as JSON (default `[]`). */
  body?: unknown;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** Destroy the socket instead of answering. */
  drop?: boolean;
  /** Never answer (the socket stays open until the client gives up or the server closes). */
  hang?: boolean;
  /** Send the headers and the first half of the body, then stall. */
  hangBody?: boolean;
  /** Send the headers and the first half of the body, then destroy the socket (a node killed mid-answer). */
  cutBody?: boolean;
  /** How many requests this answer serves (default 1). */
  times?: number;
}

/** A request as the fault server received it. */
export interface RecordedRequest {
  /** HTTP method. */
  method: string;
  /** Request target as sent (a path, or an absolute URL when sent to a proxy). */
  url: string;
  /** Request headers (lower-case names). */
  headers: http.IncomingHttpHeaders;
  /** `performance.now()` when the request arrived. */
  at: number;
}

/** Options of {@link startFaultServer}. */
export interface FaultServerOptions {
  /** Serve HTTPS with this key and certificate. */
  tls?: { key: string; cert: string };
  /** Answer used once the script is exhausted (default 200 `[]`). */
  fallback?: FaultReply;
}

/**
 * A programmable HTTP server on 127.0.0.1 with a random port, for tests: it answers requests
 * from a script of {@link FaultReply}s in order, records every request, and `close()` ends all
 * connections, hanging ones included.
 */
export class FaultServer {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  private readonly script: FaultReply[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly server: http.Server,
    /** Base URL, e.g. `http://127.0.0.1:41234`. */
    readonly url: string,
    private fallback: FaultReply,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('secureConnection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req, res) => this.handle(req, res));
  }

  /** Appends answers to the script; returns the server for chaining. */
  reply(...replies: FaultReply[]): this {
    this.script.push(...replies.map((r) => ({ ...r })));
    return this;
  }

  /** Replaces the answer used once the script is exhausted. */
  setFallback(reply: FaultReply): this {
    this.fallback = reply;
    return this;
  }

  /** Milliseconds between the arrivals of consecutive requests. */
  gaps(): number[] {
    return this.requests.slice(1).map((r, i) => r.at - this.requests[i]!.at);
  }

  private next(): FaultReply {
    const head = this.script[0];
    if (!head) return this.fallback;
    const left = (head.times ?? 1) - 1;
    if (left <= 0) this.script.shift();
    else head.times = left;
    return head;
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, at: performance.now() });
    const reply = this.next();
    req.resume();
    this.later(reply.delayMs ?? 0, () => {
      if (reply.drop) return void req.socket.destroy();
      if (reply.hang) return;
      const raw = reply.body === undefined ? '[]' : reply.body;
      const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
      const bytes = Buffer.from(text, 'utf8');
      res.writeHead(reply.status ?? 200, {
        'Content-Type': 'application/json',
        'Content-Length': String(bytes.length),
        ...(reply.headers ?? {}),
      });
      if (reply.hangBody || reply.cutBody) {
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        if (reply.cutBody) setImmediate(() => req.socket.destroy());
        return;
      }
      res.end(bytes);
    });
  }

  /** Stops the server and destroys every open connection. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Starts a {@link FaultServer} on 127.0.0.1, port 0.
 *
 * @param replies - Initial script.
 * @param options - TLS and fallback answer.
 * @returns The running server.
 */
export async function startFaultServer(replies: FaultReply[] = [], options: FaultServerOptions = {}): Promise<FaultServer> {
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }) : http.createServer();
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const fault = new FaultServer(server, `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`, options.fallback ?? {});
  fault.reply(...replies);
  return fault;
}
