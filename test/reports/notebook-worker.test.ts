// The notebook steps of `npm run report` in one Python process (scripts/jupyter/notebook-worker.mjs,
// notebook_worker.py). A page is the same bytes as `jupyter nbconvert --to html --template report`
// with the `check` cells hidden writes; a page that cannot be written fails alone, and the next is
// still written. An execution runs the cells on the kernel and writes the executed notebook; a
// failing cell is reported with its source and what it wrote on stderr, and not run again; a
// kernel that ends before its first reply is replaced, at most the given number of starts
// (docs/notebooks.md#a-kernel-that-does-not-start). The kernels that end are kernelspecs made
// here: a shell that exits at once, the first time or always, then starts the tslab kernel.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importScript } from '../helpers/project-scripts';

interface Reply {
  ok: boolean;
  error?: string;
  stderr?: string;
  log?: string;
  restarts?: string[];
}

interface NotebookWorker {
  execute(request: {
    notebook: string;
    output: string;
    kernel: string;
    timeout: number;
    startupTimeout: number;
    attempts?: number;
    env?: Record<string, string>;
  }): Promise<Reply>;
  page(notebook: string, page: string): Promise<Reply>;
  close(): Promise<void>;
}

const root = resolve(__dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'service-notebook-worker-'));

const code = (id: string, source: string, tags: string[] = []) => ({
  id,
  cell_type: 'code',
  metadata: tags.length > 0 ? { tags } : {},
  execution_count: null,
  source,
  outputs: [],
});
const notebook = (kernel: string, cells: unknown[]) => ({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: kernel, display_name: kernel, language: 'typescript' } },
  cells,
});

/** An executed notebook: markdown, a cell with a table and a chart's SVG, a hidden check cell. */
const EXECUTED = notebook('tslab', [
  { id: 'title', cell_type: 'markdown', metadata: {}, source: '# Prices\n\nDay-ahead, **hourly**.' },
  {
    ...code('table', 'series'),
    execution_count: 1,
    outputs: [
      {
        output_type: 'execute_result',
        execution_count: 1,
        metadata: {},
        data: { 'text/html': '<table><tr><td>42.5</td></tr></table>', 'text/plain': 'series' },
      },
      {
        output_type: 'display_data',
        metadata: {},
        data: { 'image/svg+xml': '<svg width="10" height="10"><rect width="4" height="4"/></svg>' },
      },
    ],
  },
  {
    ...code('hidden', 'assertSomething()', ['check']),
    execution_count: 2,
    outputs: [{ output_type: 'stream', name: 'stdout', text: 'checked and hidden' }],
  },
]);

let worker: NotebookWorker | null = null;
const marker = join(work, 'died-once');

/** Kernelspecs that end before their first reply: always, or the first time only. */
function writeDyingKernels(prefix: string, tslabArgv: string[]): void {
  const once = `if [ ! -e '${marker}' ]; then touch '${marker}'; echo 'kernel: ended at start' >&2; exit 1; fi; exec "$@"`;
  const specs = {
    'dies-always': ['sh', '-c', "echo 'kernel: ended at start' >&2; exit 1"],
    'dies-once': ['sh', '-c', once, 'sh', ...tslabArgv],
  };
  for (const [name, argv] of Object.entries(specs)) {
    mkdirSync(join(prefix, 'kernels', name), { recursive: true });
    writeFileSync(join(prefix, 'kernels', name, 'kernel.json'), JSON.stringify({ argv, display_name: name, language: 'typescript' }));
  }
}

test.before(async () => {
  const { ensureJupyter, pythonOf } = await importScript<{ ensureJupyter(): { jupyter: string }; pythonOf(jupyter: string): string }>(
    'jupyter/ensure-jupyter.mjs',
  );
  const { startNotebookWorker } = await importScript<{
    startNotebookWorker(o: { python: string; env?: NodeJS.ProcessEnv }): NotebookWorker;
  }>('jupyter/notebook-worker.mjs');
  const { installKernels, tslabKernelSpec } = await importScript<{
    installKernels(o: { prefix: string; link: boolean; deno: false }): { jupyterPath: string };
    tslabKernelSpec(root: string): { argv: string[] };
  }>('../kernel/install.mjs');
  const { jupyter } = ensureJupyter();
  writeFileSync(join(work, 'prices.ipynb'), JSON.stringify(EXECUTED));
  // what the command line writes, for comparison
  const cli = spawnSync(
    jupyter,
    [
      'nbconvert',
      '--to',
      'html',
      '--template',
      'report',
      `--TemplateExporter.extra_template_basedirs=${join(root, 'scripts', 'jupyter', 'templates')}`,
      '--TagRemovePreprocessor.enabled=True',
      '--TagRemovePreprocessor.remove_cell_tags=check',
      '--output-dir',
      join(work, 'cli'),
      join(work, 'prices.ipynb'),
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  assert.is(cli.status, 0, cli.stderr);
  const prefix = join(work, 'jupyter');
  const { jupyterPath } = installKernels({ prefix, link: false, deno: false });
  writeDyingKernels(join(prefix, 'share', 'jupyter'), tslabKernelSpec(root).argv);
  const env = { ...process.env, JUPYTER_PATH: [jupyterPath, process.env.JUPYTER_PATH].filter(Boolean).join(delimiter) };
  worker = startNotebookWorker({ python: pythonOf(jupyter), env });
});

test.after(async () => {
  await worker?.close();
  rmSync(work, { recursive: true, force: true });
});

test('a page is the bytes nbconvert --to html --template report writes, the check cell hidden', async () => {
  const page = join(work, 'prices.html');
  assert.equal(await worker?.page(join(work, 'prices.ipynb'), page), { ok: true });
  const html = readFileSync(page, 'utf8');
  assert.is(html, readFileSync(join(work, 'cli', 'prices.html'), 'utf8'));
  assert.ok(html.includes('<td>42.5</td>') && html.includes('<rect width="4" height="4"'), 'the outputs are on the page');
  assert.ok(!html.includes('checked and hidden') && !html.includes('assertSomething'), 'the check cell is not');
  assert.match(html, /<title>prices<\/title>/);
});

test('a notebook that cannot be read fails alone, naming it; the next page is still written', async () => {
  const failed = await worker?.page(join(work, 'missing.ipynb'), join(work, 'missing.html'));
  assert.is(failed?.ok, false);
  assert.ok(failed?.error?.includes('missing.ipynb'), failed?.error);
  writeFileSync(join(work, 'broken.ipynb'), '{"cells": [');
  assert.is((await worker?.page(join(work, 'broken.ipynb'), join(work, 'broken.html')))?.ok, false);
  assert.equal(await worker?.page(join(work, 'prices.ipynb'), join(work, 'again.html')), { ok: true });
  assert.is(readFileSync(join(work, 'again.html'), 'utf8'), readFileSync(join(work, 'prices.html'), 'utf8'));
});

const run = (name: string, kernel: string, cells: unknown[], attempts = 3) => {
  writeFileSync(join(work, `${name}.ipynb`), JSON.stringify(notebook(kernel, cells)));
  return worker?.execute({
    notebook: join(work, `${name}.ipynb`),
    output: join(work, `${name}-executed.ipynb`),
    kernel,
    timeout: 120,
    startupTimeout: 60,
    attempts,
    env: { NOTEBOOK_WORKER_WORD: name },
  }) as Promise<Reply>;
};

test('an execution writes the executed notebook; the kernel sees the environment it was given', async () => {
  const reply = await run('sums', 'tslab', [code('a', 'const n: number = 6 * 7;\nn'), code('b', 'process.env.NOTEBOOK_WORKER_WORD')]);
  assert.equal(reply, { ok: true, restarts: [] });
  const cells = JSON.parse(readFileSync(join(work, 'sums-executed.ipynb'), 'utf8')).cells;
  const shown = (i: number) => JSON.stringify(cells[i].outputs);
  assert.match(shown(0), /42/);
  assert.match(shown(1), /sums/);
  assert.is(process.env.NOTEBOOK_WORKER_WORD, undefined);
});

test('what a kernel prints on its own output stays out of the replies', async () => {
  // an unfinished line on the kernel's real stdout: were it the worker's stdout, the next reply
  // would not parse and the request would wait for good (bounded here)
  const timeout = new Promise<Reply>((done) => setTimeout(() => done({ ok: false, error: 'no reply in 60 s' }), 60_000).unref());
  const reply = await Promise.race([
    run('prints', 'tslab', [code('a', `require('node:fs').writeSync(1, 'kernel says {"ok": false');\n1`)]),
    timeout,
  ]);
  assert.equal(reply, { ok: true, restarts: [] });
  const page = await Promise.race([worker?.page(join(work, 'prices.ipynb'), join(work, 'after-print.html')) as Promise<Reply>, timeout]);
  assert.equal(page, { ok: true });
});

test('a failing cell is reported with its source and its stderr, once, and writes no notebook', async () => {
  const reply = await run('fails', 'tslab', [code('a', '1 + 1'), code('b', 'const x: number = "text";')]);
  assert.is(reply.ok, false);
  assert.match(reply.error ?? '', /^An error occurred while executing the following cell:\n-+\nconst x: number = "text";/);
  assert.match(reply.stderr ?? '', /Type 'string' is not assignable to type 'number'/);
  assert.equal(reply.restarts, []);
  assert.not.ok(existsSync(join(work, 'fails-executed.ipynb')));
});

test('a kernel that ends before its first reply is replaced; at most the given number of starts', async () => {
  const once = await run('once', 'dies-once', [code('a', '6 * 7')]);
  assert.is(once.ok, true, JSON.stringify(once));
  assert.is(once.restarts?.length, 1);
  assert.match(once.restarts?.[0] ?? '', /Kernel died before replying to kernel_info/);
  const always = await run('always', 'dies-always', [code('a', '6 * 7')], 3);
  assert.is(always.ok, false);
  assert.is(always.restarts?.length, 2);
  assert.match(always.error ?? '', /Kernel died before replying to kernel_info/);
  assert.match(always.log ?? '', /kernel: ended at start/);
});

test('after close, a request fails at once instead of waiting', async () => {
  await worker?.close();
  const late = await worker?.page(join(work, 'prices.ipynb'), join(work, 'late.html'));
  assert.is(late?.ok, false);
  assert.match(late?.error ?? '', /not running/);
});

test.run();
