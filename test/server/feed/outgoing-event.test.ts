import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutgoingEvent, resolveEvents } from '../../../server/src/feed';
import { importSources } from '../../../server/src/import';
import { DuckDbStore, type UserRecord } from '../../../server/src/store';
import { CURVES_CSV, DE_CONS, DE_WIND } from './feed-app';

let dir: string;
let store: DuckDbStore;
const user = (id: string, grants: UserRecord['subscriptions']): UserRecord => ({
  id,
  name: id,
  email: null,
  organization: null,
  blocked: false,
  subscriptions: grants,
});

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outgoing-'));
  store = await DuckDbStore.open(dir);
  await importSources(store, [{ name: 'curves.csv', text: CURVES_CSV }]);
});

test.after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the frame carries the curve, the range in the curve zone and the instance in its issue zone', async () => {
  // 2024-10-27 00:00Z = 02:00+02:00 (CEST); 02:00Z = 03:00+01:00 (CET, after the fall-back)
  const [out] = await resolveEvents(store, [
    {
      id: '1729987200000-4',
      type: 'CURVE_UPDATE',
      curve: DE_CONS,
      begin: Date.UTC(2024, 9, 27, 0),
      end: Date.UTC(2024, 9, 27, 2),
      issued: Date.UTC(2024, 9, 26, 12),
      tag: 'ec',
      created: 0,
    },
  ]);
  assert.instance(out, OutgoingEvent);
  assert.equal(out!.idParts, { ms: 1729987200000, seq: 4 });
  const frame = JSON.parse(out!.textFor(user('a', [{ package: '*', area: '*' }])));
  assert.is(frame.type, 'curves.event');
  assert.equal(Object.keys(frame.event), ['id', 'event_type', 'curve', 'begin', 'end', 'instance']);
  assert.is(frame.event.begin, '2024-10-27T02:00:00+02:00');
  assert.is(frame.event.end, '2024-10-27T03:00:00+01:00');
  assert.equal(frame.event.instance, { issued: '2024-10-26T12:00:00+00:00', tag: 'ec' });
  assert.is(frame.event.curve.instance_issued_timezone, 'UTC');
});

test("the curve shows each user's access; equal access shares one text", async () => {
  const [out] = await resolveEvents(store, [
    { id: '1729987200000-0', type: 'CURVE_TRUNCATE', curve: DE_WIND, begin: null, end: null, issued: null, tag: null, created: 0 },
  ]);
  const a = out!.textFor(user('a', [{ package: 'power', area: 'DE' }]));
  const b = out!.textFor(user('b', [{ package: 'power', area: 'DE' }]));
  assert.ok(a === b, 'the same string object');
  const none = JSON.parse(out!.textFor(user('c', [{ package: 'gas', area: '*' }])));
  assert.is(none.event.curve.subscription.access, 'NONE');
  assert.equal(Object.keys(none.event), ['id', 'event_type', 'curve'], 'no range, no instance');
});

test('events of unknown curves are left out', async () => {
  assert.equal(
    await resolveEvents(store, [
      { id: '1729987200000-0', type: 'CURVE_DELETE', curve: 'Gone', begin: null, end: null, issued: null, tag: null, created: 0 },
    ]),
    [],
  );
});

test.run();
