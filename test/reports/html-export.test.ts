// The HTML step of `npm run report` (scripts/jupyter/html-export.mjs, html_export.py): one Python
// process writes the pages of a run, each the same bytes as `jupyter nbconvert --to html
// --template report` with the `check` cells hidden writes for that notebook; a page that cannot
// be written fails alone, naming the cause, and the next one is still written.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importScript } from '../helpers/project-scripts';

interface HtmlExport {
  write(notebook: string, page: string): Promise<{ ok: boolean; error?: string }>;
  close(): Promise<void>;
}

const root = resolve(__dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'service-html-export-'));

/** An executed notebook: markdown, a cell with a table and a chart's SVG, a hidden check cell. */
const NOTEBOOK = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: 'tslab', display_name: 'TypeScript', language: 'typescript' } },
  cells: [
    { id: 'title', cell_type: 'markdown', metadata: {}, source: '# Prices\n\nDay-ahead, **hourly**.' },
    {
      id: 'table',
      cell_type: 'code',
      metadata: {},
      execution_count: 1,
      source: 'series',
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
      id: 'hidden',
      cell_type: 'code',
      metadata: { tags: ['check'] },
      execution_count: 2,
      source: 'assertSomething()',
      outputs: [{ output_type: 'stream', name: 'stdout', text: 'checked and hidden' }],
    },
  ],
};

let exporter: HtmlExport | null = null;

test.before(async () => {
  const { ensureJupyter, pythonOf } = await importScript<{ ensureJupyter(): { jupyter: string }; pythonOf(jupyter: string): string }>(
    'jupyter/ensure-jupyter.mjs',
  );
  const { startHtmlExport } = await importScript<{ startHtmlExport(o: { python: string }): HtmlExport }>('jupyter/html-export.mjs');
  const { jupyter } = ensureJupyter();
  writeFileSync(join(work, 'prices.ipynb'), JSON.stringify(NOTEBOOK));
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
  exporter = startHtmlExport({ python: pythonOf(jupyter) });
});

test.after(async () => {
  await exporter?.close();
  rmSync(work, { recursive: true, force: true });
});

test('a page is the bytes nbconvert --to html --template report writes, the check cell hidden', async () => {
  const page = join(work, 'prices.html');
  assert.equal(await exporter?.write(join(work, 'prices.ipynb'), page), { ok: true });
  const html = readFileSync(page, 'utf8');
  assert.is(html, readFileSync(join(work, 'cli', 'prices.html'), 'utf8'));
  assert.ok(html.includes('<td>42.5</td>') && html.includes('<rect width="4" height="4"'), 'the outputs are on the page');
  assert.ok(!html.includes('checked and hidden') && !html.includes('assertSomething'), 'the check cell is not');
  assert.match(html, /<title>prices<\/title>/);
});

test('a notebook that cannot be read fails alone, naming it; the next page is still written', async () => {
  const missing = join(work, 'missing.ipynb');
  const failed = await exporter?.write(missing, join(work, 'missing.html'));
  assert.is(failed?.ok, false);
  assert.ok(failed?.error?.includes('missing.ipynb'), failed?.error);
  writeFileSync(join(work, 'broken.ipynb'), '{"cells": [');
  assert.is((await exporter?.write(join(work, 'broken.ipynb'), join(work, 'broken.html')))?.ok, false);
  assert.equal(await exporter?.write(join(work, 'prices.ipynb'), join(work, 'again.html')), { ok: true });
  assert.is(readFileSync(join(work, 'again.html'), 'utf8'), readFileSync(join(work, 'prices.html'), 'utf8'));
});

test('after close, a request fails at once instead of waiting', async () => {
  await exporter?.close();
  const late = await exporter?.write(join(work, 'prices.ipynb'), join(work, 'late.html'));
  assert.is(late?.ok, false);
  assert.match(late?.error ?? '', /not running/);
});

test.run();
