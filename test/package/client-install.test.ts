/**
 * The client package installed alone, as a user gets it (ARCHITECTURE.md#two-packages): packs the
 * top-level package (`npm pack --ignore-scripts`, after the build when `dist/` is stale), runs a
 * real `npm install <tarball>` in an empty temporary folder (npm cache first, the registry only
 * for what the cache lacks) and checks that no server dependency (DuckDB, Fastify, pg,
 * stream-json) and no server or demo code is installed, and that `require('service')` and
 * `import('service')` load the client. Prints the install's size (`du -sk node_modules`) and
 * package count, the figures of bench/RESULTS.md ("Client-only install").
 *
 *   node --import tsx test/package/client-install.test.ts
 */
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildIfChanged, pack, run } from './packed-project';

/** Packages only the server package depends on; none may reach a client-only install. */
const SERVER_ONLY = /^(@duckdb\/.*|fastify|@fastify\/.*|pg|pg-.*|stream-json|stream-chain|service-server)$/;

interface Installed {
  /** The folder holding package.json and node_modules. */
  readonly app: string;
  /** Every installed package, as its path under node_modules (`luxon`, `@types/ws`, `a/node_modules/b`). */
  readonly packages: readonly string[];
  /** `du -sk node_modules`. */
  readonly kib: number;
}

let installed: Installed | Error | undefined;
let work: string | undefined;

/** Every package folder under a node_modules folder, nested ones included. */
function listPackages(nodeModules: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        walk(full);
        continue;
      }
      if (!existsSync(join(full, 'package.json'))) continue;
      out.push(relative(nodeModules, full));
      walk(join(full, 'node_modules'));
    }
  };
  walk(nodeModules);
  return out.sort();
}

/** Packs and installs once; later calls reuse the result. */
function install(): Installed {
  if (installed instanceof Error) throw installed;
  if (installed) return installed;
  try {
    work = realpathSync(mkdtempSync(join(tmpdir(), 'service-client-install-')));
    const build = buildIfChanged();
    if (!build.ok) throw new Error(`build failed:\n${build.output}`);
    const { tarball } = pack(work);
    const app = join(work, 'app');
    run('mkdir', [app], work, 10_000);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'client-only', version: '1.0.0', private: true }, null, 2)}\n`);
    const started = Date.now();
    const r = run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], app, 600_000);
    if (r.status !== 0) throw new Error(`npm install ${tarball} failed:\n${r.text}`);
    const du = run('du', ['-sk', 'node_modules'], app, 60_000);
    const kib = Number(du.stdout.split(/\s/)[0]);
    const packages = listPackages(join(app, 'node_modules'));
    console.log(
      `client-only install: ${packages.length} packages, ${(kib / 1024).toFixed(1)} MiB (du -sk node_modules), npm install ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    installed = { app, packages, kib };
    return installed;
  } catch (err) {
    installed = err instanceof Error ? err : new Error(String(err));
    throw installed;
  }
}

test.after(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

test('installs no server dependency: no DuckDB, Fastify, pg, stream-json', () => {
  const { packages } = install();
  assert.ok(packages.includes('service'), 'the client itself is installed');
  assert.ok(packages.includes('luxon') && packages.includes('axios'), 'with its own dependencies');
  const server = packages.filter((p) => SERVER_ONLY.test(p.split('/node_modules/').pop() ?? p));
  assert.equal(server, [], `server packages in a client-only install:\n${server.join('\n')}`);
});

test('the installed client holds no server, command line or demo code', () => {
  const { app } = install();
  const dir = join(app, 'node_modules', 'service');
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else files.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  assert.ok(files.includes('dist/index.js') && files.includes('dist/wire/index.js'), 'the client build is there');
  const server = files.filter((f) => /^(bin|server|src)\/|^dist\/(server|cli)\/|demo|duckdb|postgres/.test(f));
  assert.equal(server, [], `server files in the client package:\n${server.join('\n')}`);
  assert.not.ok(existsSync(join(app, 'node_modules', '.bin', 'service')), 'no `service` command: it is the server package');
});

test("require('service') and import('service') load the client and its subpaths, not service/wire", () => {
  const { app } = install();
  const check =
    "const s = require('service'); const t = require('service/time'); let w = 'exported';" +
    "try { require('service/wire'); } catch (e) { w = e.code; }" +
    "console.log([typeof s.ServiceClient, typeof s.Frequency, w, t.Frequency === s.Frequency].join(' '))";
  const cjs = run(process.execPath, ['-e', check], app, 60_000);
  assert.is(cjs.status, 0, cjs.text);
  assert.is(cjs.stdout.trim(), 'function function ERR_PACKAGE_PATH_NOT_EXPORTED true');
  const esm = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const s = await import('service'); const m = await import('service/model'); const e = await import('service/exceptions');" +
        'console.log([typeof s.ServiceClient, m.Curve === s.Curve, new e.ValidationError("x", "p") instanceof s.ServiceError].join(" "))',
    ],
    app,
    60_000,
  );
  assert.is(esm.status, 0, esm.text);
  assert.is(esm.stdout.trim(), 'function true true');
});

test.run();
