/**
 * Lint and format: `biome check` (configuration in `biome.json`: the recommended rules, the few
 * turned off with their reasons in CONTRIBUTING.md#tooling, 2-space indent, single quotes, semicolons,
 * lines up to 140 columns) over src, test, bench, scripts and bin must report nothing. Fix a
 * format finding with `npx biome format --write .`; a lint finding by changing the code or, where
 * the rule is wrong for that line, a `biome-ignore` comment that says why.
 *
 *   node --import tsx test/architecture/biome.test.ts
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');

test('biome check (lint and format) finds nothing', () => {
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'check', '--max-diagnostics=50', '.'],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  assert.is(run.error, undefined, String(run.error));
  assert.is(run.status, 0, `biome check reported:\n${output.slice(-8000)}`);
});

test.run();
