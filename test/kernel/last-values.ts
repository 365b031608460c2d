// Cells that end with a value, run headless (scripts/jupyter/run-notebooks.mjs --check: Jupyter's
// nbconvert against a fresh small demo service) ten times on one kernel, and never a missing
// output (last-values-tslab.test.ts and last-values-deno.test.ts, one file per kernel so each
// stays within a test file's time). The notebook (fixtures/last-values) ends its cells with a series, a
// table, a list, a chart, a Danfo frame, an empty load and a thrown error (tagged
// raises-exception). Deno's kernel used to lose a cell's result now and then (a garbage collection
// while the result was on its way, model/display.ts): in four runs, twice.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type NotebookRun, runNotebooks } from '../helpers/run-notebooks';

const ROOT = resolve(__dirname, '..', '..');
const RUNS = 10;
const RUN_TIMEOUT_MS = 9 * 60_000;
const VALUE_CELLS = ['series', 'table', 'list', 'chart', 'frame', 'empty'];

interface Output {
  output_type: string;
  data?: Record<string, unknown>;
  text?: string | string[];
  ename?: string;
}

interface Cell {
  id: string;
  cell_type: string;
  outputs?: Output[];
}

/** The notebook of every run: the fixture with the kernel in its metadata. */
function copies(kernel: string, notebooks: string): string[] {
  const fixture = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'last-values', 'last-values.ipynb'), 'utf8')) as {
    metadata: { kernelspec: { name: string; display_name: string } };
  };
  const names: string[] = [];
  mkdirSync(notebooks, { recursive: true });
  for (let i = 1; i <= RUNS; i += 1) {
    const name = `${kernel}-${String(i).padStart(2, '0')}`;
    const nb = { ...fixture, metadata: { ...fixture.metadata, kernelspec: { ...fixture.metadata.kernelspec, name: kernel } } };
    writeFileSync(join(notebooks, `${name}.ipynb`), JSON.stringify(nb));
    names.push(name);
  }
  return names;
}

/** Whether an output shows something: a non-empty MIME type or stream text. */
function shows(output: Output): boolean {
  if (output.output_type === 'stream') return [output.text ?? ''].flat().join('').trim() !== '';
  return Object.values(output.data ?? {}).some((v) => (typeof v === 'string' ? v.trim() !== '' : [v].flat().length > 0));
}

/** The outputs a cell shows as text: its MIME types' strings, stream text and error names. */
function textOf(outputs: readonly Output[]): string {
  return outputs.map((o) => `${o.ename ?? ''} ${[o.text ?? ''].flat().join('')} ${JSON.stringify(o.data ?? {})}`).join('\n');
}

/**
 * Runs the fixture RUNS times on a kernel and checks every run's outputs.
 *
 * @param kernel - `tslab` or `deno`.
 */
export function lastValuesOn(kernel: 'tslab' | 'deno'): void {
  const test = suite(`last values on ${kernel}`);
  // inside the project, where cells resolve "service" as the notebooks do (tmp/ is ignored)
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const scratch = mkdtempSync(join(ROOT, 'tmp', `last-values-${kernel}-`));
  const notebooks = join(scratch, 'notebooks');
  const executed = join(scratch, 'executed');
  let names: string[] = [];
  let run: NotebookRun = { code: null, output: '' };

  test.before(async () => {
    names = copies(kernel, notebooks);
    run = await runNotebooks(['--check', '--notebooks', notebooks, '--executed', executed], RUN_TIMEOUT_MS);
  });

  test.after(() => rmSync(scratch, { recursive: true, force: true }));

  test(`the notebook ran ${RUNS} times`, () => {
    assert.is(run.output.trimEnd().split('\n').pop(), `${names.length} passed, 0 failed`, run.output.slice(-6000));
  });

  test(`every cell that ends with a value shows it, in each of ${RUNS} runs; the thrown error shows its class`, () => {
    const missing: string[] = [];
    for (const name of names) {
      const cells = (JSON.parse(readFileSync(join(executed, `${name}.ipynb`), 'utf8')) as { cells: Cell[] }).cells;
      for (const id of VALUE_CELLS) {
        const cell = cells.find((c) => c.id === id);
        if (!(cell?.outputs ?? []).some(shows)) missing.push(`${name}: ${id}`);
      }
      if (!textOf(cells.find((c) => c.id === 'error')?.outputs ?? []).includes('ValidationError')) missing.push(`${name}: error`);
    }
    assert.equal(missing, [], `cells without their output:\n${missing.join('\n')}`);
  });

  test.run();
}
