// The clock of a replayed report (src/time/pinned-clock.ts): SERVICE_NOW starts luxon's clock at
// the recorded instant and lets it run on; a bad value is an error naming the variable; and a
// process started with it computes "today" as the recorded day (hand-computed: 2024-03-31T22:30Z
// is already 2024-04-01 in CET, which is on summer time, UTC+2, from 2024-03-31 01:00 UTC).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { clockFrom } from '../../src/time/pinned-clock';

test('a clock starts at the instant and runs on with the real clock', () => {
  let real = 5_000;
  const clock = clockFrom('2024-03-31T12:00:00Z', () => real);
  assert.ok(clock);
  assert.is(clock(), Date.UTC(2024, 2, 31, 12));
  real += 1_500;
  assert.is(clock(), Date.UTC(2024, 2, 31, 12) + 1_500);
  assert.is(clockFrom('2024-03-31T14:00:00+02:00', () => 0)?.(), Date.UTC(2024, 2, 31, 12));
  assert.is(clockFrom(undefined), null);
  assert.is(clockFrom('  '), null);
});

test('a value that is no instant with an offset is an error naming SERVICE_NOW', () => {
  for (const bad of ['yesterday', '2024-03-31', '2024-03-31T12:00:00', '2024-13-01T00:00:00Z']) {
    assert.throws(
      () => clockFrom(bad),
      (err: unknown) => err instanceof ValueError && /SERVICE_NOW must be an ISO instant/.test((err as Error).message),
      bad,
    );
  }
});

test('a process started with SERVICE_NOW computes today and now on the recorded clock', async () => {
  const root = join(__dirname, '..', '..');
  const script = "const { now, today } = require('./src/time'); console.log(today('CET').toISODate(), now('UTC').toISO().slice(0, 16));";
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--eval', script], {
    cwd: root,
    env: { ...process.env, SERVICE_NOW: '2024-03-31T22:30:00Z' },
  });
  assert.is(stdout.trim(), '2024-04-01 2024-03-31T22:30');
});

test.run();
