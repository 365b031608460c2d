#!/usr/bin/env node
// Finds a Jupyter that can run notebooks headless (`jupyter nbconvert`) and, for `npm start`, one
// that can also serve them (`jupyter notebook`, or `jupyter lab`). When none is found and this
// process is root on a machine with apt-get, installs Debian's packages without the ones they only
// recommend (scripts/jupyter/apt-install.mjs), printing each command.
// Otherwise prints what to install and exits non-zero.
//
//   node scripts/jupyter/ensure-jupyter.mjs            nbconvert only (npm run report, tests)
//   node scripts/jupyter/ensure-jupyter.mjs --server   also a notebook server (npm start)
//   node scripts/jupyter/ensure-jupyter.mjs --no-install   only look, never install
//
// The environment variable JUPYTER=/path/to/jupyter picks a Jupyter explicitly. `python3` on PATH
// may be a Python without Jupyter (pyenv); Debian's Jupyter is `/usr/bin/jupyter`, tried first.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt-install.mjs';

/** Debian packages for headless execution (nbconvert, nbclient and the kernel plumbing). */
export const DEBIAN_BASE_PACKAGES = ['jupyter-nbconvert', 'python3-nbclient', 'jupyter-client', 'python3-ipykernel'];
/** Debian packages for the notebook server (Debian 12 packages Notebook 6; JupyterLab is not packaged). */
export const DEBIAN_SERVER_PACKAGES = ['jupyter-notebook'];
/** The pip equivalent, for the message on machines where apt-get cannot be used. */
const PIP_PACKAGES = ['nbconvert', 'nbclient', 'jupyter_client', 'ipykernel'];
const PROBE_TIMEOUT_MS = 60_000;

/** Raised when no usable Jupyter exists and none could be installed; `message` says what to do. */
export class JupyterMissingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'JupyterMissingError';
  }
}

/**
 * Tells whether a file exists and may be executed.
 * @param {string} path
 * @returns {boolean}
 */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Every executable named `name` on PATH, in PATH order. */
export function whichAll(name, path = process.env.PATH ?? '') {
  const out = [];
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate) && !out.includes(candidate)) out.push(candidate);
  }
  return out;
}

function succeeds(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  return r.status === 0 ? (r.stdout || r.stderr).trim() : null;
}

function candidates() {
  const list = [];
  if (process.env.JUPYTER) list.push(process.env.JUPYTER);
  list.push('/usr/bin/jupyter', ...whichAll('jupyter'));
  return [...new Set(list)].filter(isExecutable);
}

/**
 * The Python that runs a `jupyter` script (its `#!` line), which has Jupyter's libraries
 * (nbconvert, nbclient, jupyter_client): for the project's own Python scripts.
 * @param {string} jupyter the jupyter executable of {@link findJupyter}
 * @returns {string} the interpreter, or `python3` when the line names none
 */
export function pythonOf(jupyter) {
  const line = readFileSync(jupyter, 'utf8').split('\n', 1)[0] ?? '';
  const words = /^#!\s*(.*)$/.exec(line)?.[1]?.trim().split(/\s+/) ?? [];
  // `#!/usr/bin/env python3` names the interpreter after env
  const python = basename(words[0] ?? '') === 'env' ? words[1] : words[0];
  return python || 'python3';
}

/**
 * What the Python of a `jupyter` script ({@link pythonOf}) is asked: the versions of the packages
 * the project's runs import, read from their installed metadata. Importing nbconvert to print its
 * version (`jupyter nbconvert --version`) takes about a second of CPU; this takes 0.06 s.
 */
const VERSIONS_PROBE = [
  'from importlib.metadata import version',
  "print(' '.join(version(p) for p in ('nbconvert', 'nbclient', 'jupyter_client')))",
].join('\n');

/**
 * The version of nbconvert a Jupyter runs, or null when it cannot run notebooks headless: read
 * from the metadata of its Python's packages (nbconvert, nbclient and jupyter_client all
 * present), or, for a `jupyter` that is no Python script, from `jupyter nbconvert --version`.
 * @param {string} jupyter a jupyter executable
 * @returns {string | null}
 */
export function nbconvertOf(jupyter) {
  const versions = succeeds(pythonOf(jupyter), ['-c', VERSIONS_PROBE])?.split(/\s+/);
  if (versions?.length === 3) return versions[0];
  return succeeds(jupyter, ['nbconvert', '--version']);
}

/**
 * Looks for a usable Jupyter without installing anything.
 * @param {{ server?: boolean }} [options] server: also require (and look for) a notebook server
 * @returns {{ jupyter: string, nbconvert: string, server: 'notebook' | 'lab' | null } | null}
 *   the executable, nbconvert's version and the server sub-command (null unless asked for), or
 *   null when none fits
 */
export function findJupyter({ server = false } = {}) {
  for (const jupyter of candidates()) {
    const nbconvert = nbconvertOf(jupyter);
    if (nbconvert === null) continue;
    if (!server) return { jupyter, nbconvert, server: null };
    let app = null;
    if (succeeds(jupyter, ['notebook', '--version']) !== null) app = 'notebook';
    else if (succeeds(jupyter, ['lab', '--version']) !== null) app = 'lab';
    if (app !== null) return { jupyter, nbconvert, server: app };
  }
  return null;
}

function installHint(packages) {
  return [
    'Install it, then run this again:',
    `  Debian/Ubuntu:  sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`,
    `  other systems:  python3 -m pip install --user ${PIP_PACKAGES.join(' ')}${packages.includes('jupyter-notebook') ? ' notebook' : ''}`,
    'or point JUPYTER at a jupyter executable whose Python has nbconvert (JUPYTER=/path/to/jupyter).',
  ].join('\n');
}

/**
 * Returns a usable Jupyter, installing Debian's packages first when none exists and this process
 * may (root, apt-get present, `install` not false).
 * @param {{ server?: boolean, install?: boolean }} [options]
 * @returns {{ jupyter: string, nbconvert: string, server: 'notebook' | 'lab' | null }}
 * @throws {JupyterMissingError} when none exists and it cannot be installed (the message says what to do)
 */
export function ensureJupyter({ server = false, install = true } = {}) {
  const found = findJupyter({ server });
  if (found) return found;
  const packages = server ? [...DEBIAN_BASE_PACKAGES, ...DEBIAN_SERVER_PACKAGES] : DEBIAN_BASE_PACKAGES;
  const what = server ? 'a Jupyter with nbconvert and a notebook server' : 'a Jupyter with nbconvert';
  const aptGet = whichAll('apt-get')[0] ?? (isExecutable('/usr/bin/apt-get') ? '/usr/bin/apt-get' : null);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!install || !aptGet || !root) {
    const why = !install ? 'installing was switched off (--no-install)'
      : !aptGet ? 'this machine has no apt-get' : 'this process is not root, so it cannot run apt-get';
    throw new JupyterMissingError(`ensure-jupyter: ${what} was not found, and ${why}.\n${installHint(packages)}`);
  }
  console.log(`ensure-jupyter: ${what} was not found; installing Debian's packages: ${packages.join(' ')}`);
  try {
    aptInstall(packages, { aptGet, label: 'ensure-jupyter' });
  } catch (err) {
    throw new JupyterMissingError(err.message);
  }
  const after = findJupyter({ server });
  if (!after) {
    throw new JupyterMissingError(`ensure-jupyter: installed ${packages.join(' ')}, but still no ${what} was found.\n${installHint(packages)}`);
  }
  console.log(`ensure-jupyter: installed; using ${after.jupyter} (nbconvert ${after.nbconvert})`);
  return after;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--server' && a !== '--no-install');
  if (unknown.length) {
    console.error(`ensure-jupyter: unknown argument ${unknown[0]} (use --server, --no-install)`);
    process.exit(2);
  }
  try {
    const j = ensureJupyter({ server: args.includes('--server'), install: !args.includes('--no-install') });
    console.log(`ensure-jupyter: ${j.jupyter} (nbconvert ${j.nbconvert}${j.server ? `, server: jupyter ${j.server}` : ''})`);
  } catch (err) {
    console.error(err instanceof JupyterMissingError ? err.message : err);
    process.exit(1);
  }
}
