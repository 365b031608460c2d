/**
 * Requests of the push-feed client (`curves.subscribe`, `curves.filters`) and their responses
 * (docs/protocol.md#feed-responses): each request gets a UUID; a response is matched by it, and only the newest
 * request of each type is answered (an older one is refused as superseded).
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { WebSocketsError } from '../../exceptions';

interface Pending {
  type: string;
  resolve(data: Record<string, unknown>): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

const FAILURE: Readonly<Record<string, string>> = Object.freeze({
  'curves.subscribe': 'Subscribe rejected by server',
  'curves.filters': 'Failed to get active curve events filters',
});

/**
 * The requests waiting for their response.
 *
 * @param timeoutMs - How long a request waits for its response.
 * @example
 * const requests = new FeedRequests(15_000);
 * const data = await requests.send(ws, 'curves.filters', {}, 'Timed out trying to get active curve event filters');
 */
export class FeedRequests {
  private readonly pending = new Map<string, Pending>();
  private readonly latest = new Map<string, string>();

  constructor(private readonly timeoutMs: number) {}

  /**
   * Sends a request and waits for its response.
   *
   * @param send - Sends one frame's text.
   * @param type - The request type.
   * @param body - Members besides `type` and `request_id`.
   * @param timeoutText - Message of the error when no response comes in time.
   * @returns The response's `data`.
   * @throws WebSocketsError when the server answers `ERROR` (its errors as `description`), when
   *   no answer comes in time (status `TIMEOUT`), or when a newer request of the type replaced it.
   * @example
   * await requests.send((t) => ws.send(t), 'curves.filters', {}, 'Timed out') //=> { filters: null }
   */
  send(send: (text: string) => void, type: string, body: Record<string, unknown>, timeoutText: string): Promise<Record<string, unknown>> {
    const id = randomUUID();
    const previous = this.latest.get(type);
    if (previous !== undefined) this.settle(previous, new WebSocketsError('Superseded by a newer request', '', '', type));
    this.latest.set(type, id);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new WebSocketsError(timeoutText, '', 'TIMEOUT', `no answer within ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      this.pending.set(id, { type, resolve, reject, timer });
      send(JSON.stringify({ type, request_id: id, ...body }));
    });
  }

  private settle(id: string, err: Error | null, data?: Record<string, unknown>): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    if (err) p.reject(err);
    else p.resolve(data ?? {});
  }

  /**
   * Takes a response frame.
   *
   * @param type - The frame's type (lower case).
   * @param msg - The frame.
   * @returns True when it answered the newest request of its type with `OK`.
   * @example
   * requests.answer('curves.subscribe', { type: 'curves.subscribe', request_id: id, status: 'OK', data: {} }) //=> true
   */
  answer(type: string, msg: Record<string, unknown>): boolean {
    const id = typeof msg.request_id === 'string' ? msg.request_id.toLowerCase() : '';
    const p = this.pending.get(id);
    if (!p || p.type !== type || this.latest.get(type) !== id) return false;
    const status = typeof msg.status === 'string' ? msg.status.toUpperCase() : '';
    const what = FAILURE[type] ?? 'Request failed';
    if (status === 'OK' && msg.data !== null && typeof msg.data === 'object' && !Array.isArray(msg.data)) {
      this.settle(id, null, msg.data as Record<string, unknown>);
      return true;
    }
    const errors = status === 'ERROR' && Array.isArray(msg.errors) ? msg.errors.map(String) : 'malformed response';
    this.settle(id, new WebSocketsError(what, '', 'ERROR', errors));
    return false;
  }

  /**
   * Refuses every waiting request (the connection is gone).
   *
   * @param err - The error they get.
   * @returns Nothing.
   * @example
   * requests.failAll(new WebSocketsError('Lost connection to the server'))
   */
  failAll(err: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id, err);
  }
}
