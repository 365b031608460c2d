// Drives a notebook kernel directly over the Jupyter protocol, for the kernel tests: registers
// the project's kernelspecs in a temporary prefix and runs a Python script with jupyter_client
// (the library of the Jupyter that ensure-jupyter finds or installs). Bounded: the script is
// killed at the time-out.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importScript } from './project-scripts';

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
  const { ensureJupyter } = await importScript<{ ensureJupyter(): { jupyter: string } }>('jupyter/ensure-jupyter.mjs');
  const { installKernels } = await importScript<{
    installKernels(o: { prefix: string; link: boolean; deno: false }): { jupyterPath: string };
  }>('../kernel/install.mjs');
  const jupyter = ensureJupyter().jupyter;
  // jupyter_client belongs to the Python that runs Jupyter (its script's #! line)
  const python = /^#!\s*(\S+)/.exec(readFileSync(jupyter, 'utf8').split('\n')[0] ?? '')?.[1] ?? 'python3';
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
