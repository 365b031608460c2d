// Outputs Deno's kernel sends after the status that says their cell is done are kept by the
// report runner (scripts/jupyter/run-notebooks.mjs, through late_outputs.py) under their cells:
// `nbconvert --execute` alone drops them. The fixture's last cell displays from a timer that
// fires after the cell ended, so its output always comes late; its first cell displays without
// awaiting after an await, as a notebook may. It reads no data: the run gets a service started
// here with no demo (--service) rather than seeding one of its own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type NotebookRun, runNotebooks, serviceArgs } from '../helpers/run-notebooks';
import { type StartedService, startService } from '../helpers/start-service';

const RUN_TIMEOUT_MS = 5 * 60_000;
const scratch = mkdtempSync(join(tmpdir(), 'late-outputs-'));

interface Cell {
  id: string;
  metadata: { late_outputs?: number };
  outputs?: { output_type: string; data?: Record<string, unknown> }[];
}

let run: NotebookRun = { code: null, output: '' };
let service: StartedService | null = null;

test.before(async () => {
  service = await startService();
  const executed = join(scratch, 'executed');
  run = await runNotebooks(
    [
      '--check',
      '--no-build',
      '--kernel',
      'deno',
      '--executed',
      executed,
      ...serviceArgs(service, scratch),
      '--notebooks',
      join(__dirname, 'fixtures', 'late-outputs'),
    ],
    RUN_TIMEOUT_MS,
  );
});

test.after(async () => {
  await service?.close();
  rmSync(scratch, { recursive: true, force: true });
});

test('an output sent after its cell ended is kept under that cell, and counted', () => {
  assert.is(run.code, 0, run.output);
  const cells = (JSON.parse(readFileSync(join(scratch, 'executed', 'late-outputs.ipynb'), 'utf8')) as { cells: Cell[] }).cells;
  const texts = (id: string): string[] =>
    (cells.find((c) => c.id === id)?.outputs ?? [])
      .map((o) => o.data?.['text/plain'])
      .filter((t) => t !== undefined)
      .map((t) => [t].flat().join('')); // nbformat may keep a text as its lines
  assert.equal(texts('after-await'), ['shown after an await']);
  assert.equal(texts('waits'), []);
  assert.equal(texts('timer'), ['shown by a timer after the cell']);
  assert.is(cells.find((c) => c.id === 'timer')?.metadata.late_outputs, 1);
});

test.run();
