/**
 * The key administration routes (docs/protocol.md#admin-keys) against a real service over
 * loopback, as one suite run on both stores (keys.test.ts: embedded DuckDB; keys-postgres.test.ts:
 * PostgreSQL, two nodes sharing the store).
 */
import { suite } from 'uvu';
import WebSocket from 'ws';
import * as assert from 'uvu/assert';
import { hashApiKey, keyIdOf } from '../../../server/src/auth';
import { addUser, type StartedService } from '../../helpers/start-service';

/** Starts the service (and, for a shared store, a second node on it) for the suite. */
export type StartNodes = () => Promise<{ nodes: StartedService[]; stop(): Promise<void> }>;

interface Ctx {
  nodes: StartedService[];
  stop?: () => Promise<void>;
  admin: string;
  reader: string;
}

async function call(svc: StartedService, key: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${svc.apiUrl}${path}`, { ...init, headers: { 'X-API-Key': key, ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});

/**
 * Registers and runs the suite.
 *
 * @param name - Suite name (the store).
 * @param start - Starts the nodes.
 */
export function keysSuite(name: string, start: StartNodes): void {
  const t = suite<Ctx>(name, { nodes: [], admin: '', reader: '' });

  t.before(async (ctx) => {
    const started = await start();
    ctx.nodes = started.nodes;
    ctx.stop = started.stop;
    const store = ctx.nodes[0]!.store;
    ctx.admin = ctx.nodes[0]!.apiKey; // the test user: every package in every area
    ctx.reader = await addUser(store, 'reader', { grants: [{ package: 'power', area: 'DE' }], name: 'Reader' });
  });

  t.after(async (ctx) => {
    await ctx.stop?.();
  });

  t('create a key, use it, block it (401 at once, on every node), unblock it', async ({ nodes, admin }) => {
    const [a, b = a] = nodes as [StartedService, StartedService?];
    const made = await call(a, admin, '/keys/', post({ user: 'ana', label: 'laptop', name: 'Ana', grants: ['power:DE', 'gas:*'] }));
    assert.is(made.status, 201);
    assert.match(made.body.key, /^svc_[A-Za-z0-9_-]{43}$/);
    assert.match(made.body.id, /^[0-9a-f]{16}$/);
    assert.is(made.body.id, keyIdOf(hashApiKey(made.body.key)));
    assert.equal(
      { ...made.body, key: undefined, id: undefined, created: undefined },
      {
        key: undefined,
        id: undefined,
        created: undefined,
        user: 'ana',
        user_name: 'Ana',
        label: 'laptop',
        last_used: null,
        grants: ['power:DE', 'gas:*'],
        administrator: false,
        state: 'active',
        user_blocked: false,
      },
    );
    assert.ok(Math.abs(Date.parse(made.body.created) - Date.now()) < 60_000, 'created now');
    const secret: string = made.body.key;

    // the new key works, on this node and on the other
    const user = await call(b, secret, '/user/');
    assert.is(user.status, 200);
    assert.is(user.body.name, 'Ana');
    assert.equal(
      user.body.subscriptions.map((s: { package: string; area?: string }) => `${s.package}:${s.area ?? '*'}`),
      ['power:DE', 'gas:*'],
    );
    // its use shows in the list
    const listed = (await call(a, admin, '/keys/')).body.find((k: { id: string }) => k.id === made.body.id);
    assert.ok(listed.last_used !== null, 'last_used after a call');
    assert.ok(Date.parse(listed.last_used) >= Date.parse(made.body.created) - 1000);

    const blocked = await call(a, admin, `/keys/${made.body.id}/block`, { method: 'POST' });
    assert.is(blocked.status, 200);
    assert.is(blocked.body.state, 'blocked');
    assert.is(blocked.body.key, undefined);
    for (const node of nodes) {
      const refused = await call(node, secret, '/user/');
      assert.is(refused.status, 401);
      assert.is(refused.body.message, 'This API key is blocked');
    }

    const unblocked = await call(b, admin, `/keys/${made.body.id}/unblock`, { method: 'POST' });
    assert.is(unblocked.status, 200);
    assert.is(unblocked.body.state, 'active');
    for (const node of nodes) assert.is((await call(node, secret, '/user/')).status, 200);
  });

  t('blocking a key closes its push-feed connections (1008)', async ({ nodes, admin }) => {
    const a = nodes[0]!;
    const made = await call(a, admin, '/keys/', post({ user: 'feedy', grants: ['*:*'] }));
    const ws = new WebSocket(`${a.apiUrl.replace(/^http/, 'ws')}/events/`, { headers: { 'X-API-Key': made.body.key } });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<[number, string]>((resolve) => ws.once('close', (code, reason) => resolve([code, String(reason)])));
    assert.is((await call(a, admin, `/keys/${made.body.id}/block`, { method: 'POST' })).status, 200);
    assert.equal(await closed, [1008, 'This API key is blocked']);
  });

  t('a second key of an existing user keeps the user, and gives grants only when asked', async ({ nodes, admin }) => {
    const a = nodes[0]!;
    const made = await call(a, admin, '/keys/', post({ user: 'reader', label: 'second' }));
    assert.is(made.status, 201);
    assert.is(made.body.user_name, 'Reader');
    assert.equal(made.body.grants, ['power:DE']);
    assert.is((await call(a, made.body.key, '/user/')).body.name, 'Reader');
  });

  t('the list shows every key and never a secret or a hash', async ({ nodes, admin }) => {
    const a = nodes[0]!;
    const res = await fetch(`${a.apiUrl}/keys/`, { headers: { 'X-API-Key': admin } });
    assert.is(res.status, 200);
    // the list changes without an import (a block, a use): never a 304, never cached
    assert.is(res.headers.get('etag'), null);
    assert.is(res.headers.get('cache-control'), 'no-store');
    const text = await res.text();
    const keys = JSON.parse(text) as Record<string, unknown>[];
    const stored = await a.store.listKeys();
    assert.is(keys.length, stored.length);
    assert.equal(keys.map((k) => k.id).sort(), stored.map((k) => keyIdOf(k.hash)).sort());
    for (const k of stored) assert.not.ok(text.includes(k.hash.slice(0, 16)), 'no hash (nor a prefix of one)');
    assert.not.ok(text.includes('svc_'), 'no secret');
    assert.not.ok(text.includes(admin), 'not the caller’s key');
    for (const k of keys) {
      assert.equal(Object.keys(k).sort(), [
        'administrator',
        'created',
        'grants',
        'id',
        'label',
        'last_used',
        'state',
        'user',
        'user_blocked',
        'user_name',
      ]);
    }
    const self = keys.find((k) => k.user === 'test');
    assert.is(self?.administrator, true);
    assert.equal(self?.grants, ['*:*']);
  });

  t('any other key gets 403 from every key route, before a body is read', async ({ nodes, admin, reader }) => {
    const a = nodes[0]!;
    const id = keyIdOf(hashApiKey(admin)); // the administrator's own key
    for (const [path, init] of [
      ['/keys/', {}],
      ['/keys/', post({ user: 'mallory', grants: ['*:*'] })],
      ['/keys/', { method: 'POST', body: '{not json', headers: { 'Content-Type': 'application/json' } }],
      [`/keys/${id}/block`, { method: 'POST' }],
      [`/keys/${id}/unblock`, { method: 'POST' }],
    ] as [string, RequestInit][]) {
      const res = await call(a, reader, path, init);
      assert.is(res.status, 403, `${init.method ?? 'GET'} ${path}`);
      assert.match(res.body.message, /administrator/);
    }
    assert.is(await a.store.getUser('mallory'), null, 'nothing written');
    assert.is((await call(a, 'svc_nope', '/keys/')).status, 401);
    assert.is((await call(a, admin, `/keys/${id}/block`, { method: 'POST' })).status, 400, 'not the key of the request itself');
  });

  t('bad input is a 400 naming the parameter; an unknown key id a 404; nothing written', async ({ nodes, admin }) => {
    const a = nodes[0]!;
    const before = (await a.store.listKeys()).length;
    for (const [body, parameter] of [
      [[], 'body'],
      [{}, 'user'],
      [{ user: '' }, 'user'],
      [{ user: 'has space' }, 'user'],
      [{ user: 'x'.repeat(101) }, 'user'],
      [{ user: 'ok', label: 7 }, 'label'],
      [{ user: 'ok', label: 'x'.repeat(201) }, 'label'],
      [{ user: 'ok', grants: 'power:DE' }, 'grants'],
      [{ user: 'ok', grants: ['power'] }, 'grants'],
      [{ user: 'ok', grants: ['power:DE', 3] }, 'grants'],
      [{ user: 'ok', admin: true }, 'admin'],
    ] as [unknown, string][]) {
      const res = await call(a, admin, '/keys/', post(body));
      assert.is(res.status, 400, JSON.stringify(body));
      assert.is(res.body.parameter, parameter, JSON.stringify(body));
    }
    const bad = await call(a, admin, '/keys/NOT-AN-ID/block', { method: 'POST' });
    assert.is(bad.status, 400);
    assert.is(bad.body.parameter, 'id');
    const unknown = await call(a, admin, '/keys/0123456789abcdef/unblock', { method: 'POST' });
    assert.is(unknown.status, 404);
    assert.match(unknown.body.message, /No key with id 0123456789abcdef/);
    assert.is((await a.store.listKeys()).length, before);
    assert.is(await a.store.getUser('ok'), null);
  });

  t.run();
}
