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
import { WebSocketsError } from '../../exceptions';
import { encodeErrorResponse, parseFeedRequest } from '../../wire/feed';
import { nodeProcess } from '../node-only';
import { SOCKET_CLOSED, SOCKET_OPEN, openFeedSocket, type FeedTarget, type FeedWebSocket } from './feed-socket';

/** Opens the socket of a feed connection (the real one, a recording tap or a replay). */
export type SocketOpener = (target: FeedTarget, timeoutMs: number) => Promise<FeedWebSocket>;

interface TapeLine {
  sent?: string;
  requestId?: string;
  received?: string;
}

/** `readyState` while closing (the WebSocket standard's value). */
const SOCKET_CLOSING = 2;

/** Node's file and hash functions (recordings live on disk: Node only), reached once. */
let nodeModules: {
  fs: typeof import('node:fs');
  path: typeof import('node:path');
  crypto: typeof import('node:crypto');
} | null = null;

function node(): NonNullable<typeof nodeModules> {
  if (nodeModules !== null) return nodeModules;
  const proc = nodeProcess('Recording or replaying the push feed');
  nodeModules = {
    fs: proc.getBuiltinModule('node:fs'),
    path: proc.getBuiltinModule('node:path'),
    crypto: proc.getBuiltinModule('node:crypto'),
  };
  return nodeModules;
}

const hash = (text: string): string => node().crypto.createHash('sha256').update(text).digest('hex').slice(0, 24);

/** The folder of one API URL and key's recordings. */
function tapeFolder(cacheDir: string, target: FeedTarget): string {
  const key = target.headers['X-API-KEY'] ?? '';
  const { path, crypto } = node();
  return path.join(cacheDir, 'feed', hash(`${target.url}\n${crypto.createHash('sha256').update(key).digest('hex')}`));
}

/** A request without its random id, as recorded; and that id. */
function requestOf(text: string): { request: string; requestId: string | null } {
  const value = JSON.parse(text) as Record<string, unknown>;
  const requestId = typeof value.request_id === 'string' ? value.request_id : null;
  delete value.request_id;
  return { request: JSON.stringify(value), requestId };
}

/** A real socket that also writes its conversation to a tape. */
class RecordingSocket implements FeedWebSocket {
  private file: string | null = null;
  private readonly early: string[] = [];

  constructor(
    private readonly socket: FeedWebSocket,
    private readonly folder: string,
  ) {
    socket.onMessage((text) => this.write({ received: text }));
  }

  private write(line: TapeLine): void {
    const text = `${JSON.stringify(line)}\n`;
    if (this.file === null) this.early.push(text);
    else node().fs.appendFileSync(this.file, text);
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  send(text: string): void {
    const { request, requestId } = requestOf(text);
    if (this.file === null) {
      const { fs, path } = node();
      fs.mkdirSync(this.folder, { recursive: true });
      this.file = path.join(this.folder, `${hash(request)}.jsonl`);
      fs.writeFileSync(this.file, this.early.join(''));
    }
    this.write({ sent: request, ...(requestId === null ? {} : { requestId }) });
    this.socket.send(text);
  }

  close(code: number, reason?: string): void {
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  onMessage(listener: (text: string) => void): void {
    this.socket.onMessage(listener);
  }

  onClose(listener: (code: number, reason: string) => void): void {
    this.socket.onClose(listener);
  }

  onError(listener: (message: string) => void): void {
    this.socket.onError(listener);
  }

  keepAlive(pingMs: number, pongMs: number): () => void {
    return this.socket.keepAlive(pingMs, pongMs);
  }
}

/**
 * An opener that records every connection's conversation into `cacheDir`.
 *
 * @param cacheDir - The client cache's directory.
 * @returns The opener.
 */
function recordingOpener(cacheDir: string): SocketOpener {
  return async (target, timeoutMs) => new RecordingSocket(await openFeedSocket(target, timeoutMs), tapeFolder(cacheDir, target));
}

/**
 * An opener that replays recordings from `cacheDir`, with no network.
 *
 * @param cacheDir - The client cache's directory (null for a cache in memory, which holds no
 *   recording).
 * @returns The opener; it fails with `WebSocketsError` status `OFFLINE` when nothing was recorded
 *   for the target.
 */
function replayingOpener(cacheDir: string | null): SocketOpener {
  return async (target) => {
    const folder = cacheDir === null ? null : tapeFolder(cacheDir, target);
    if (folder === null || !node().fs.existsSync(folder)) {
      throw new WebSocketsError(
        'Failed to connect',
        '',
        'OFFLINE',
        `no push feed of ${target.url} was recorded in ${cacheDir ?? 'the in-memory cache'}`,
      );
    }
    return new ReplaySocket(folder);
  };
}

/** The stand-in socket of a replay: plays a tape back, request by request. */
class ReplaySocket implements FeedWebSocket {
  readyState = SOCKET_OPEN;
  private paused = false;
  private tape: TapeLine[] | null = null;
  private position = 0;
  private readonly pending: string[] = [];
  private readonly ids = new Map<string, string>();
  private readonly listeners = {
    message: [] as ((text: string) => void)[],
    close: [] as ((code: number, reason: string) => void)[],
  };
  private pumping = false;

  constructor(private readonly folder: string) {}

  send(text: string): void {
    if (this.readyState !== SOCKET_OPEN) return;
    const { request, requestId } = requestOf(text);
    if (this.tape === null) {
      const { fs, path } = node();
      const file = path.join(this.folder, `${hash(request)}.jsonl`);
      if (fs.existsSync(file)) {
        this.tape = fs
          .readFileSync(file, 'utf8')
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

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setTimeout(() => {
      this.pumping = false;
      while (!this.paused && this.readyState === SOCKET_OPEN && this.pending.length > 0) {
        const frame = this.pending.shift() ?? '';
        for (const listener of this.listeners.message) listener(frame);
      }
    }, 0);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  onMessage(listener: (text: string) => void): void {
    this.listeners.message.push(listener);
  }

  onClose(listener: (code: number, reason: string) => void): void {
    this.listeners.close.push(listener);
  }

  onError(): void {
    // a replay has no transport to fail
  }

  keepAlive(): () => void {
    return () => undefined; // nothing to keep alive
  }

  close(code: number, reason = ''): void {
    if (this.readyState !== SOCKET_OPEN) return;
    this.readyState = SOCKET_CLOSING;
    setTimeout(() => {
      this.readyState = SOCKET_CLOSED;
      for (const listener of this.listeners.close) listener(code, reason);
    }, 0);
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
  return openFeedSocket;
}
