import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LastIdMemory, checkEventId, compareIds } from '../../../src/client/events';

let dir: string;
test.before(() => {
  dir = mkdtempSync(join(tmpdir(), 'last-id-'));
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('ids compare by milliseconds, then by sequence as a number', () => {
  assert.is(compareIds('1693526400000-10', '1693526400000-9'), 1);
  assert.is(compareIds('1693526399999-99', '1693526400000-0'), -1);
  assert.is(compareIds('1693526400000-3', '1693526400000-3'), 0);
  assert.is(checkEventId('1693526400000-0'), '1693526400000-0');
  assert.throws(() => checkEventId('169352640000-0'), /Expected an event id/);
  assert.throws(() => checkEventId(5), /Expected an event id/);
});

test('the file is created with an empty id, loaded, advanced (throttled) and flushed', () => {
  const file = join(dir, 'nested', 'last-id.json');
  let now = 0;
  const memory = LastIdMemory.open(file, 30_000, () => now);
  assert.is(memory.id, null);
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { last_id: '' });
  now = 40_000;
  memory.advance('1693526400000-1');
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { last_id: '1693526400000-1' }, 'written: the last write is old enough');
  now = 50_000;
  memory.advance('1693526400000-2');
  memory.advance('1693526400000-0');
  assert.is(memory.id, '1693526400000-2', 'an older id never replaces a newer one');
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { last_id: '1693526400000-1' }, 'throttled: at most one write per 30 s');
  memory.flush();
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { last_id: '1693526400000-2' });
  assert.is(LastIdMemory.open(file).id, '1693526400000-2');
  memory.set('1693526400005-0');
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { last_id: '1693526400005-0' }, 'an explicit id is written at once');
});

test('a file with an empty id means none; a bad file is refused', () => {
  const empty = join(dir, 'empty.json');
  writeFileSync(empty, '{"last_id": ""}');
  assert.is(LastIdMemory.open(empty).id, null);
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{"last_id": "yesterday"}');
  assert.throws(() => LastIdMemory.open(bad), /Expected an event id/);
  writeFileSync(bad, 'not json');
  assert.throws(() => LastIdMemory.open(bad), /is not JSON/);
});

test.run();
