#!/usr/bin/env node
// Executes every notebook headless against a fresh demo service and writes HTML reports (npm run
// report); with --check, only executes them (the test command and CI). Fails (exit 1) on any cell
// error; prints one line per notebook and a final `N passed, N failed` line.
//
//   node scripts/jupyter/run-notebooks.mjs [--check] [--out DIR] [--timeout SECONDS]
//        [--demo small|full] [--no-live] [--no-build] [--notebooks DIR] [NOTEBOOK ...]
//
//   --check          execute only; write no reports
//   --executed DIR   with --check, keep each executed notebook as DIR/NAME.ipynb (the tests read
//                    their outputs)
//   --out DIR        where reports go (default reports/): NAME.html and the executed NAME.ipynb
//   --timeout S      time-out per cell in seconds (default 600)
//   --demo PRESET    the demo dataset of the fresh service (default small)
//   --no-build       use dist/ as it is (default: rebuild when older than src/)
//   --no-live        start the service without --live (default: with it, so the live-data
//                    notebook sees new forecast instances arrive)
//   --notebooks DIR  run the notebooks of another folder (default notebooks/; the tests use this)
//   --kernel NAME    run every notebook on this kernel (tslab or deno) instead of the one its
//                    metadata names
//   --param K=V      a parameter value (repeatable): injected after the cell tagged `parameters`;
//                    the report is NOTEBOOK-VALUES.html. An unknown name is an error listing the
//                    notebook's parameters. VALUE is JSON when it parses (14, true, "x"), else text
//   --params-file F  a batch: a JSON or YAML list of parameter sets; one report per set and per
//                    notebook, and an index page (index.html) linking them
//   --record DIR     save every answer the notebooks' clients get, error answers too (the
//                    client's on-disk cache, SERVICE_CACHE_DIR, in record mode) with the service
//                    address and demo key, into DIR
//   --replay DIR     no service: the clients answer from DIR's cache only (SERVICE_CACHE_MODE
//                    offline, same address and key as recorded), so the reports show the same data
//   --service URL    no fresh demo: run against the service at URL (an API address ending in /api,
//                    as `npm start` prints it, or a hosted one), with the key in --key-file
//   --key-file F     with --service: the file holding its API key (default: $SERVICE_API_KEY_FILE)
//   --admin-key-file F  with --service: a key that may import, for the notebooks that save
//   --pdf            also print each report to NAME.pdf, through headless chromium (the browser
//                    of the report check, report-browser.mjs; installed through apt-get if missing)
//   NOTEBOOK         only notebooks whose file name contains one of these words
//
// Steps: find (or install) Jupyter, write the kernelspecs (kernel/install.mjs), build dist/ when
// stale, start `service serve --demo small --live --port 0` in a temp data dir, then for each
// notebooks/*.ipynb: execute it as `jupyter nbconvert --to notebook --execute` does, keeping
// outputs that come after their cell's idle status (late_outputs.py), and, for reports, write its
// HTML page as `jupyter nbconvert --to html` does; one Python process does both for the whole run
// (notebook-worker.mjs). The notebooks read SERVICE_API_URL and SERVICE_API_KEY_FILE.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installKernels, PROJECT_ROOT, TSLAB_KERNEL } from '../../kernel/install.mjs';
import { ensureJupyter, JupyterMissingError, pythonOf } from './ensure-jupyter.mjs';
import { startNotebookWorker } from './notebook-worker.mjs';
import { ensureBuilt } from './ensure-build.mjs';
import { startDemoService } from './demo-service.mjs';

import { listNotebooks, notebookEnv } from './notebook-env.mjs';
import { killTree } from './process-tree.mjs';
import { injectParameters, numberExecution, parseParam, ParameterError, reportName } from './report-cells.mjs';
import { indexPage } from './report-index.mjs';
import { readSnapshot, startRecording } from './snapshot.mjs';
import { addProvenance, kernelVersion, provenance, readRequests } from './provenance.mjs';
import { addChartRuntime, chartRuntimeVersions } from './chart-runtime.mjs';

/** How many kernels a notebook's run starts, at most, when each ends before its first reply. */
const START_ATTEMPTS = 3;

/** A failed step's report, indented: the error (a cell's source and error), then the cell's stderr, then the log. */
function failureText(reply) {
  const parts = [(reply.error ?? 'no reason was given').trimEnd()];
  if (reply.stderr) parts.push(`kernel stderr:\n${reply.stderr.trimEnd()}`);
  else if (reply.log) parts.push(`output:\n${reply.log.trimEnd().split('\n').slice(-20).join('\n')}`);
  return indent(parts.join('\n'), 80);
}

/** The first `maxLines` lines of `text`, indented under the line they explain. */
function indent(text, maxLines) {
  return text.split('\n').slice(0, maxLines).map((l) => `     ${l}`).join('\n');
}

function parseCli(args) {
  const o = {
    pdf: false, executed: null, record: null, replay: null, params: {}, paramsFile: null, kernel: null, check: false, out: join(PROJECT_ROOT, 'reports'), notebooks: join(PROJECT_ROOT, 'notebooks'), timeout: 600, demo: 'small', live: true, build: true, filters: [],
    service: null, keyFile: process.env.SERVICE_API_KEY_FILE ?? null, adminKeyFile: null,
  };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new Error(`run-notebooks: ${a} needs a value`);
      return args[(i += 1)];
    };
    if (a === '--check') o.check = true;
    else if (a === '--pdf') o.pdf = true;
    else if (a === '--no-build') o.build = false;
    else if (a === '--live') o.live = true;
    else if (a === '--no-live') o.live = false;
    else if (a === '--out') o.out = resolve(value());
    else if (a === '--notebooks') o.notebooks = resolve(value());
    else if (a === '--executed') o.executed = resolve(value());
    else if (a === '--kernel') o.kernel = value();
    else if (a === '--record') o.record = resolve(value());
    else if (a === '--replay') o.replay = resolve(value());
    else if (a === '--service') o.service = serviceUrl(value());
    else if (a === '--key-file') o.keyFile = resolve(value());
    else if (a === '--admin-key-file') o.adminKeyFile = resolve(value());
    else if (a === '--param') {
      const [k, v] = parseParam(value());
      o.params[k] = v;
    } else if (a === '--params-file') o.paramsFile = resolve(value());
    else if (a === '--timeout') {
      o.timeout = Number(value());
      if (!Number.isInteger(o.timeout) || o.timeout <= 0) throw new Error('run-notebooks: --timeout must be a positive whole number of seconds');
    } else if (a === '--demo') {
      o.demo = value();
      if (o.demo !== 'small' && o.demo !== 'full') throw new Error('run-notebooks: --demo must be small or full');
    } else if (a.startsWith('--')) throw new Error(`run-notebooks: unknown option ${a}`);
    else o.filters.push(a);
  }
  if (o.executed !== null && !o.check) throw new Error('run-notebooks: --executed goes with --check (reports keep theirs in --out)');
  if (o.pdf && o.check) throw new Error('run-notebooks: --pdf writes reports; it does not go with --check');
  if (o.record !== null && o.replay !== null) throw new Error('run-notebooks: give --record or --replay, not both');
  if (o.service !== null && o.replay !== null) throw new Error('run-notebooks: --replay runs with no service; it does not go with --service');
  if (o.service !== null) {
    if (o.keyFile === null) throw new Error('run-notebooks: --service needs --key-file FILE (or SERVICE_API_KEY_FILE): the file of its API key');
    for (const [flag, file] of [['--key-file', o.keyFile], ['--admin-key-file', o.adminKeyFile]]) {
      if (file !== null && !existsSync(file)) throw new Error(`run-notebooks: ${flag} ${file} does not exist`);
    }
  } else if (o.adminKeyFile !== null) throw new Error('run-notebooks: --admin-key-file goes with --service (a fresh demo has its own)');
  if (o.paramsFile !== null && Object.keys(o.params).length > 0) throw new Error('run-notebooks: give --param or --params-file, not both');
  return o;
}

/** The --service value: an http(s) URL, as given less a trailing slash. */
function serviceUrl(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`run-notebooks: --service must be an http(s) URL such as http://127.0.0.1:7070/api, not ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`run-notebooks: --service must be an http(s) URL such as http://127.0.0.1:7070/api, not ${JSON.stringify(text)}`);
  }
  return text.replace(/\/+$/, '');
}

/** The parameter sets of a run: the --params-file list, else the one --param set (maybe empty). */
async function parameterSets(options) {
  if (options.paramsFile === null) return [options.params];
  const text = readFileSync(options.paramsFile, 'utf8');
  let sets;
  if (/\.ya?ml$/i.test(options.paramsFile)) sets = (await import('yaml')).parse(text);
  else sets = JSON.parse(text);
  if (!Array.isArray(sets) || sets.length === 0 || !sets.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))) {
    throw new ParameterError(`--params-file ${options.paramsFile}: expected a non-empty list of parameter sets (objects)`);
  }
  return sets;
}

/**
 * Prints report pages to PDF (NAME.pdf beside NAME.html) in one headless chromium.
 * @returns {Promise<number>} how many pages failed (page or console errors, or no PDF)
 */
async function printPdfs(pages, root) {
  const { openBrowser, writePdf } = await import('./report-browser.mjs');
  const browser = await openBrowser();
  let failed = 0;
  try {
    for (const page of pages) {
      const pdf = page.replace(/\.html$/, '.pdf');
      rmSync(pdf, { force: true });
      const problems = await writePdf(browser.context, page, pdf).catch((err) => [String(err?.message ?? err)]);
      if (problems.length > 0 || !existsSync(pdf)) {
        failed += 1;
        console.log(`FAIL ${relative(root, pdf)} (${browser.version})\n${problems.map((p) => `  ${p}`).join('\n')}`);
      } else console.log(`pdf  ${relative(root, pdf)}`);
    }
  } finally {
    await browser.close();
  }
  return failed;
}

function kernelOf(file) {
  const nb = JSON.parse(readFileSync(file, 'utf8'));
  return nb?.metadata?.kernelspec?.name ?? TSLAB_KERNEL;
}

async function main() {
  let options;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(err.message);
    return 2;
  }
  const root = PROJECT_ROOT;
  if (!existsSync(options.notebooks)) {
    console.error(`run-notebooks: ${options.notebooks} does not exist`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  const notebooks = listNotebooks(options.notebooks).filter(
    (f) => options.filters.length === 0 || options.filters.some((w) => basename(f).includes(w)),
  );
  if (notebooks.length === 0) {
    console.error(`run-notebooks: no ${relative(root, options.notebooks) || '.'}/*.ipynb matched`);
    console.log('0 passed, 1 failed');
    return 1;
  }

  // Every (notebook, parameter set) pair, checked before anything starts: a bad name fails fast.
  const jobs = [];
  try {
    const sets = await parameterSets(options);
    for (const file of notebooks) {
      const nb = JSON.parse(readFileSync(file, 'utf8'));
      for (const params of sets) {
        const name = reportName(basename(file, '.ipynb'), params);
        jobs.push({ file, name, params, nb: injectParameters(nb, params, relative(root, file)) });
      }
    }
  } catch (err) {
    console.error(`run-notebooks: ${err.message}`);
    console.log(`0 passed, ${notebooks.length} failed`);
    return 2;
  }

  let jupyter;
  try {
    jupyter = ensureJupyter();
  } catch (err) {
    console.error(err instanceof JupyterMissingError ? err.message : err);
    console.log(`0 passed, ${notebooks.length} failed`);
    return 1;
  }
  const kernels = installKernels({ root });
  console.log(`run-notebooks: ${jupyter.jupyter} (nbconvert ${jupyter.nbconvert}); kernels ${kernels.kernels.map((k) => k.name).join(', ')} in ${kernels.jupyterPath}`);
  if (options.build) {
    try {
      ensureBuilt(root);
    } catch (err) {
      console.error(err.message);
      console.log(`0 passed, ${notebooks.length} failed`);
      return 1;
    }
  }

  const scratch = mkdtempSync(join(tmpdir(), 'service-notebooks-'));
  const executedDir = options.check ? (options.executed ?? join(scratch, 'executed')) : options.out;
  mkdirSync(executedDir, { recursive: true });
  let service = null;
  let current = null;
  /** Executes the notebooks and writes their pages (notebook_worker.py), started with the first. */
  let worker = null;
  const abort = new AbortController();
  const cleanup = async () => {
    if (current) killTree(current.pid, 'SIGTERM');
    await service?.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    console.error(`run-notebooks: ${signal}; stopping`);
    abort.abort();
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let passed = 0;
  let failed = 0;
  try {
    let snapshot = null;
    if (options.replay !== null) {
      snapshot = readSnapshot(options.replay);
      console.log(`run-notebooks: replaying ${relative(root, options.replay) || '.'} (recorded ${snapshot.recorded} from ${snapshot.apiUrl}); no service`);
    } else if (options.service !== null) {
      service = { apiUrl: options.service, keyFile: options.keyFile, adminKeyFile: options.adminKeyFile, stop: async () => {} };
      console.log(`run-notebooks: against the service at ${service.apiUrl}`);
    } else {
    console.log(`run-notebooks: starting a fresh demo service (${options.demo}) in ${join(scratch, 'data')}`);
    const started = Date.now();
    service = await startDemoService({
      root, data: join(scratch, 'data'), demo: options.demo, live: options.live, port: 0, signal: abort.signal,
      // Progress bars ("[###---] 42% ...") only in report mode; --check keeps its output short.
      onLine: (line) => {
        if (!line.startsWith('Press Ctrl') && !(options.check && line.startsWith('['))) console.log(`  service: ${line}`);
      },
    });
    console.log(`run-notebooks: service at ${service.apiUrl} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    if (options.record !== null) snapshot = startRecording(options.record, service);
    const env = notebookEnv({
      root, jupyterPath: kernels.jupyterPath, apiUrl: snapshot?.apiUrl ?? service.apiUrl, keyFile: snapshot?.keyFile ?? service.keyFile, runtimeDir: join(scratch, 'runtime'),
      // a replay has no service to save to: no administrator's key then (notebook 09 skips its save)
      adminKeyFile: options.replay !== null ? null : service.adminKeyFile,
    });
    if (snapshot !== null) {
      env.SERVICE_CACHE_DIR = snapshot.cacheDir;
      env.SERVICE_CACHE_MODE = options.replay !== null ? 'offline' : 'record';
      // a replay runs on the clock of its recording, so "today" is the recorded day
      if (options.replay !== null) env.SERVICE_NOW = snapshot.recorded;
    }
    const notebookWorker = () => {
      worker ??= startNotebookWorker({ python: pythonOf(jupyter.jupyter), env, cwd: root, onChild: (c) => { current = c; } });
      return worker;
    };
    const registered = new Set(kernels.kernels.map((k) => k.name));
    const written = [];
    for (const job of jobs) {
      if (abort.signal.aborted) break;
      const { file, name } = job;
      const rel = relative(root, file) + (Object.keys(job.params).length > 0 ? ` ${JSON.stringify(job.params)}` : '');
      const t0 = Date.now();
      const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);
      const kernel = options.kernel ?? kernelOf(file);
      if (!registered.has(kernel)) {
        failed += 1;
        console.log(`FAIL ${rel} (kernel '${kernel}' is not registered; have ${[...registered].join(', ')})`);
        continue;
      }
      for (const ext of ['.ipynb', '.html']) rmSync(join(executedDir, name + ext), { force: true });
      if (!options.check) rmSync(join(options.out, `${name}.html`), { force: true });
      // With parameters, the notebook runs from a copy beside it (same folder: the kernel's working
      // directory and where "service" resolves from), removed afterwards.
      const input = Object.keys(job.params).length === 0 ? file : join(dirname(file), `.report-${process.pid}-${name}.ipynb`);
      if (input !== file) writeFileSync(input, JSON.stringify(job.nb, null, 1));
      // The notebook's clients log their requests here (SERVICE_REQUEST_LOG, read by the client).
      const requestLog = join(scratch, `requests-${name}.jsonl`);
      rmSync(requestLog, { force: true });
      let executed;
      try {
        // nbconvert's executor keeping the outputs a kernel sends after its cell's idle status; a
        // kernel that ends before its first reply ran no cell, and is replaced
        // (docs/notebooks.md#a-kernel-that-does-not-start).
        executed = await notebookWorker().execute({
          notebook: input, output: join(executedDir, `${name}.ipynb`), kernel, timeout: options.timeout, startupTimeout: 120,
          attempts: START_ATTEMPTS, env: { SERVICE_REQUEST_LOG: requestLog },
        });
      } finally {
        if (input !== file) rmSync(input, { force: true });
      }
      if (abort.signal.aborted) break;
      for (const [i, error] of (executed.restarts ?? []).entries()) {
        console.log(`run-notebooks: the ${kernel} kernel of ${rel} ended before it started; starting a new one (${i + 2} of ${START_ATTEMPTS})\n${indent(error, 12)}`);
      }
      if (!executed.ok) {
        failed += 1;
        console.log(`FAIL ${rel} (${seconds()} s)\n${failureText(executed)}`);
        continue;
      }
      if (options.check) {
        passed += 1;
        console.log(`ok   ${rel} (${seconds()} s)`);
        continue;
      }
      const notebook = join(executedDir, `${name}.ipynb`);
      writeFileSync(notebook, JSON.stringify(numberExecution(JSON.parse(readFileSync(notebook, 'utf8'))), null, 1));
      const page = join(options.out, `${name}.html`);
      // Self-check cells run but are not shown.
      const html = await notebookWorker().page(notebook, page);
      if (!html.ok || !existsSync(page)) {
        failed += 1;
        console.log(`FAIL ${rel} (executed, but the HTML export failed, ${seconds()} s)\n${failureText(html)}`);
        continue;
      }
      const source = options.replay !== null
        ? { snapshot: relative(root, options.replay) || '.', recorded: snapshot.recorded, recordedFrom: snapshot.apiUrl }
        : { service: service.apiUrl, ...(options.record !== null ? { recordedInto: relative(root, options.record) || '.' } : {}) };
      writeFileSync(page, addProvenance(addChartRuntime(readFileSync(page, 'utf8')), provenance({
        root, notebook: relative(root, file), kernel, kernelVersion: kernelVersion(kernel, root), nbconvert: jupyter.nbconvert,
        params: job.params, ran: new Date(t0).toISOString(), source, requests: readRequests(requestLog), charts: chartRuntimeVersions(),
      })));
      passed += 1;
      written.push({ name, notebook: basename(file, '.ipynb'), params: job.params });
      console.log(`ok   ${rel} (${seconds()} s) -> ${relative(root, join(options.out, `${name}.html`))}`);
    }
    await worker?.close();
    if (options.pdf && written.length > 0 && !abort.signal.aborted) {
      const pdfFailed = await printPdfs(written.map((w) => join(options.out, `${w.name}.html`)), root);
      passed -= pdfFailed;
      failed += pdfFailed;
    }
    if (!options.check && options.paramsFile !== null && written.length > 0) {
      writeFileSync(join(options.out, 'index.html'), indexPage(written, { paramsFile: relative(root, options.paramsFile) }));
      console.log(`run-notebooks: index of ${written.length} reports -> ${relative(root, join(options.out, 'index.html'))}`);
    }
  } catch (err) {
    console.error(err?.message ?? err);
    failed = Math.max(1, notebooks.length - passed);  // every notebook that did not pass
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
