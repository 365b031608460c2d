/**
 * The API key of a push-feed connection opened by a browser (docs/protocol.md#feed-connection): a
 * browser's WebSocket cannot send `X-API-Key`, only subprotocols, so it offers two:
 * `service.feed` and `service.key.<key as base64url of its UTF-8>`. The service reads the key from
 * the second and answers with the first (never echoing the key).
 *
 * @module
 */

/** The subprotocol the service selects for a browser's feed connection. */
export const FEED_PROTOCOL = 'service.feed';

const KEY_PREFIX = 'service.key.';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The subprotocols a browser offers to open the feed with a key.
 *
 * @param apiKey - The key.
 * @returns `['service.feed', 'service.key.<base64url>']`.
 * @example
 * feedProtocols('k1') //=> ['service.feed', 'service.key.azE']
 */
export function feedProtocols(apiKey: string): string[] {
  return [FEED_PROTOCOL, KEY_PREFIX + base64url(new TextEncoder().encode(apiKey))];
}

/**
 * The key a handshake's `Sec-WebSocket-Protocol` header carries, if any.
 *
 * @param header - The header's value (protocols separated by commas).
 * @returns The key, or `undefined` when no well-formed key protocol is offered.
 * @example
 * keyOfProtocols('service.feed, service.key.azE') //=> 'k1'
 */
export function keyOfProtocols(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (typeof text !== 'string') return undefined;
  for (const protocol of text.split(',')) {
    const p = protocol.trim();
    if (!p.startsWith(KEY_PREFIX)) continue;
    const b64 = p.slice(KEY_PREFIX.length);
    if (!/^[A-Za-z0-9_-]+$/.test(b64)) return undefined;
    try {
      const binary = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
      const key = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
      return key.trim() === '' ? undefined : key.trim();
    } catch {
      return undefined;
    }
  }
  return undefined;
}
