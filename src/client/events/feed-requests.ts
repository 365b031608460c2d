/**
 * Requests of the push-feed client (`curves.subscribe`, `curves.filters`) and their responses
 * (docs/protocol.md#feed-responses): each request gets a UUID; a response is matched by it, and only the newest
 * request of each type is answered (an older one is refused as superseded).
 *
 * @module
 */
import { WebSocketsError } from '../../exceptions';
import { encodeFeedRequest, readFeedResponse, type FeedRequestType, type FeedResponse, type SubscribeRequestJson } from '../../wire/feed';

/**
 * A random UUID version 4 in lower case (the `request_id` of docs/protocol.md#feed-requests),
 * from the Web Crypto random source that Node.js and browsers share (also outside a secure
 * context, where browsers lack `crypto.randomUUID`).
 *
 * @returns The UUID.
 * @example
 * uuidV4() //~> '6f1c2a4e-8d3b-4c1e-9a57-2b0f7d3e9c11'
 */
function uuidV4(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
/** A request without its id: `curves.filters`, or `curves.subscribe` with its members. */
export type FeedRequestBody = { type: 'curves.filters' } | Omit<SubscribeRequestJson, 'request_id'>;

interface Pending {
  type: FeedRequestType;
  resolve(data: Record<string, unknown>): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

const FAILURE: Readonly<Record<FeedRequestType, string>> = Object.freeze({
  'curves.subscribe': 'Subscribe rejected by server',
  'curves.filters': 'Failed to get active curve events filters',
});

/**
 * The requests waiting for their response.
 *
 * @param timeoutMs - How long a request waits for its response.
 * @example
 * const requests = new FeedRequests(15_000);
 * const data = await requests.send((t) => ws.send(t), { type: 'curves.filters' }, 'Timed out trying to get active curve event filters');
 */
export class FeedRequests {
  private readonly pending = new Map<string, Pending>();
  private readonly latest = new Map<FeedRequestType, string>();

  constructor(private readonly timeoutMs: number) {}

  /**
   * Sends a request and waits for its response.
   *
   * @param send - Sends one frame's text.
   * @param request - The request without its id (a new UUID is added).
   * @param timeoutText - Message of the error when no response comes in time.
   * @returns The response's `data`.
   * @throws WebSocketsError when the server answers `ERROR` (its errors as `description`), when
   *   no answer comes in time (status `TIMEOUT`), or when a newer request of the type replaced it.
   * @example
   * await requests.send((t) => ws.send(t), { type: 'curves.filters' }, 'Timed out') //=> { filters: null }
   */
  send(send: (text: string) => void, request: FeedRequestBody, timeoutText: string): Promise<Record<string, unknown>> {
    const { type } = request;
    const id = uuidV4();
    const previous = this.latest.get(type);
    if (previous !== undefined) this.settle(previous, new WebSocketsError('Superseded by a newer request', '', '', type));
    this.latest.set(type, id);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new WebSocketsError(timeoutText, '', 'TIMEOUT', `no answer within ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      this.pending.set(id, { type, resolve, reject, timer });
      send(encodeFeedRequest({ ...request, request_id: id }));
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
   * Takes a response frame's object.
   *
   * @param type - The frame's type (lower case).
   * @param msg - The frame.
   * @returns True when it answered the newest request of its type with `OK`.
   * @example
   * requests.answer('curves.subscribe', { type: 'curves.subscribe', request_id: id, status: 'OK', data: {} }) //=> true
   */
  answer(type: FeedRequestType, msg: Record<string, unknown>): boolean {
    return this.take(type, readFeedResponse(msg));
  }

  /**
   * Takes a response as read by `parseFeedFrame`.
   *
   * @param type - The frame's type.
   * @param response - The response.
   * @returns True when it answered the newest request of its type with `OK`.
   * @example
   * requests.take('curves.filters', { requestId: id, status: 'OK', data: { filters: null } }) //=> true
   */
  take(type: FeedRequestType, response: FeedResponse): boolean {
    const id = response.requestId;
    const p = this.pending.get(id);
    if (!p || p.type !== type || this.latest.get(type) !== id) return false;
    if (response.status === 'OK') {
      this.settle(id, null, response.data);
      return true;
    }
    const errors = response.status === 'ERROR' ? response.errors : 'malformed response';
    this.settle(id, new WebSocketsError(FAILURE[type], '', 'ERROR', errors));
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
