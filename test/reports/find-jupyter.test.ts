// How the report scripts tell whether a `jupyter` can run notebooks headless
// (scripts/jupyter/ensure-jupyter.mjs, docs/notebooks.md#jupyter-and-chromium): the Python its
// first line names is asked for the versions of nbconvert, nbclient and jupyter_client from their
// installed metadata, without importing them; a `jupyter` that is no Python script is asked
// `jupyter nbconvert --version`. Each fake `jupyter` here writes a mark when it is run, so the
// checks see which way was taken.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importScript } from '../helpers/project-scripts';

interface EnsureJupyter {
  nbconvertOf(jupyter: string): string | null;
  pythonOf(jupyter: string): string;
  ensureJupyter(): { jupyter: string; nbconvert: string };
}

const dir = mkdtempSync(join(tmpdir(), 'service-find-jupyter-'));
let scripts: EnsureJupyter;
/** The Python of the Jupyter the project runs (with nbconvert, nbclient and jupyter_client). */
let python: string;

/** Writes an executable file and returns its path. */
function executable(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

/** A `jupyter` with this first line, which marks that it ran and answers `nbconvert --version` with `answer` (or fails). */
function fakeJupyter(name: string, firstLine: string, answer: string | null): { path: string; ran: () => boolean } {
  const mark = join(dir, `${name}.ran`);
  const body =
    firstLine === '#!/bin/sh'
      ? `touch '${mark}'\n${answer === null ? 'exit 1' : `echo '${answer}'`}\n`
      : `open(${JSON.stringify(mark)}, 'w').close()\nimport sys\n${answer === null ? 'sys.exit(1)' : `print(${JSON.stringify(answer)})`}\n`;
  return { path: executable(name, `${firstLine}\n${body}`), ran: () => existsSync(mark) };
}

test.before(async () => {
  scripts = await importScript<EnsureJupyter>('jupyter/ensure-jupyter.mjs');
  python = scripts.pythonOf(scripts.ensureJupyter().jupyter);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test("a Python jupyter is judged by its Python's package metadata, and is not run", () => {
  const jupyter = fakeJupyter('jupyter-python', `#!${python}`, '0.0.1');
  const version = scripts.nbconvertOf(jupyter.path);
  assert.ok(version !== null && /^\d+\.\d+/.test(version), String(version));
  assert.is.not(version, '0.0.1');
  assert.is(jupyter.ran(), false);
});

test('a Python without nbconvert, nbclient or jupyter_client falls back to asking jupyter, which fails', () => {
  // -S: without site-packages, so none of the three packages is found
  const bare = executable('python-bare', `#!/bin/sh\nexec '${python}' -S "$@"\n`);
  const jupyter = fakeJupyter('jupyter-bare', `#!${bare}`, null);
  assert.is(scripts.nbconvertOf(jupyter.path), null);
  assert.is(jupyter.ran(), true);
});

test('a jupyter that is no Python script is asked `jupyter nbconvert --version`', () => {
  const jupyter = fakeJupyter('jupyter-shell', '#!/bin/sh', '7.1.0');
  assert.is(scripts.nbconvertOf(jupyter.path), '7.1.0');
  assert.is(jupyter.ran(), true);
  const broken = fakeJupyter('jupyter-broken', '#!/bin/sh', null);
  assert.is(scripts.nbconvertOf(broken.path), null);
});

test.run();
