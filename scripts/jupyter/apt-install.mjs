// Debian packages through apt-get, for the tools that `npm start`, `npm run report` and the tests
// install when missing (Jupyter, chromium): the packages and what they depend on, not what they
// merely recommend. Jupyter's recommendations bring scipy, sympy, matplotlib, Boost's headers and
// pandoc, 147 packages and 119 MB to download and unpack where 83 packages and 19 MB run every
// notebook and report (docs/notebooks.md#jupyter-and-chromium).
import { spawnSync } from 'node:child_process';

/** apt-get's arguments before the package names. */
const APT_INSTALL_ARGS = ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '--no-install-recommends'];
const TIMEOUT_MS = 30 * 60_000;
/** The package lists are refreshed once per process. */
let updated = false;

/**
 * Installs Debian packages: `apt-get update` (once per process), then `apt-get install` without
 * recommended packages, printing each command and letting apt-get's output through.
 * @param {string[]} packages
 * @param {{ aptGet?: string, label: string, run?: typeof spawnSync }} options the apt-get
 *   executable, the prefix of the printed lines and errors, and what runs a command (the tests
 *   pass one that records)
 * @throws {Error} naming the command that failed
 */
export function aptInstall(packages, { aptGet = '/usr/bin/apt-get', label, run = spawnSync }) {
  const steps = [...(updated ? [] : [['update']]), [...APT_INSTALL_ARGS, ...packages]];
  for (const args of steps) {
    console.log(`${label}: $ ${[aptGet, ...args].join(' ')}`);
    const r = run(aptGet, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: TIMEOUT_MS });
    if (r.status !== 0) throw new Error(`${label}: '${aptGet} ${args.join(' ')}' failed (exit ${r.status ?? r.signal})`);
    if (args[0] === 'update') updated = true;
  }
}
