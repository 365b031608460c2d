// Runs scripts/jupyter/run-notebooks.mjs (npm run report / notebooks:check) as a child process and
// collects its output, for the kernel and report tests. Bounded: the child is stopped at the time-out.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The exit code and the combined output of one run. */
export interface NotebookRun {
  code: number | null;
  output: string;
}

const root = resolve(__dirname, '..', '..');

/**
 * Runs the notebook runner with these arguments from the project root.
 *
 * @param args - Its arguments (`--check`, `--out DIR`, notebook words, ...).
 * @param timeoutMs - When to stop it (SIGTERM).
 * @returns The exit code and output.
 * @example
 * const run = await runNotebooks(['--check', '01-quickstart'], 9 * 60_000);
 */
export function runNotebooks(args: readonly string[], timeoutMs: number): Promise<NotebookRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'jupyter', 'run-notebooks.mjs'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/**
 * The runner's arguments for a service the test started (`--service URL --key-file FILE`), so that
 * a run uses it instead of seeding a demo service of its own; the key goes to `dir/api-key`.
 *
 * @param service - The running service: its API address and a key it accepts.
 * @param dir - A folder of the test's own, for the key file.
 * @returns The arguments.
 * @example
 * await runNotebooks(['--check', ...serviceArgs(await startService(), scratch)], 9 * 60_000);
 */
export function serviceArgs(service: { apiUrl: string; apiKey: string }, dir: string): string[] {
  const keyFile = join(dir, 'api-key');
  writeFileSync(keyFile, `${service.apiKey}\n`);
  return ['--service', service.apiUrl, '--key-file', keyFile];
}
