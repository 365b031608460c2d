/**
 * The machinery of `load-modes.test.ts`: build `dist/` when stale, `npm pack` the project, and
 * "install" the tarball into a copy of a `test/packaging/<name>` project, plus child processes
 * with a clean environment.
 *
 * Installing, measured here: `npm install --offline <tarball>` took 19 s per project (57 s for
 * three) and needs every packument in the npm cache, which a lockfile install does not leave
 * behind. So the tarball is unpacked into `node_modules/service`, and each package that the
 * tarball's package.json lists in `dependencies` (plus the project's own dependencies) is
 * symlinked from this project's `node_modules` (about 1 s). Optional peers (danfojs) are not
 * linked, and a package the build needs but does not declare fails to load, as in a real install.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The project root. */
export const root = join(__dirname, '..', '..');

/** The fields of package.json the checks read. */
export interface Manifest {
  readonly name: string;
  readonly main: string;
  readonly types: string;
  readonly bin?: Record<string, string>;
  readonly dependencies: Record<string, string>;
  readonly exports: Record<string, string | Record<string, string>>;
  readonly typesVersions: Record<string, Record<string, string[]>>;
}

/** What a child process did. */
export interface Outcome {
  /** Exit code, or null when killed. */
  readonly status: number | null;
  /** What it wrote to stdout. */
  readonly stdout: string;
  /** stdout and stderr together (and the reason, if it could not start or was killed). */
  readonly text: string;
}

/** Child processes get a plain environment: no module paths or loaders leak in from this one. */
const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
delete childEnv.NODE_PATH;
delete childEnv.NODE_OPTIONS;

/**
 * Runs a command to its end.
 *
 * @param cmd the program
 * @param args its arguments
 * @param cwd the working folder
 * @param timeoutMs kill it after this long
 * @returns what it did
 * @example
 * run(process.execPath, ['-e', 'console.log(1)'], root, 10_000).stdout //=> '1\n'
 */
export function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Outcome {
  const r: SpawnSyncReturns<string> = spawnSync(cmd, args, {
    cwd,
    env: childEnv,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const text = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `\n${r.error.message}` : ''}`.trim();
  return { status: r.status, stdout: r.stdout ?? '', text };
}

/**
 * Starts a command and resolves when it ends, so several can overlap.
 *
 * @param cmd the program
 * @param args its arguments
 * @param cwd the working folder
 * @param timeoutMs kill it after this long
 * @returns what it did
 * @example
 * (await runAsync(process.execPath, ['-e', 'process.exit(3)'], root, 10_000)).status //=> 3
 */
export function runAsync(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
      text += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      text += d;
    });
    const timer = setTimeout(() => {
      text += `\n[killed after ${timeoutMs} ms]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      text += `\n${err.message}`;
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, text: text.trim() });
    });
  });
}

/**
 * Builds both packages unless the last build still holds (`scripts/build.mjs --if-changed`,
 * ARCHITECTURE.md#build-note), as `npm install` does.
 *
 * @returns whether a build ran, whether it (or the last one) is good, and the script's output
 * @example
 * buildIfChanged().ok //=> true
 */
export function buildIfChanged(): { ran: boolean; ok: boolean; output: string } {
  const r = run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-changed'], root, 300_000);
  return { ran: !r.stdout.startsWith('build: skipped'), ok: r.status === 0, output: r.text };
}

/**
 * Packs the project as it is (`npm pack --ignore-scripts`: no prepare, `dist/` as built).
 *
 * @param destination the folder for the tarball
 * @returns the tarball's path and the packed file paths
 * @throws Error with npm's output when packing fails
 * @example
 * pack('/tmp/x').files.includes('dist/index.js') //=> true
 */
export function pack(destination: string): { tarball: string; files: string[] } {
  const r = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], root, 120_000);
  if (r.status !== 0) throw new Error(`npm pack failed:\n${r.text}`);
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return { tarball: join(destination, report[0]!.filename), files: report[0]!.files.map((f) => f.path) };
}

function linkPackage(nodeModules: string, name: string): void {
  const source = join(root, 'node_modules', name);
  if (!existsSync(source)) throw new Error(`cannot install ${name}: it is not in ${join(root, 'node_modules')} (run npm install)`);
  const target = join(nodeModules, name);
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(source, target, 'dir');
}

/**
 * Copies `test/packaging/<project>` into `work` and installs the tarball there (see the module
 * comment for how).
 *
 * @param work the temporary folder
 * @param tarball the packed package
 * @param project the project folder's name (`cjs`)
 * @returns the project copy's folder
 * @throws Error when unpacking fails or a dependency is not installed in this project
 * @example
 * installInto('/tmp/x', '/tmp/x/service-0.1.0.tgz', 'cjs') //=> '/tmp/x/cjs'
 */
export function installInto(work: string, tarball: string, project: string): string {
  const manifest = readManifest();
  const dir = join(work, project);
  cpSync(join(root, 'test', 'packaging', project), dir, { recursive: true });
  const target = join(dir, 'node_modules', manifest.name);
  mkdirSync(target, { recursive: true });
  const untar = run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], dir, 60_000);
  if (untar.status !== 0) throw new Error(`tar -xzf ${tarball} failed:\n${untar.text}`);
  const own = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const names = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(own.dependencies ?? {}),
    ...Object.keys(own.devDependencies ?? {}),
  ]);
  names.delete(manifest.name);
  for (const name of names) linkPackage(join(dir, 'node_modules'), name);
  return dir;
}

/**
 * Reads the project's package.json.
 *
 * @returns the manifest
 * @example
 * readManifest().main //=> 'dist/index.js'
 */
export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
}
