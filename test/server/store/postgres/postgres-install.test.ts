// The install path of the throwaway PostgreSQL of the tests: on a machine without the server
// binaries the test setup installs Debian's `postgresql` through apt-get (as root). Here, where the
// binaries may exist already, the same path runs (apt-get then finds the package installed) when
// this process is root on a machine with apt-get; elsewhere it must say what to install.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { findPostgresBin, installPostgres } from '../../../helpers/postgres-server';

const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;

test('installPostgres leaves initdb and pg_ctl under /usr/lib/postgresql/<version>/bin', () => {
  if (!canInstall) {
    if (findPostgresBin() === null) assert.throws(() => installPostgres(), /sudo apt-get install -y postgresql/);
    return;
  }
  installPostgres();
  const bin = findPostgresBin();
  assert.ok(bin !== null);
  assert.match(bin, /^\/usr\/lib\/postgresql\/\d+\/bin$/);
  assert.is(spawnSync(`${bin}/initdb`, ['--version'], { encoding: 'utf8' }).status, 0);
  assert.is(spawnSync(`${bin}/pg_ctl`, ['--version'], { encoding: 'utf8' }).status, 0);
});

test.run();
