import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CollectionPermission, Subscription, SubscriptionType } from '../../src/model';
import * as s from './samples';

test('fields and defaults', () => {
  const sub = new Subscription({ label: 'Free' });
  assert.equal([sub.access, sub.type, sub.package, sub.area, sub.collection, sub.collectionPerms], [null, null, null, null, null, null]);
  assert.is(s.collectionSubscription().collectionPerms, CollectionPermission.RW);
  assert.is(s.subscription().type, SubscriptionType.byTag('package_area'));
});

test('toJSON writes only the fields that apply', () => {
  assert.equal(s.subscription().toJSON(), {
    access: 'PAYING',
    type: 'PACKAGE_AREA',
    label: 'Power – Germany',
    package: 'power',
    area: 'DE',
  });
  assert.equal(s.collectionSubscription().toJSON(), {
    access: 'TRIAL',
    type: 'COLLECTION',
    label: 'My collection',
    collection: 'c-123',
    collection_perms: 'rw',
  });
});

test('with() and equals', () => {
  const a = s.subscription();
  const b = a.with({ label: 'Gas' });
  assert.is(a.label, 'Power – Germany');
  assert.is(b.label, 'Gas');
  assert.not.ok(a.equals(b));
  assert.ok(a.equals(b.with({ label: 'Power – Germany' })));
});

test('toString', () => {
  assert.is(
    s.collectionSubscription().toString(),
    '<Subscription: access=TRIAL, type=COLLECTION, label="My collection", collection=c-123, collection_perms=rw>',
  );
});

test.run();
