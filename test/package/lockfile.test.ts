/**
 * The lockfile works on every platform: `package-lock.json` lists the optional binaries of every
 * OS and CPU (not only those of the machine that wrote it), so `npm ci` on macOS or Windows finds
 * its DuckDB binding, and resolving it again on a machine without node_modules (a fresh clone)
 * leaves it unchanged. `npm run lock` (scripts/lock.mjs) writes it that way; see its header for
 * the npm behaviour that prunes these entries.
 *
 * The last test runs `npm install --package-lock-only --ignore-scripts` in a scratch folder
 * (through `scripts/lock.mjs --check`): it reads the npm cache first and the registry only for
 * what the cache lacks.
 *
 *   node --import tsx test/package/lockfile.test.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');

interface LockEntry {
  readonly version?: string;
  readonly optional?: boolean;
  readonly os?: readonly string[];
  readonly cpu?: readonly string[];
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}
interface Lock {
  readonly lockfileVersion: number;
  readonly packages: Readonly<Record<string, LockEntry>>;
}

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;

/** The lock key a dependency of the package at `from` resolves to (Node's walk up the nested node_modules folders). */
function resolveIn(packages: Lock['packages'], from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[key] !== undefined) return key;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/**
 * Optional dependencies that a package declares but that were never published at the declared
 * version, so no lock can list them: nodejs-polars 0.26.1 names eight platform packages, and the
 * registry has 0.26.1 only for darwin-x64 and linux-x64 (gnu and musl); `npm view
 * nodejs-polars-darwin-arm64@0.26.1` answers 404. Only those exact pairs are excused.
 */
const UNPUBLISHED = new Set(
  ['android-arm64', 'darwin-arm64', 'linux-arm64-gnu', 'linux-arm64-musl', 'win32-x64-msvc'].map(
    (p) => `node_modules/nodejs-polars -> nodejs-polars-${p}`,
  ),
);

/** Every optional dependency the lock's packages declare but the lock does not list, as `package -> dependency`. */
function missingOptionals(packages: Lock['packages']): string[] {
  const missing: string[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const pair = `${key} -> ${name}`;
      if (resolveIn(packages, key, name) === undefined && !UNPUBLISHED.has(pair)) missing.push(pair);
    }
  }
  return missing;
}

test('lockfile version 3 (npm 9 and later)', () => {
  assert.is(lock.lockfileVersion, 3);
});

test('every optional dependency declared in the lock is itself in the lock', () => {
  assert.equal(missingOptionals(lock.packages), []);
});

test('the check above catches a lock written on one platform only', () => {
  // What npm writes when it prunes: the DuckDB binding for this machine only.
  const pruned: Record<string, LockEntry> = { ...lock.packages };
  delete pruned['node_modules/@duckdb/node-bindings-darwin-arm64'];
  delete pruned['node_modules/@duckdb/node-bindings-win32-x64'];
  assert.equal(missingOptionals(pruned), [
    'node_modules/@duckdb/node-bindings -> @duckdb/node-bindings-darwin-arm64',
    'node_modules/@duckdb/node-bindings -> @duckdb/node-bindings-win32-x64',
  ]);
});

test('native binaries are listed for macOS, Windows and Linux on x64 and arm64', () => {
  const platforms = (prefix: string): string[] =>
    Object.entries(lock.packages)
      .filter(([key, entry]) => key.startsWith(`node_modules/${prefix}`) && entry.optional === true && entry.os !== undefined)
      .map(([, entry]) => `${entry.os?.join('+')}-${entry.cpu?.join('+')}`);
  for (const prefix of ['@duckdb/node-bindings-', '@resvg/resvg-js-', '@esbuild/']) {
    const found = platforms(prefix);
    for (const wanted of ['darwin-arm64', 'darwin-x64', 'win32-x64', 'linux-x64', 'linux-arm64']) {
      assert.ok(found.includes(wanted), `${prefix}* has no ${wanted} entry (has ${found.join(', ')})`);
    }
  }
});

test('the polars platform binaries are in the lock only as optional dependencies of nodejs-polars', () => {
  const root = lock.packages[''] as LockEntry & { dependencies?: object; devDependencies?: object; optionalDependencies?: object };
  const direct = [root.dependencies, root.devDependencies, root.optionalDependencies].flatMap((deps) => Object.keys(deps ?? {}));
  assert.equal(
    direct.filter((name) => name.startsWith('nodejs-polars-')),
    [],
    'a polars platform binary is a direct dependency: npm ci fails on every other platform',
  );
  const binaries = Object.entries(lock.packages).filter(([key]) => /(^|\/)node_modules\/nodejs-polars-/.test(key));
  assert.ok(binaries.length > 0, 'no polars platform binary in the lock');
  assert.equal(
    binaries.filter(([, entry]) => entry.optional !== true).map(([key]) => key),
    [],
    'these polars binaries are not optional, so npm ci fails where their os/cpu do not match',
  );
});

test('resolving the lock again without node_modules leaves it unchanged (npm run lock -- --check)', () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'lock.mjs'), '--check'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.is(result.status, 0, `${result.stdout}${result.stderr}`);
  assert.match(result.stdout, 'complete and up to date');
});

test.run();
