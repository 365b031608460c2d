// Drives a notebook kernel directly over the Jupyter protocol, for the kernel tests: registers
// the project's kernelspecs in a temporary prefix and runs a Python script with jupyter_client
// (the library of the Jupyter that ensure-jupyter finds or installs). Bounded: the script is
// killed at the time-out.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importScript } from './project-scripts';

/**
 * Python for the scripts: `start_kernel(name, startup_timeout)` starts a kernel as
 * jupyter_client's `start_new_kernel` does, and replaces one that ends before its first reply
 * (another process took one of its ports; docs/notebooks.md#a-kernel-that-does-not-start), at
 * most three starts in all, as `npm run report` does. Returns `(km, kc, seconds, replaced)`: the
 * seconds of the start that answered and how many were replaced; prints a JSON line
 * `{"replaced": "..."}` for each replaced one.
 */
export const START_KERNEL = `
import json, time
from jupyter_client.manager import start_new_kernel

def start_kernel(name, startup_timeout):
    replaced = 0
    while True:
        t0 = time.monotonic()
        try:
            km, kc = start_new_kernel(kernel_name=name, startup_timeout=startup_timeout)
            return km, kc, time.monotonic() - t0, replaced
        except RuntimeError as err:
            if "Kernel died before replying to kernel_info" not in str(err) or replaced >= 2:
                raise
            replaced += 1
            print(json.dumps({"replaced": repr(err)}), flush=True)
`;

/** A temporary kernelspec prefix and the runner of jupyter_client scripts against it. */
export interface KernelClient {
  /** Runs a Python script (`python -c SCRIPT ARGS...`) in `cwd`; resolves with its output. */
  run(script: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<string>;
  /** Removes the prefix. */
  remove(): void;
}

/**
 * Registers the tslab kernel (no Deno, no link) in a fresh prefix and finds Jupyter's Python.
 *
 * @param name - A word for the temporary folder.
 * @returns The client.
 * @example
 * const kernels = await kernelClient('kernel-start');
 * const output = await kernels.run(SCRIPT, ['5'], notebooks, 60_000);
 */
export async function kernelClient(name: string): Promise<KernelClient> {
  const prefix = mkdtempSync(join(tmpdir(), `${name}-`));
  const { ensureJupyter, pythonOf } = await importScript<{ ensureJupyter(): { jupyter: string }; pythonOf(jupyter: string): string }>(
    'jupyter/ensure-jupyter.mjs',
  );
  const { installKernels } = await importScript<{
    installKernels(o: { prefix: string; link: boolean; deno: false }): { jupyterPath: string };
  }>('../kernel/install.mjs');
  const jupyter = ensureJupyter().jupyter;
  // jupyter_client belongs to the Python that runs Jupyter
  const python = pythonOf(jupyter);
  const { jupyterPath } = installKernels({ prefix, link: false, deno: false });
  const run = (script: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<string> =>
    new Promise<string>((done) => {
      const child = spawn(python, ['-c', script, ...args], {
        cwd,
        env: { ...process.env, JUPYTER_PATH: jupyterPath, JUPYTER_RUNTIME_DIR: join(prefix, 'runtime') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('close', () => {
        clearTimeout(timer);
        done(text);
      });
    });
  return { run, remove: () => rmSync(prefix, { recursive: true, force: true }) };
}
