// The key of a browser's feed connection as a subprotocol (docs/protocol.md#feed-connection).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FEED_PROTOCOL, feedProtocols, keyOfProtocols } from '../../../src/wire/feed';

test('a key goes out as base64url of its UTF-8 and comes back', () => {
  assert.equal(feedProtocols('k1'), ['service.feed', 'service.key.azE']);
  for (const key of ['svc_AbC-_xyz', 'ünïcode key', 'a+b/c=d']) {
    const [feed, protocol] = feedProtocols(key);
    assert.is(feed, FEED_PROTOCOL);
    assert.match(protocol!, /^service\.key\.[A-Za-z0-9_-]+$/, 'a valid subprotocol token');
    assert.is(keyOfProtocols(`${feed}, ${protocol}`), key);
  }
  assert.is(keyOfProtocols(['service.feed', feedProtocols('k2')[1]!]), 'k2');
});

test('no key, or a malformed one, is no key', () => {
  for (const header of [undefined, '', 'service.feed', 'service.key.', 'service.key.a=b', 'service.key.%%', 'service.key.gA']) {
    assert.is(keyOfProtocols(header), undefined, String(header));
  }
});

test.run();
