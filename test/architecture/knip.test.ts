/**
 * No unused file, export, type or dependency: `knip` (configuration in `knip.json`) over src,
 * test, bench and scripts must report nothing. The package's public entry points (`exports` in
 * package.json) count as used; everything else must be imported somewhere. When this fails, the
 * output names each finding: remove the export (or the file), or use it.
 *
 *   node --import tsx test/architecture/knip.test.ts
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');

test('knip finds no unused file, export, type or dependency', () => {
  const run = spawnSync(process.execPath, [join(root, 'node_modules', 'knip', 'bin', 'knip.js'), '--no-progress', '--no-config-hints'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  assert.is(run.error, undefined, String(run.error));
  assert.is(run.status, 0, `knip reported:\n${output}`);
  assert.is(output, '', `knip reported:\n${output}`);
});

test.run();
