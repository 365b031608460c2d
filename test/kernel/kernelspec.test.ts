// kernel/install.mjs (npm run kernel:install): the kernelspecs it writes by hand, and the
// notebooks/node_modules/service link that lets a cell import the package by name.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = resolve(__dirname, '..', '..');
const script = join(root, 'kernel', 'install.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'kernelspec-test-'));

interface KernelSpec {
  argv: string[];
  display_name: string;
  language: string;
}

function install(prefix: string, args: string[], path = process.env.PATH ?? '') {
  const r = spawnSync(process.execPath, [script, '--prefix', prefix, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: path },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function readSpec(prefix: string, name: string): KernelSpec {
  return JSON.parse(readFileSync(join(prefix, 'share', 'jupyter', 'kernels', name, 'kernel.json'), 'utf8')) as KernelSpec;
}

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test('writes the tslab kernelspec as valid JSON whose argv[0] exists', () => {
  const prefix = join(scratch, 'a');
  const r = install(prefix, ['--no-link', '--no-deno']);
  assert.is(r.code, 0, r.err);
  const spec = readSpec(prefix, 'tslab');
  assert.ok(existsSync(spec.argv[0]!), `argv[0] ${spec.argv[0]} does not exist`);
  assert.is(spec.argv[1], join(root, 'kernel', 'tslab-kernel.mjs'));
  assert.ok(existsSync(spec.argv[1]!), 'kernel/tslab-kernel.mjs does not exist');
  assert.equal(spec.argv.slice(2), ['--config-path', '{connection_file}']);
  assert.is(spec.display_name, 'TypeScript (service)');
  assert.is(spec.language, 'typescript');
});

test('argv[0] is a Node that can run tslab (>= 20.19, for require() of ESM packages)', () => {
  const spec = readSpec(join(scratch, 'a'), 'tslab');
  const version = spawnSync(spec.argv[0]!, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  assert.ok(major! > 20 || (major === 20 && minor! >= 19), `node ${version}`);
  const tslab = spawnSync(spec.argv[0]!, [join(root, 'node_modules', '.bin', 'tslab'), '--version'], { encoding: 'utf8', timeout: 60_000 });
  assert.is(tslab.status, 0, tslab.stderr);
  assert.match(tslab.stdout, /^tslab \d+\.\d+\.\d+/);
  // the start script loads that tslab: without a connection file it stops with its usage line
  const start = spawnSync(spec.argv[0]!, [spec.argv[1]!], { encoding: 'utf8', timeout: 60_000 });
  assert.is(start.status, 2, start.stderr);
  assert.match(start.stderr, /usage: node kernel\/tslab-kernel\.mjs --config-path CONNECTION_FILE/);
});

test('prints the JUPYTER_PATH that finds the kernels', () => {
  const prefix = join(scratch, 'b');
  const r = install(prefix, ['--no-link', '--no-deno']);
  assert.ok(r.out.includes(`export JUPYTER_PATH=${join(prefix, 'share', 'jupyter')}\n`), r.out);
  assert.ok(r.out.includes('the Deno kernel (optional) was not registered'), r.out);
});

test('registers a Deno kernel when a deno executable is on PATH, and drops it with --no-deno', () => {
  const bin = join(scratch, 'bin');
  mkdirSync(bin, { recursive: true });
  const deno = join(bin, 'deno');
  writeFileSync(deno, '#!/bin/sh\nexit 0\n');
  chmodSync(deno, 0o755);
  const prefix = join(scratch, 'c');
  const r = install(prefix, ['--no-link'], `${bin}${delimiter}${process.env.PATH ?? ''}`);
  assert.is(r.code, 0, r.err);
  const spec = readSpec(prefix, 'deno');
  // With node_modules/.bin/deno in the project, that one wins over PATH.
  const local = join(root, 'node_modules', '.bin', 'deno');
  assert.is(spec.argv[0], existsSync(local) ? local : deno);
  assert.equal(spec.argv.slice(1), ['jupyter', '--kernel', '--conn', '{connection_file}']);
  assert.is(spec.display_name, 'Deno (service)');
  assert.is(install(prefix, ['--no-link', '--no-deno']).code, 0);
  assert.not.ok(existsSync(join(prefix, 'share', 'jupyter', 'kernels', 'deno')));
  assert.ok(existsSync(join(prefix, 'share', 'jupyter', 'kernels', 'tslab', 'kernel.json')));
});

test('links notebooks/node_modules/service to the project root (idempotent)', () => {
  const prefix = join(scratch, 'd');
  for (let i = 0; i < 2; i += 1) assert.is(install(prefix, ['--no-deno']).code, 0);
  const link = join(root, 'notebooks', 'node_modules', 'service');
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.is(realpathSync(link), realpathSync(root));
  const pkg = JSON.parse(readFileSync(join(link, 'package.json'), 'utf8')) as { name: string; main: string; types: string };
  assert.is(pkg.name, 'service');
  assert.is(pkg.main, 'dist/index.js');
  assert.is(pkg.types, 'dist/index.d.ts');
});

test('rejects an unknown argument with exit 2', () => {
  const r = install(join(scratch, 'e'), ['--bogus']);
  assert.is(r.code, 2);
  assert.match(r.err, /unknown argument --bogus/);
});

test.run();
