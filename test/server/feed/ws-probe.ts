/**
 * A raw WebSocket client for server-side feed tests: sends frames as written and keeps every
 * frame it receives, so the tests see the wire exactly.
 */
import WebSocket from 'ws';

/** Frames received, parsed. */
export type Frame = Record<string, any>;

/** A connected probe. */
export interface WsProbe {
  ws: WebSocket;
  frames: Frame[];
  /** Sends an object as JSON (or a string as is). */
  send(frame: object | string): void;
  /** Waits for a frame matching `pred` that arrived after `from` (index), at most `timeoutMs`. */
  waitFor(pred: (f: Frame) => boolean, timeoutMs?: number, from?: number): Promise<Frame>;
  /** Curve events received, in order. */
  events(): Frame[];
  /** Waits until `n` curve events have arrived. */
  waitForEvents(n: number, timeoutMs?: number): Promise<Frame[]>;
  /** Closes and waits for the close. */
  close(): Promise<void>;
}

/** A UUID v4 for request ids. */
export const RID = () => crypto.randomUUID();

/**
 * Opens a probe.
 *
 * @param url - `ws://…/api/events/`.
 * @param key - API key sent as `X-API-KEY`.
 */
export function openProbe(url: string, key: string): Promise<WsProbe> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { 'X-API-KEY': key } });
    const frames: Frame[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (data) => {
      frames.push(JSON.parse(data.toString()));
      for (const w of [...waiters]) w();
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => {
      const probe: WsProbe = {
        ws,
        frames,
        send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        waitFor(pred, timeoutMs = 3000, from = 0) {
          return new Promise((ok, fail) => {
            const check = () => {
              const found = frames.slice(from).find(pred);
              if (found) {
                waiters.delete(check);
                clearTimeout(timer);
                ok(found);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames).slice(0, 500)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        events: () => frames.filter((f) => f.type === 'curves.event'),
        async waitForEvents(n, timeoutMs = 3000) {
          const until = Date.now() + timeoutMs;
          while (probe.events().length < n) {
            if (Date.now() > until) throw new Error(`expected ${n} events, got ${probe.events().length}`);
            await new Promise((r) => setTimeout(r, 10));
          }
          return probe.events();
        },
        close: () =>
          new Promise<void>((done) => {
            if (ws.readyState === WebSocket.CLOSED) return done();
            ws.once('close', () => done());
            ws.close(1000);
          }),
      };
      resolve(probe);
    });
  });
}
