#!/usr/bin/env node
// Registers this project's notebook kernels for Jupyter, without Python: writes the kernelspecs by
// hand under `<project>/.jupyter/share/jupyter/kernels/` (found through JUPYTER_PATH) and links
// `notebooks/node_modules/service` to the project, so a notebook cell can
// `import { ServiceClient } from "service"` with full types (tslab resolves modules the Node10 way,
// from the notebook's folder, and needs the package's top-level `main` and `types`: `dist/`).
//
//   node kernel/install.mjs                 (npm run kernel:install)
//   node kernel/install.mjs --prefix DIR    kernelspecs under DIR/share/jupyter/kernels instead
//   node kernel/install.mjs --no-link       do not create the notebooks/node_modules link
//
// Kernels: `tslab` ("TypeScript (service)", the project's tslab through kernel/tslab-kernel.mjs, run
// by the Node that runs this script) and, when a `deno` executable is on PATH or in node_modules/.bin, `deno`
// ("Deno (service)", `deno jupyter --kernel`). Nothing is downloaded.
import {
  accessSync, constants, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json), one level above this file. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The kernelspec name of the tslab kernel; notebooks name it in `metadata.kernelspec.name`. */
export const TSLAB_KERNEL = 'tslab';
/** The kernelspec name of the optional Deno kernel. */
export const DENO_KERNEL = 'deno';

/** The default prefix: kernelspecs go to `<prefix>/share/jupyter/kernels/<name>/kernel.json`. */
export function defaultPrefix(root = PROJECT_ROOT) {
  return join(root, '.jupyter');
}

/** The value for JUPYTER_PATH that makes Jupyter find the kernelspecs written under `prefix`. */
export function jupyterPathOf(prefix) {
  return join(prefix, 'share', 'jupyter');
}

/**
 * The tslab kernelspec: `kernel/tslab-kernel.mjs` (the project's tslab, its sockets bound before a
 * message is handled), started by an absolute Node so the kernel runs on the Node this project was
 * installed with (>= 20.19, for `require` of ESM packages), whatever PATH the notebook server has.
 */
export function tslabKernelSpec(root = PROJECT_ROOT, node = process.execPath) {
  return {
    argv: [node, join(root, 'kernel', 'tslab-kernel.mjs'), '--config-path', '{connection_file}'],
    display_name: 'TypeScript (service)',
    language: 'typescript',
    metadata: { project: root },
  };
}

/** The Deno kernelspec for a `deno` executable (`deno jupyter --kernel --conn <file>`). */
export function denoKernelSpec(deno, root = PROJECT_ROOT) {
  return {
    argv: [deno, 'jupyter', '--kernel', '--conn', '{connection_file}'],
    display_name: 'Deno (service)',
    language: 'typescript',
    metadata: { project: root },
  };
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The `deno` executable to register: the project's node_modules/.bin/deno, else the first on PATH, else null. */
export function findDeno(root = PROJECT_ROOT, path = process.env.PATH ?? '') {
  const local = join(root, 'node_modules', '.bin', 'deno');
  if (isExecutable(local)) return local;
  for (const dir of path.split(delimiter)) {
    if (dir && isExecutable(join(dir, 'deno'))) return join(dir, 'deno');
  }
  return null;
}

function writeSpec(prefix, name, spec) {
  const dir = join(prefix, 'share', 'jupyter', 'kernels', name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'kernel.json');
  const text = `${JSON.stringify(spec, null, 2)}\n`;
  // Unchanged specs are left as they are: a kernel starting elsewhere may be reading this file.
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  return file;
}

/**
 * Makes `notebooks/node_modules/service` a relative symlink to the project root (idempotent).
 * @returns {string} the link's path
 * @throws {Error} when something other than a symlink already sits at that path
 */
export function linkPackage(root = PROJECT_ROOT) {
  const modules = join(root, 'notebooks', 'node_modules');
  const link = join(modules, 'service');
  const target = relative(modules, root);
  mkdirSync(modules, { recursive: true });
  let stat = null;
  try {
    stat = lstatSync(link);
  } catch {
    stat = null;
  }
  if (stat && !stat.isSymbolicLink()) {
    throw new Error(`kernel: ${link} exists and is not a symlink; remove it and run again`);
  }
  if (stat && readlinkSync(link) === target) return link;
  if (stat) rmSync(link);
  symlinkSync(target, link, 'dir');
  return link;
}

/**
 * Writes the kernelspecs and the package link.
 * @param {{ root?: string, prefix?: string, link?: boolean, deno?: string | null | false }} [options]
 *   deno: an explicit executable, `false` to skip, or undefined to look for one
 * @returns {{ jupyterPath: string, kernels: { name: string, file: string }[], link: string | null, deno: string | null }}
 */
export function installKernels({ root = PROJECT_ROOT, prefix = defaultPrefix(root), link = true, deno } = {}) {
  const kernels = [{ name: TSLAB_KERNEL, file: writeSpec(prefix, TSLAB_KERNEL, tslabKernelSpec(root)) }];
  const denoPath = deno === false ? null : deno ?? findDeno(root);
  const denoDir = join(prefix, 'share', 'jupyter', 'kernels', DENO_KERNEL);
  if (denoPath) kernels.push({ name: DENO_KERNEL, file: writeSpec(prefix, DENO_KERNEL, denoKernelSpec(denoPath, root)) });
  else if (existsSync(denoDir)) rmSync(denoDir, { recursive: true });
  return { jupyterPath: jupyterPathOf(prefix), kernels, link: link ? linkPackage(root) : null, deno: denoPath };
}

function parseCli(args) {
  const options = { link: true };
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--no-link') options.link = false;
    else if (args[i] === '--no-deno') options.deno = false;
    else if (args[i] === '--prefix' && args[i + 1]) options.prefix = resolve(args[(i += 1)]);
    else throw new Error(`kernel: unknown argument ${args[i]} (use --prefix DIR, --no-link, --no-deno)`);
  }
  return options;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let options;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  const tslab = join(PROJECT_ROOT, 'node_modules', '.bin', 'tslab');
  if (!existsSync(tslab)) {
    console.error(`kernel: ${tslab} is missing; run npm install first`);
    process.exit(1);
  }
  const result = installKernels(options);
  for (const k of result.kernels) console.log(`kernel: wrote ${k.file}`);
  if (!result.deno) console.log('kernel: no deno executable found; the Deno kernel (optional) was not registered');
  if (result.link) console.log(`kernel: linked ${relative(PROJECT_ROOT, result.link)} -> project root (import "service" in cells)`);
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'index.d.ts'))) {
    console.log('kernel: dist/ is not built yet; run npm run build before importing "service" in a notebook');
  }
  console.log('kernel: point Jupyter at the kernels with:');
  console.log(`export JUPYTER_PATH=${result.jupyterPath}`);
}
