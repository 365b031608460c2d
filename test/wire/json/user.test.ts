import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { SubscriptionType } from '../../../src/model';
import { parseUser, serializeUser } from '../../../src/wire';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

/** docs/protocol.md#user-json. */
const USER = {
  name: 'Ada Example',
  email: 'ada@example.org',
  organization: { name: 'Example Energy AS', account_manager: { name: 'Bob Manager', email: 'bob@example.com' } },
  subscriptions: [
    { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' },
    { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – France', package: 'power', area: 'FR' },
  ],
};

test('the user of docs/protocol.md#user-json round-trips exactly', () => {
  const user = parseUser(USER);
  assert.is(user.name, 'Ada Example');
  assert.is(user.organization?.accountManager?.email, 'bob@example.com');
  assert.is(user.subscriptions?.[1]?.area, 'FR');
  assert.is(user.subscriptions?.[0]?.type, SubscriptionType.PACKAGE_AREA);
  assert.ok(Object.isFrozen(user));
  assert.equal(serializeUser(user), USER);
});

test('organisation and account manager are optional; subscriptions pass through null or empty', () => {
  const bare = { name: 'Demo User', email: null, subscriptions: null };
  assert.equal(serializeUser(parseUser(JSON.stringify(bare))), bare);
  const org = { name: 'Demo User', email: 'd@example.org', organization: { name: 'Demo Energy' }, subscriptions: [] };
  assert.equal(serializeUser(parseUser(org)), org);
  assert.is(parseUser({ ...org, subscriptions: undefined }).subscriptions, null);
});

test('bad users raise ParseException', () => {
  fails(() => parseUser([]), 'response: expected an object, got []');
  fails(() => parseUser({ ...USER, organization: 'Example' }), 'organization: expected an object, got "Example"');
  fails(() => parseUser({ ...USER, subscriptions: {} }), 'subscriptions: expected an array, got {}');
  fails(
    () => parseUser({ ...USER, subscriptions: [{ type: 'GOLD', label: 'x' }] }),
    'subscriptions[0].type: unknown SubscriptionType tag, got "GOLD"',
  );
  fails(() => parseUser({ ...USER, email: 5 }), 'email: expected a string or null, got 5');
});

test.run();
