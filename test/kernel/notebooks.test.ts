// Notebooks are tests too: every notebooks/*.ipynb runs headless (scripts/jupyter/run-notebooks.mjs
// --check: Jupyter's nbconvert, a fresh small demo service) without a cell error on Deno's kernel
// (`deno jupyter --kernel`, from the project's node_modules/.bin/deno). Their run on the kernel
// they name (tslab) is the report run of test/reports/browser.test.ts, which executes every
// notebook before it writes its report. A cell error fails the run (fixtures on tslab, run against
// a bare service started here: they ask nothing of one).
// Jupyter is installed through apt-get when missing and this runs as root; elsewhere the run fails
// with a message naming the packages to install.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type NotebookRun, runNotebooks, serviceArgs } from '../helpers/run-notebooks';
import { startService } from '../helpers/start-service';

const root = resolve(__dirname, '..', '..');
const RUN_TIMEOUT_MS = 9 * 60_000;
const scratch = mkdtempSync(join(tmpdir(), 'service-notebooks-test-'));
const notebooks = readdirSync(join(root, 'notebooks'))
  .filter((n) => n.endsWith('.ipynb') && !n.endsWith('.nbconvert.ipynb'))
  .sort();

interface Notebook {
  metadata: { kernelspec?: { name?: string } };
  cells: { id?: string; cell_type: string }[];
}

type Run = NotebookRun;

/**
 * Notebooks that use tslab's own module (`import ... from "tslab"`) run on tslab only; the test
 * checks that each one listed here really does, so the list cannot hide another failure.
 */
const TSLAB_ONLY = new Set(['00-kernel-check.ipynb']);

let deno: Run = { code: null, output: '' };
/** The last Deno run alone (a run again after a bare "Execution failed", when there was one) and how many notebooks it ran. */
let denoLast: { run: Run; count: number } = { run: deno, count: 0 };
let failing: Run = { code: null, output: '' };

const runCheck = (...args: string[]): Promise<Run> => runNotebooks(['--check', ...args], RUN_TIMEOUT_MS);

/** The lines run-notebooks printed for a notebook that failed (empty when it did not fail). */
function failureOf(output: string, name: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`FAIL notebooks/${name} (`));
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && /^(ok {3}|FAIL )notebooks\/|^\d+ passed, \d+ failed/.test(l));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

const onDeno = notebooks.filter((n) => !TSLAB_ONLY.has(n));

test.before(async () => {
  deno = await runCheck('--kernel', 'deno', ...onDeno.map((n) => n.replace(/\.ipynb$/, '')));
  denoLast = { run: deno, count: onDeno.length };
  // Deno's kernel now and then ends a cell with a bare "Error: Execution failed" (no exception of
  // the cell's own) when the machine is loaded; a notebook that failed only so is run once more,
  // and said so. A real cell error names its exception and is never run again.
  const opaque = notebooks.filter((n) => /^\s*Error: Execution failed\s*$/m.test(failureOf(deno.output, n)));
  if (opaque.length > 0) {
    console.error(`notebooks: re-running on Deno after a bare "Execution failed": ${opaque.join(', ')}`);
    const again = await runCheck('--no-build', '--kernel', 'deno', ...opaque.map((n) => n.replace(/\.ipynb$/, '')));
    denoLast = { run: again, count: opaque.length };
    deno = { ...deno, output: `${deno.output}\n${again.output}` };
  }
  // The failing fixtures ask nothing of a service: a bare one in this process, not a seeded demo.
  const service = await startService();
  try {
    failing = await runCheck('--no-build', ...serviceArgs(service, scratch), '--notebooks', join(__dirname, 'fixtures', 'failing'));
  } finally {
    await service.close();
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test('there are notebooks, each naming a registered kernel and with an id on every cell', () => {
  assert.ok(notebooks.includes('00-kernel-check.ipynb'), notebooks.join(', '));
  for (const name of notebooks) {
    const nb = JSON.parse(readFileSync(join(root, 'notebooks', name), 'utf8')) as Notebook;
    assert.ok(['tslab', 'deno'].includes(nb.metadata.kernelspec?.name ?? ''), `${name}: kernelspec ${nb.metadata.kernelspec?.name}`);
    const ids = nb.cells.map((c) => c.id ?? '');
    assert.ok(
      ids.every((id) => /^[a-zA-Z0-9-_]{1,64}$/.test(id)),
      `${name}: cell ids ${ids.join(', ')}`,
    );
    assert.is(new Set(ids).size, ids.length, `${name}: duplicate cell ids`);
  }
});

for (const name of onDeno) {
  test(`notebooks/${name} runs headless on the Deno kernel`, () => {
    const ok = deno.output.split('\n').some((l) => l.startsWith(`ok   notebooks/${name} (`));
    assert.ok(ok, `run-notebooks --check --kernel deno output:\n${deno.output.slice(-8000)}`);
  });
}

test('the tslab-only notebooks are those that import tslab itself', () => {
  for (const name of TSLAB_ONLY) {
    const nb = JSON.parse(readFileSync(join(root, 'notebooks', name), 'utf8')) as { cells: { source?: string | string[] }[] };
    const code = nb.cells.map((c) => [c.source ?? ''].flat().join('')).join('\n');
    assert.match(code, /from "tslab"|from 'tslab'/, `${name} is listed as tslab-only but does not import tslab`);
  }
});

test('run-notebooks --check exits 0 with a final "N passed, 0 failed" line', () => {
  const { run, count } = denoLast;
  const last = run.output.trimEnd().split('\n').pop() ?? '';
  assert.is(last, `${count} passed, 0 failed`, run.output.slice(-8000));
  assert.is(run.code, 0);
});

test('a cell error fails the run: type errors and thrown errors, with their messages', () => {
  const lines = failing.output.split('\n');
  assert.ok(
    lines.some((l) => /^ok {3}test\/kernel\/fixtures\/failing\/a-passes\.ipynb \(/.test(l)),
    failing.output,
  );
  assert.ok(
    lines.some((l) => /^FAIL test\/kernel\/fixtures\/failing\/b-type-error\.ipynb \(/.test(l)),
    failing.output,
  );
  assert.ok(
    lines.some((l) => /^FAIL test\/kernel\/fixtures\/failing\/c-throws\.ipynb \(/.test(l)),
    failing.output,
  );
  // tslab's own diagnostics (line:column - message) and the thrown error reach the output.
  assert.ok(failing.output.includes("1:7 - Type 'string' is not assignable to type 'number'."), failing.output);
  assert.ok(failing.output.includes('Error: boom from a notebook cell'), failing.output);
  assert.not.ok(failing.output.includes('never reached'), 'a cell after the failing one ran');
  assert.is(failing.output.trimEnd().split('\n').pop(), '1 passed, 2 failed');
  assert.is(failing.code, 1);
});

test.run();
