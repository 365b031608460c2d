#!/usr/bin/env node
// What some test files need from outside npm, made ready once, one tool after another: the
// polars tests' native binary (npm skips it on Node 20), Jupyter with the project's kernelspecs,
// Debian's chromium, and the PostgreSQL server binaries (the last three through apt-get as root,
// only when missing). One process does them in turn, so that two apt-get runs never meet.
// `npm test` (scripts/run-tests.mjs) runs it beside the files that need none of them and starts
// each other file once the tools it needs are ready. Prints `ready TOOL` or `failed TOOL: why`
// per tool; a failure is not fatal here: the files that need the tool then fail with their own
// message.
//
//   node scripts/prepare-test-tools.mjs polars jupyter chromium postgres
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { installKernels } from '../kernel/install.mjs';
import { ensurePolars } from './ensure-polars.mjs';
import { ensureJupyter } from './jupyter/ensure-jupyter.mjs';
import { ensureChromium } from './jupyter/report-browser.mjs';

const root = new URL('..', import.meta.url).pathname;

/** PostgreSQL's binaries, through the test helper that finds and installs them. */
function ensurePostgres() {
  const script = "const p = require('./test/helpers/postgres-server.ts'); if (p.findPostgresBin() === null) p.installPostgres();";
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--eval', script], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (r.status !== 0) throw new Error(r.stderr.trim() || `exit ${r.status}`);
}

const TOOLS = {
  polars: () => {
    const installed = ensurePolars(root);
    if (installed) console.log(installed);
  },
  jupyter: () => {
    ensureJupyter();
    installKernels({ root });
  },
  chromium: () => ensureChromium(),
  postgres: ensurePostgres,
};

if (process.argv[1] === join(root, 'scripts', 'prepare-test-tools.mjs')) {
  for (const name of process.argv.slice(2)) {
    const prepare = TOOLS[name];
    if (prepare === undefined) {
      console.log(`failed ${name}: no such tool (${Object.keys(TOOLS).join(', ')})`);
      continue;
    }
    try {
      prepare();
      console.log(`ready ${name}`);
    } catch (error) {
      console.log(
        `failed ${name}: ${String(error?.message ?? error)
          .split('\n')
          .join(' ')}`,
      );
    }
  }
}
