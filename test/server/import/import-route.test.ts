import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mayImport } from '../../../server/src/import';
import { DE_WIND, hourlyCsv, openFeedService, type OpenedFeedService } from '../feed/feed-app';

let svc: OpenedFeedService;
test.before(async () => {
  svc = await openFeedService({ app: { events: { heartbeatMs: 0 } } });
});
test.after(async () => {
  await svc.close();
});

const post = (key: string, payload: unknown) =>
  svc.app.inject({ method: 'POST', url: '/api/import/', headers: { 'x-api-key': key }, payload: payload as object });

test('POST /import/ imports all files in one batch and answers the summary', async () => {
  const files = [
    { name: 'a.csv', text: hourlyCsv(DE_WIND, Date.UTC(2024, 0, 1), 2, (k) => k) },
    { name: 'b.csv', text: hourlyCsv(DE_WIND, Date.UTC(2024, 0, 2), 1, () => 1) },
  ];
  const dry = await post(svc.keys.all, { files, dry_run: true });
  assert.equal(dry.json(), {
    files: 2,
    new_curves: [],
    curves: [DE_WIND],
    instances: 0,
    blocks: 2,
    values: 3,
    events: 0,
    last_event_id: null,
    dry_run: true,
  });
  const r = await post(svc.keys.all, { files });
  assert.is(r.statusCode, 200);
  const body = r.json();
  assert.equal([body.blocks, body.values, body.events], [2, 3, 2]);
  assert.match(body.last_event_id, /^\d{13}-\d+$/);
});

test('refusals: 401 without a key, 403 without every package in every area, 400 for bad files', async () => {
  assert.is((await svc.app.inject({ method: 'POST', url: '/api/import/', payload: { files: [] } })).statusCode, 401);
  const denied = await post(svc.keys.de, { files: [{ name: 'a.csv', text: 'x' }] });
  assert.is(denied.statusCode, 403);
  const bad = await post(svc.keys.all, { files: [{ name: 'bad.csv', text: `curve,date,value\n${DE_WIND},2024-01-01 00:30,1\n` }] });
  assert.is(bad.statusCode, 400);
  assert.equal(bad.json().parameter, 'files');
  assert.match(bad.json().message, /bad\.csv:2: date: "2024-01-01 00:30" is not the start of a PT1H step in CET/);
  assert.is((await post(svc.keys.all, { files: [{ name: 'x.csv' }] })).json().message, 'files[0] needs a name and a text');
});

test('mayImport: one grant of every package in every area', () => {
  const user = (subscriptions: { package: string; area: string }[]) => ({
    id: 'u',
    name: 'u',
    email: null,
    organization: null,
    blocked: false,
    subscriptions,
  });
  assert.ok(
    mayImport(
      user([
        { package: 'power', area: 'DE' },
        { package: '*', area: '*' },
      ]),
    ),
  );
  assert.not.ok(
    mayImport(
      user([
        { package: '*', area: 'DE' },
        { package: 'power', area: '*' },
      ]),
    ),
  );
});

test.run();
