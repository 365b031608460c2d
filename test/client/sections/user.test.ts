import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient, type ClientOptions } from '../../../src/client';
import { UnauthorizedError } from '../../../src/exceptions';
import { Area, SubscriptionAccess, SubscriptionType } from '../../../src/model';
import { addUser, startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';

let svc: StartedService;

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false });
});

test.after(async () => {
  await svc.close();
});

const clientFor = (apiKey: string, options: ClientOptions = {}) =>
  new ServiceClient({ apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 }, ...options });

test('user(): the demo user with organisation and one subscription per grant', async () => {
  const client = clientFor(svc.apiKey);
  const user = await client.user.user();
  assert.is(user.name, 'Demo User');
  assert.is(user.email, 'demo@example.org');
  assert.equal(user.organization, { name: 'Demo Energy AS', accountManager: null });
  const subs = user.subscriptions ?? [];
  assert.equal(
    subs.map((s) => s.label),
    ['Power – Germany', 'Power – France', 'Power – Netherlands', `Power – ${Area.NO2.name}`, 'Gas', 'Market'],
  );
  assert.equal(
    subs.map((s) => [s.type, s.package, s.area]),
    [
      [SubscriptionType.PACKAGE_AREA, 'power', 'DE'],
      [SubscriptionType.PACKAGE_AREA, 'power', 'FR'],
      [SubscriptionType.PACKAGE_AREA, 'power', 'NL'],
      [SubscriptionType.PACKAGE_AREA, 'power', 'NO2'],
      [SubscriptionType.PACKAGE, 'gas', null],
      [SubscriptionType.PACKAGE, 'market', null],
    ],
  );
  assert.ok(subs.every((s) => s.access === SubscriptionAccess.PAYING));
  client.close();
});

test('user(): not cached, and answers for the key it is called with', async () => {
  const key = await addUser(svc.store, 'grace', { name: 'Grace Hopper', grants: [{ package: 'power', area: 'FR' }] });
  const { sent, options } = recordRequests();
  const client = clientFor(key, options);
  const first = await client.user.user();
  assert.is(first.name, 'Grace Hopper');
  assert.is(first.email, 'grace@example.org');
  assert.equal(first.organization, { name: 'Test Energy', accountManager: null });
  assert.equal(
    first.subscriptions?.map((s) => s.label),
    ['Power – France'],
  );
  await svc.store.setUserBlocked('grace', true);
  const err = await client.user.user().catch((e) => e);
  assert.ok(err instanceof UnauthorizedError);
  assert.is(err.reason, 'This user is blocked');
  assert.equal(sent, ['/user/', '/user/']);
  client.close();
});

test.run();
