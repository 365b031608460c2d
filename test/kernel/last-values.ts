// Cells that end with a value, run headless ten times on one kernel, never with a missing output
// (last-values-tslab.test.ts and last-values-deno.test.ts, one file per kernel so each stays within
// a test file's time). The notebook (fixtures/last-values) ends its cells with a series, a table, a
// list, a chart, a Danfo frame, an empty load, the user of the key and a thrown error (tagged
// raises-exception), each value cell with one rich output and no empty `Out[n]` beside it. It is
// executed as `jupyter nbconvert --execute` does, by nbclient (the library behind it), from one
// Python process: each run starts its own kernel through the project's kernelspec, two runs at a
// time, against one demo service (today's small demo, started in this process on loopback). A
// kernel that ends before its first reply is replaced, as `npm run report` replaces it
// (docs/notebooks.md#a-kernel-that-does-not-start), and the replacements are printed.
// On Deno a value's bundle is the cell's result (execute_result, `Out[n]`); an object that also
// sent a display message of its own would show twice, or beside an empty `Out[n]`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { importScript } from '../helpers/project-scripts';
import { type StartedService, startService } from '../helpers/start-service';

const ROOT = resolve(__dirname, '..', '..');
const NOTEBOOK = join(__dirname, 'fixtures', 'last-values', 'last-values.ipynb');
const RUNS = 10;
/** Runs at once: two kernels, one per core. */
const AT_ONCE = 2;
const CELL_TIMEOUT_S = 300;
const ALL_RUNS_TIMEOUT_MS = 9 * 60_000;

const VEGALITE = 'application/vnd.vegalite.v5+json';

/** What each cell must show: a MIME type one of its outputs has (`error` for the thrown one). */
const EXPECTED: Readonly<Record<string, string>> = {
  series: 'text/html',
  table: 'text/html',
  list: 'text/html',
  chart: VEGALITE,
  frame: 'text/html',
  empty: 'text/html',
  user: 'text/html',
  error: 'error',
};

/**
 * Executes a notebook RUNS times as nbconvert would, AT_ONCE at a time, each with a fresh kernel;
 * writes each executed notebook to OUT/NN.ipynb and prints one JSON line per run.
 *
 * Deno's kernel now and then sends a cell's output after the status that says the cell is done
 * (its outputs go out through a queue that the status overtakes): nbclient, and so nbconvert,
 * then drops it, though the browser shows it. Such an output is kept here with the cell it
 * belongs to and counted in the cell's metadata (`late_outputs`), as the report runner keeps it
 * (scripts/jupyter/late_outputs.py), so a missing output is one the kernel never sent.
 */
const RUNNER = `
import asyncio, json, os, sys, time
import nbformat
from nbclient import NotebookClient
from late_outputs import LateOutputs

kernel, notebook, out, runs, at_once, timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
START_ATTEMPTS = 3

class KeepingLateOutputs(LateOutputs, NotebookClient):
    pass

async def run(i, slots):
    async with slots:
        t0 = time.monotonic()
        restarts = 0
        while True:
            nb = nbformat.read(notebook, as_version=4)
            client = KeepingLateOutputs(nb, kernel_name=kernel, timeout=timeout, startup_timeout=120,
                                        resources={"metadata": {"path": os.path.dirname(notebook)}})
            error = None
            try:
                await client.async_execute()
            except Exception as err:
                error = f"{type(err).__name__}: {err}"[:4000]
            # A kernel that ended before its first reply (another process took one of its ports)
            # ran no cell: the run starts a new one, as npm run report does.
            if error is None or "Kernel died before replying to kernel_info" not in error or restarts + 1 >= START_ATTEMPTS:
                break
            restarts += 1
        nbformat.write(nb, os.path.join(out, f"{i:02d}.ipynb"))
        late = {c.get("id"): c.metadata["late_outputs"] for c in nb.cells if "late_outputs" in c.metadata}
        print(json.dumps({"run": i, "seconds": round(time.monotonic() - t0, 1), "error": error, "late": late, "restarts": restarts}), flush=True)

async def main():
    slots = asyncio.Semaphore(at_once)
    await asyncio.gather(*(run(i, slots) for i in range(1, runs + 1)))

asyncio.run(main())
`;

interface Output {
  output_type: string;
  name?: string;
  data?: Record<string, unknown>;
  text?: string | string[];
  ename?: string;
  evalue?: string;
  traceback?: string[];
}

interface Cell {
  id: string;
  cell_type: string;
  outputs?: Output[];
}

interface Run {
  run: number;
  seconds: number;
  error: string | null;
  /** Outputs that came after their cell's idle status, by cell id. */
  late: Record<string, number>;
  /** Kernels that ended before their first reply and were replaced (docs/notebooks.md#a-kernel-that-does-not-start). */
  restarts: number;
}

/** Whether an output shows something: a non-empty MIME value, stream text or an error. */
function shows(output: Output): boolean {
  if (output.output_type === 'error') return true;
  if (output.output_type === 'stream') return [output.text ?? ''].flat().join('').trim() !== '';
  return Object.values(output.data ?? {}).some((v) => (typeof v === 'string' ? v.trim() !== '' : [v].flat().length > 0));
}

/** Whether an output is the progress bar of a load of many curves (docs/research.md), not a cell's value. */
function isProgress(output: Output): boolean {
  return [output.data?.['text/html'] ?? ''].flat().join('').includes('<progress ');
}

/**
 * The error a cell shows: Deno sends an error output (name, message, traceback), tslab prints the
 * error on stderr (util.inspect, model/error-display.ts) and ends the cell in error.
 *
 * @param outputs - The cell's outputs.
 * @returns The text shown, first line `Class: message`, or null when the cell shows no error.
 */
function errorTextOf(outputs: readonly Output[]): string | null {
  const error = outputs.find((o) => o.output_type === 'error');
  if (error !== undefined) return [error.traceback ?? []].flat().join('\n') || `${error.ename}: ${error.evalue}`;
  const stderr = outputs.filter((o) => o.output_type === 'stream' && o.name === 'stderr');
  return stderr.length > 0 ? stderr.map((o) => [o.text ?? ''].flat().join('')).join('') : null;
}

/**
 * What is wrong with a short error: it must start with `ValidationError:` and the parameter it
 * names, and point into no module file (the package's `dist/`, `node_modules`, a kernel's own code).
 *
 * @param text - The error text of {@link errorTextOf}.
 * @returns The problem, or null.
 */
function shortErrorProblem(text: string | null): string | null {
  if (text === null) return 'no error shown';
  if (!/^ValidationError: Field="begin", message: /.test(text)) return `not a ValidationError naming begin: ${text.slice(0, 300)}`;
  const files = text.split('\n').filter((l) => /^\s+at /.test(l) && /[\\/]|file:|node:|ext:/.test(l));
  return files.length > 0 ? `frames into module files: ${files.slice(0, 3).join(' | ')}` : null;
}

/**
 * What is wrong with one executed notebook: each cell of {@link EXPECTED} without any output,
 * without its kind of output, or with more than one rich output (an empty `execute_result` beside
 * the display counts); the error cell without a short `ValidationError`. On tslab also: the chart
 * without its static SVG (drawn by the worker thread the cell waits for, src/plot/svg-sync.ts),
 * and an error frame not on the one-line error cell's line 1 (kernel/cell-lines.mjs).
 *
 * @param cells - The executed notebook's cells.
 * @param kernel - The kernel that ran them.
 * @returns One line per problem (none when all is well).
 */
function problemsOf(cells: readonly Cell[], kernel: 'tslab' | 'deno'): string[] {
  const problems: string[] = [];
  for (const [id, kind] of Object.entries(EXPECTED)) {
    const outputs = cells.find((c) => c.id === id)?.outputs ?? [];
    // the value's rich outputs (a load of several curves also shows its progress bar)
    const rich = outputs.filter((o) => (o.output_type === 'execute_result' || o.output_type === 'display_data') && !isProgress(o));
    const listed = rich.map((o) => Object.keys(o.data ?? {}).join('+') || `empty ${o.output_type}`).join(', ');
    if (!outputs.some(shows)) problems.push(`${id}: no output`);
    else if (kind === 'error') {
      const text = errorTextOf(outputs);
      const problem = shortErrorProblem(text);
      const frames = (text ?? '').split('\n').filter((l) => /^\s+at /.test(l));
      if (problem !== null) problems.push(`${id}: ${problem}`);
      else if (kernel === 'tslab' && !frames.every((l) => /evalmachine\.<anonymous>:1:\d+\)?$/.test(l))) {
        problems.push(`${id}: frames not on the cell's line 1: ${frames.join(' | ')}`);
      }
    } else if (!outputs.some((o) => o.data?.[kind] !== undefined)) {
      problems.push(`${id}: no ${kind} (${outputs.map((o) => Object.keys(o.data ?? {}).join('+') || o.output_type).join(', ')})`);
    } else if (rich.length !== 1 || !shows(rich[0]!)) {
      // one rich output per value: no second copy, and no empty `Out[n]` beside it
      problems.push(`${id}: ${rich.length} rich outputs, one expected (${listed})`);
    } else if (kernel === 'tslab' && kind === VEGALITE && !outputs.some((o) => o.data?.['image/svg+xml'] !== undefined)) {
      const said = outputs.map((o) => [o.data?.['text/plain'] ?? ''].flat().join('')).join(' ');
      problems.push(`${id}: no static SVG (${said.slice(0, 300)})`);
    }
  }
  return problems;
}

/** Runs the Python runner; resolves with its output once it exits (killed at the time-out). */
function execute(python: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done) => {
    const pythonPath = [join(ROOT, 'scripts', 'jupyter'), env.PYTHONPATH].filter(Boolean).join(delimiter);
    const child = spawn(python, ['-c', RUNNER, ...args], {
      cwd: ROOT,
      env: { ...env, PYTHONPATH: pythonPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ALL_RUNS_TIMEOUT_MS);
    child.on('close', () => {
      clearTimeout(timer);
      done(text);
    });
  });
}

/**
 * Runs the fixture RUNS times on a kernel and checks every run's outputs.
 *
 * @param kernel - `tslab` or `deno`.
 */
export function lastValuesOn(kernel: 'tslab' | 'deno'): void {
  const test = suite(`last values on ${kernel}`);
  const scratch = mkdtempSync(join(tmpdir(), `last-values-${kernel}-`));
  const executed = join(scratch, 'executed');
  let service: StartedService | null = null;
  let output = '';
  let runs: Run[] = [];
  let failed = false;

  test.before(async () => {
    const { ensureJupyter, pythonOf } = await importScript<{ ensureJupyter(): { jupyter: string }; pythonOf(jupyter: string): string }>(
      'jupyter/ensure-jupyter.mjs',
    );
    const { ensureBuilt } = await importScript<{ ensureBuilt(root: string): boolean }>('jupyter/ensure-build.mjs');
    const { installKernels } = await importScript<{ installKernels(o: { root: string }): { jupyterPath: string } }>(
      '../kernel/install.mjs',
    );
    const { notebookEnv } = await importScript<{
      notebookEnv(o: { root: string; jupyterPath: string; apiUrl: string; keyFile: string; runtimeDir: string }): NodeJS.ProcessEnv;
    }>('jupyter/notebook-env.mjs');
    const jupyter = ensureJupyter().jupyter;
    // nbclient belongs to the Python that runs Jupyter
    const python = pythonOf(jupyter);
    ensureBuilt(ROOT);
    const { jupyterPath } = installKernels({ root: ROOT });
    service = await startService({ demo: { preset: 'small' } });
    const keyFile = join(scratch, 'api-key');
    writeFileSync(keyFile, `${service.apiKey}\n`);
    const env = notebookEnv({
      root: ROOT,
      jupyterPath,
      apiUrl: service.apiUrl,
      keyFile,
      runtimeDir: join(scratch, 'runtime'),
    });
    mkdirSync(executed, { recursive: true });
    output = await execute(python, [kernel, NOTEBOOK, executed, String(RUNS), String(AT_ONCE), String(CELL_TIMEOUT_S)], env);
    runs = output
      .split('\n')
      .filter((l) => l.startsWith('{"run"'))
      .map((l) => JSON.parse(l) as Run)
      .sort((a, b) => a.run - b.run);
  });

  test.after(async () => {
    await service?.close();
    // kept when a check failed, for the executed notebooks (named in the message)
    if (!failed) rmSync(scratch, { recursive: true, force: true });
  });

  test(`the notebook ran ${RUNS} times without a cell error`, () => {
    failed ||= runs.length !== RUNS || runs.some((r) => r.error !== null);
    assert.is(runs.length, RUNS, output.slice(-6000));
    assert.equal(
      runs.filter((r) => r.error !== null).map((r) => `run ${r.run}: ${r.error}`),
      [],
    );
    const late = runs.filter((r) => Object.keys(r.late).length > 0).map((r) => `run ${r.run} ${JSON.stringify(r.late)}`);
    const restarted = runs.filter((r) => r.restarts > 0).map((r) => `run ${r.run} (${r.restarts})`);
    console.log(
      `last values on ${kernel}: ${runs.map((r) => `${r.seconds} s`).join(', ')}; outputs after idle: ${late.join(', ') || 'none'}; ` +
        `kernels replaced at start: ${restarted.join(', ') || 'none'}`,
    );
  });

  test(`every cell shows its kind of output in each of ${RUNS} runs; the thrown error is a ValidationError`, () => {
    const missing: string[] = [];
    for (const { run, error } of runs) {
      // the run's own error first: a file's output may be cut short before the first check's message
      if (error !== null) missing.push(`run ${run}: ended with ${error.split('\n')[0]?.slice(0, 300)}`);
      const name = `${String(run).padStart(2, '0')}.ipynb`;
      const cells = (JSON.parse(readFileSync(join(executed, name), 'utf8')) as { cells: Cell[] }).cells;
      for (const problem of problemsOf(cells, kernel)) missing.push(`run ${run}: ${problem}`);
    }
    failed ||= missing.length > 0;
    assert.equal(missing, [], `cells without their output (executed notebooks in ${executed}):\n${missing.join('\n')}`);
  });

  test.run();
}
