/**
 * `npm run test:unit` (scripts/run-unit-tests.mjs): which files count as unit tests, and the guard
 * that fails a unit test opening a listening port. Runs the runner on the files of
 * test/fixtures/unit/, so this file starts child processes and is not a unit test itself.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');
const fixture = (name: string) => `test/fixtures/unit/${name}.test.ts`;

function runner(...args: string[]): { status: number | null; output: string } {
  // one process: the files run in the order given; a short wait for what a loopback file leaves open
  const env = { ...process.env, UNIT_TEST_PROCESSES: '1', UNIT_WORKER_CLOSE_GRACE_MS: '500' };
  const r = spawnSync(process.execPath, ['scripts/run-unit-tests.mjs', ...args], { cwd: root, encoding: 'utf8', env, timeout: 120_000 });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

test('a file is a unit test unless it, or a module of test/ it imports, reaches outside the process', () => {
  const { status, output } = runner(
    '--list',
    '--files',
    fixture('in-process'),
    fixture('listens'),
    fixture('via-helper'),
    'test/plot/lazy-load.test.ts',
  );
  assert.is(status, 0, output);
  assert.equal(output.trim().split('\n'), [
    'unit        test/fixtures/unit/in-process.test.ts',
    'own process test/fixtures/unit/listens.test.ts: listens on a port',
    'own process test/fixtures/unit/via-helper.test.ts: starts the service on a port (fixtures/unit/starts-service.ts); listens on a port (helpers/start-service.ts)',
    'own process test/plot/lazy-load.test.ts: is marked to run in its own process',
  ]);
});

test('a unit test that opens a listening port fails, and the files after it still run', () => {
  const { status, output } = runner('--files', fixture('listens'), fixture('in-process'));
  assert.is(status, 1, output);
  assert.match(output, 'FAIL test/fixtures/unit/listens.test.ts', output);
  assert.match(output, 'a unit test opened a listening port: use app.inject()', output);
  assert.match(output, /ok {3}test\/fixtures\/unit\/in-process\.test\.ts: 1\/1/, output);
  assert.match(output, /\n1 passed, 1 failed\n/, output);
});

test('in the loopback runner a file may listen, and one that leaves a server open fails', () => {
  const { status, output } = runner('--loopback', '--files', fixture('leaves-server'), fixture('listens'));
  assert.is(status, 1, output);
  assert.match(output, 'FAIL test/fixtures/unit/leaves-server.test.ts', output);
  // the server, maybe beside a resource of the moment (a pending write of a busy machine)
  assert.match(output, /the file left (?:[^\n]*, )?1 TCPServerWrap(?:, [^\n]*)? open 0\.5 s after its tests/, output);
  assert.match(output, /ok {3}test\/fixtures\/unit\/listens\.test\.ts: 1\/1/, output);
  assert.match(output, /\n2 passed, 1 failed\n/, output);
});

test('the unit files of test/ include none that the whole suite alone may run', () => {
  const { status, output } = runner('--list');
  assert.is(status, 0, output);
  const unit = output.split('\n').filter((l) => l.startsWith('unit '));
  assert.ok(unit.length > 150, `${unit.length} unit files`);
  for (const own of [
    'test/server/cli/main.test.ts',
    'test/plot/lazy-load.test.ts',
    'test/architecture/unit-tests.test.ts',
    'test/client/service-client.test.ts',
  ]) {
    assert.ok(output.includes(`own process ${own}: `), own);
  }
});

test.run();
