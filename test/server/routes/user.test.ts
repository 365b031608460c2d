import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../../server/src/http/app';
import { generateApiKey, hashApiKey } from '../../../server/src/auth';
import { serializeUser } from '../../../server/src/routes/user';
import { DuckDbStore } from '../../../server/src/store';
import { openService } from '../../helpers/open-service';

interface Pair {
  request: string;
  status: number;
  body: Record<string, unknown>;
}
const pairs: Pair[] = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8'));
const fixture = pairs.find((p) => p.request === 'GET /api/user/') as Pair;

test('GET /api/user/ answers the caller as docs/protocol.md#user-json shapes it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'user-test-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  await store.importBatch({
    users: [
      {
        id: 'ada',
        name: 'Ada Example',
        email: 'ada@example.org',
        organization: 'Example Energy AS',
        blocked: false,
        subscriptions: [
          { package: 'power', area: 'DE' },
          { package: 'power', area: '*' },
        ],
      },
    ],
    keys: [{ hash: hashApiKey(key), userId: 'ada', label: '', created: 0, blocked: false }],
  });
  const app = createApp({ store });
  const res = await app.inject({ url: '/api/user/', headers: { 'x-api-key': key } });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal(body, {
    name: 'Ada Example',
    email: 'ada@example.org',
    organization: { name: 'Example Energy AS' },
    subscriptions: [
      { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' },
      { access: 'PAYING', type: 'PACKAGE', label: 'Power', package: 'power' },
    ],
  });
  // the same keys as the reference fixture, and its PACKAGE_AREA / PACKAGE subscriptions
  assert.equal(Object.keys(body), Object.keys(fixture.body));
  const subs = fixture.body.subscriptions as Record<string, unknown>[];
  assert.equal(body.subscriptions[0], subs[0]);
  assert.equal(body.subscriptions[1], subs[3]);
  // without a key: 401
  assert.is((await app.inject({ url: '/api/user/' })).statusCode, 401);
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a user without organisation has none in the JSON', () => {
  const json = serializeUser({ id: 'x', name: 'X', email: null, organization: null, blocked: false, subscriptions: [] });
  assert.equal(json, { name: 'X', email: null, subscriptions: [] });
});

test('over HTTP: the test user, and the seeded demo user', async () => {
  const plain = await openService();
  const res = await plain.fetch(`/api/user/`, { headers: { 'X-API-Key': plain.apiKey } });
  assert.is(res.status, 200);
  assert.equal(await res.json(), {
    name: 'test',
    email: 'test@example.org',
    organization: { name: 'Test Energy' },
    subscriptions: [{ access: 'PAYING', type: 'PACKAGE', label: 'All packages', package: '*' }],
  });
  await plain.close();

  const demo = await openService({ demo: { preset: 'small', anchor: '2025-01-15' } });
  const body = (await (await demo.fetch(`/api/user`, { headers: { 'X-API-Key': demo.apiKey } })).json()) as {
    name: string;
    subscriptions: { package: string; area?: string }[];
  };
  assert.is(body.name, 'Demo User');
  const power = body.subscriptions.filter((s) => s.package === 'power').map((s) => s.area);
  assert.ok(power.includes('DE'));
  // the demo user lacks GB power, so that a 403 can be shown
  assert.not.ok(power.includes('GB'));
  await demo.close();
});

test.run();
