import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { ParseException } from '../../../src/exceptions';
import { SubscriptionType } from '../../../src/model';
import { parseUser, serializeUser } from '../../../src/wire';
import { withoutFrameDisplay } from '../../helpers/plain-display';

withoutFrameDisplay(test);

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

/** An object's notebook bundle. */
const bundleOf = (value: object): { 'text/plain': string; 'text/html': string } =>
  (value as Record<symbol, () => { 'text/plain': string; 'text/html': string }>)[Symbol.for('Jupyter.display')]!();

test('the user: fields, the account manager as name and e-mail, a row per subscription; still frozen', () => {
  const u = parseUser(USER);
  assert.ok(Object.isFrozen(u));
  assert.equal(Object.keys(u), ['name', 'email', 'organization', 'subscriptions']);
  assert.is(String(u), '<User: name="Ada Example", email=ada@example.org, organization="Example Energy AS", subscriptions=2>');
  const text = inspect(u);
  assert.ok(
    text.startsWith(
      [
        'User',
        '  name                         Ada Example',
        '  email                        ada@example.org',
        '  organization                 Example Energy AS',
        '  organization.accountManager  Bob Manager <bob@example.com>',
        '  subscriptions                2',
        'subscriptions · 2',
        'label  access  type  package  area',
      ].join('\n'),
    ),
    text,
  );
  assert.ok(text.includes('Power – France  PAYING  PACKAGE_AREA  power  FR'), text);
  const html = bundleOf(u)['text/html'];
  assert.ok(html.includes('<td>Bob Manager &lt;bob@example.com&gt;</td>'), html);
  assert.ok(
    html.includes(
      '<strong>subscriptions · 2</strong><table><tr><th>label</th><th>access</th><th>type</th><th>package</th><th>area</th></tr>',
    ),
    html,
  );
  assert.ok(html.includes('<tr><td>Power – France</td><td>PAYING</td><td>PACKAGE_AREA</td><td>power</td><td>FR</td></tr>'), html);
  assert.not.ok(html.includes('[object'), html);
  const bare = parseUser({ name: 'Demo User', email: null, subscriptions: null });
  assert.is(String(bare), '<User: name="Demo User", email=None, organization=null, subscriptions=None>');
  assert.is(inspect(bare), 'User\n  name           Demo User\n  subscriptions  None');
  assert.not.ok(bundleOf(bare)['text/html'].includes('subscriptions ·'));
});

test.run();
