/**
 * Recording and replaying the push feed (docs/protocol.md#feed-recordings), for the client cache's
 * `record` and `offline` modes: what `npm run report -- --record DIR` / `--replay DIR` use so a
 * notebook that follows live events re-runs with no service and shows the same events.
 *
 * A recording ("tape") is one connection's conversation, kept as JSON lines in the cache
 * directory: `feed/<hash of API URL and key>/<hash of the first request>.jsonl`, each line either
 * `{"sent": request, "requestId": id}` (the client's request without its random `request_id`) or
 * `{"received": frame text}`, in the order they happened. A replay connection finds the tape by
 * its own first request, checks that each later request is the recorded one, and plays the frames
 * that followed each request at once (the recorded response carries the new `request_id`). After
 * the tape's end the stand-in socket stays open and silent until closed, as a quiet feed does.
 * A request with no recording gets the server's usual error response, naming what is missing.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { WebSocketsError } from '../../exceptions';
import { encodeErrorResponse, parseFeedRequest } from '../../wire/feed';
import { openSocket, type FeedTarget } from './feed-socket';

/** Opens the socket of a feed connection (the real one, a recording tap or a replay). */
export type SocketOpener = (target: FeedTarget, timeoutMs: number) => Promise<WebSocket>;

interface TapeLine {
  sent?: string;
  requestId?: string;
  received?: string;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** The folder of one API URL and key's recordings. */
function tapeFolder(cacheDir: string, target: FeedTarget): string {
  const key = target.headers['X-API-KEY'] ?? '';
  return join(cacheDir, 'feed', hash(`${target.url}\n${createHash('sha256').update(key).digest('hex')}`));
}

/** A request without its random id, as recorded; and that id. */
function requestOf(text: string): { request: string; requestId: string | null } {
  const value = JSON.parse(text) as Record<string, unknown>;
  const requestId = typeof value.request_id === 'string' ? value.request_id : null;
  delete value.request_id;
  return { request: JSON.stringify(value), requestId };
}

/**
 * An opener that records every connection's conversation into `cacheDir`.
 *
 * @param cacheDir - The client cache's directory.
 * @returns The opener.
 * @example
 * const open = recordingOpener('/tmp/snapshot/cache');
 */
function recordingOpener(cacheDir: string): SocketOpener {
  return async (target, timeoutMs) => {
    const ws = await openSocket(target, timeoutMs);
    const folder = tapeFolder(cacheDir, target);
    let file: string | null = null;
    const early: string[] = [];
    const write = (line: TapeLine) => {
      const text = `${JSON.stringify(line)}\n`;
      if (file === null) early.push(text);
      else appendFileSync(file, text);
    };
    ws.on('message', (data, isBinary) => {
      if (!isBinary) write({ received: data.toString() });
    });
    const send = ws.send.bind(ws);
    ws.send = ((data: string, ...rest: never[]) => {
      const { request, requestId } = requestOf(String(data));
      if (file === null) {
        mkdirSync(folder, { recursive: true });
        file = join(folder, `${hash(request)}.jsonl`);
        writeFileSync(file, early.join(''));
      }
      write({ sent: request, ...(requestId === null ? {} : { requestId }) });
      return send(data, ...rest);
    }) as WebSocket['send'];
    return ws;
  };
}

/**
 * An opener that replays recordings from `cacheDir`, with no network.
 *
 * @param cacheDir - The client cache's directory (null for a cache in memory, which holds no
 *   recording).
 * @returns The opener; it fails with `WebSocketsError` status `OFFLINE` when nothing was recorded
 *   for the target.
 * @example
 * const open = replayingOpener('/tmp/snapshot/cache');
 */
function replayingOpener(cacheDir: string | null): SocketOpener {
  return async (target) => {
    const folder = cacheDir === null ? null : tapeFolder(cacheDir, target);
    if (folder === null || !existsSync(folder)) {
      throw new WebSocketsError(
        'Failed to connect',
        '',
        'OFFLINE',
        `no push feed of ${target.url} was recorded in ${cacheDir ?? 'the in-memory cache'}`,
      );
    }
    return new ReplaySocket(folder) as unknown as WebSocket;
  };
}

/**
 * The stand-in for a `ws` WebSocket during a replay: the members the feed client uses
 * (`send`, `close`, `terminate`, `ping`, `pause`, `resume`, `readyState`, `isPaused` and the
 * `message`, `close` and `pong` events).
 */
class ReplaySocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  isPaused = false;
  private tape: TapeLine[] | null = null;
  private position = 0;
  private readonly pending: string[] = [];
  private readonly ids = new Map<string, string>();

  constructor(private readonly folder: string) {
    super();
  }

  send(data: string): void {
    if (this.readyState !== WebSocket.OPEN) return;
    const text = String(data);
    const { request, requestId } = requestOf(text);
    if (this.tape === null) {
      const file = join(this.folder, `${hash(request)}.jsonl`);
      if (existsSync(file)) {
        this.tape = readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as TapeLine);
        this.queueReceived();
      }
    }
    const expected = this.tape?.[this.position];
    if (expected?.sent !== request) {
      this.refuse(text, this.tape === null ? 'no recording of this request' : 'the recording continues with another request');
      return;
    }
    this.position += 1;
    if (expected.requestId !== undefined && requestId !== null) this.ids.set(expected.requestId, requestId);
    this.queueReceived();
  }

  /** Queues the frames that follow on the tape, up to its next request. */
  private queueReceived(): void {
    const tape = this.tape ?? [];
    while (this.position < tape.length && tape[this.position]?.sent === undefined) {
      const received = tape[this.position]?.received;
      if (received !== undefined) this.pending.push(this.withNewId(received));
      this.position += 1;
    }
    this.pump();
  }

  private withNewId(frame: string): string {
    if (this.ids.size === 0 || !frame.includes('"request_id"')) return frame;
    const value = JSON.parse(frame) as Record<string, unknown>;
    const id = typeof value.request_id === 'string' ? this.ids.get(value.request_id) : undefined;
    if (id === undefined) return frame;
    value.request_id = id;
    return JSON.stringify(value);
  }

  private refuse(text: string, why: string): void {
    const parsed = parseFeedRequest(text);
    const responseType = parsed.type === 'invalid' ? parsed.responseType : parsed.type;
    this.pending.push(
      encodeErrorResponse({
        type: 'invalid',
        responseType,
        requestId: parsed.requestId,
        errors: [`offline replay: ${why} in ${this.folder}`],
      }),
    );
    this.pump();
  }

  private pumping = false;

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      while (!this.isPaused && this.readyState === WebSocket.OPEN && this.pending.length > 0) {
        this.emit('message', Buffer.from(this.pending.shift() ?? ''), false);
      }
    });
  }

  pause(): void {
    this.isPaused = true;
  }

  resume(): void {
    this.isPaused = false;
    this.pump();
  }

  ping(): void {
    setImmediate(() => this.emit('pong', Buffer.alloc(0)));
  }

  close(code = 1005, reason = ''): void {
    if (this.readyState !== WebSocket.OPEN) return;
    this.readyState = WebSocket.CLOSING;
    setImmediate(() => {
      this.readyState = WebSocket.CLOSED;
      this.emit('close', code, Buffer.from(reason));
    });
  }

  terminate(): void {
    this.close(1006);
  }
}

/**
 * The opener for a client cache's mode: recording in `record` mode (with a cache directory),
 * replaying in `offline` mode (nothing leaves the machine), the real socket otherwise.
 *
 * @param cache - The client's resolved cache options, or null.
 * @returns The opener.
 * @example
 * openerFor({ dir: '/tmp/c', mode: 'offline', maxBytes: 1e8 }) //=> replays from /tmp/c
 */
export function openerFor(cache: { readonly dir: string | null; readonly mode: string } | null): SocketOpener {
  if (cache?.dir && cache.mode === 'record') return recordingOpener(cache.dir);
  if (cache?.mode === 'offline') return replayingOpener(cache.dir);
  return openSocket;
}
