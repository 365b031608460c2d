import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { CollectionPermission, SubscriptionAccess, SubscriptionType } from '../../../src/model';
import { parseSubscription, serializeSubscription } from '../../../src/wire';

const FORMS = [
  { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' },
  { access: 'TRIAL', type: 'COLLECTION', label: 'My collection', collection: 'c-123', collection_perms: 'rw' },
  { access: 'FREEMIUM', type: 'FREEMIUM', label: 'Freemium' },
  { access: 'PAYING', type: 'PACKAGE', label: 'Power', package: 'power' },
  { access: null, type: null, label: 'Unknown' },
];

test('every form of docs/protocol.md#subscription-json round-trips exactly', () => {
  for (const json of FORMS) assert.equal(serializeSubscription(parseSubscription(json)), json);
});

test('fields are read by type; tags ignore case', () => {
  const s = parseSubscription({ access: 'paying', type: 'package_area', label: 'x', package: 'power', area: 'DE', collection: 'ignored' });
  assert.is(s.access, SubscriptionAccess.PAYING);
  assert.is(s.type, SubscriptionType.PACKAGE_AREA);
  assert.is(s.area, 'DE');
  assert.is(s.collection, null);
  const p = parseSubscription({ type: 'PACKAGE', label: 'x', package: 'power', area: 'DE' });
  assert.is(p.area, null); // area is read only for PACKAGE_AREA
  assert.is(
    parseSubscription({ type: 'COLLECTION', label: 'c', collection: 'c1', collection_perms: 'R' }).collectionPerms,
    CollectionPermission.R,
  );
  assert.is(parseSubscription({}).label, '');
});

test('COLLECTION needs collection_perms; unknown tags fail', () => {
  assert.throws(
    () => parseSubscription({ type: 'COLLECTION', label: 'c', collection: 'c1' }, 'curve.subscription'),
    (e: unknown) =>
      e instanceof ParseException && e.message === 'curve.subscription.collection_perms: expected a CollectionPermission tag, got nothing',
  );
  assert.throws(
    () => parseSubscription({ access: 'GOLD', label: 'x' }),
    (e: unknown) => e instanceof ParseException && /access: unknown SubscriptionAccess tag, got "GOLD"/.test(e.message),
  );
  assert.throws(
    () => parseSubscription('x', 'subscription'),
    (e: unknown) => e instanceof ParseException && e.message === 'subscription: expected an object, got "x"',
  );
});

test.run();
