#!/usr/bin/env node
// npm start: the demo service and a Jupyter notebook server with the project's kernel and notebooks.
//
//   node scripts/jupyter/start.mjs [--port 7070] [--notebook-port 8888] [--data DIR]
//        [--demo full|small] [--no-build] [--notebook-dir DIR]
//
// --notebook-dir serves another folder than notebooks/ (inside the project, so that its cells
// resolve "service"; the notebook browser test uses a scratch folder).
//
// Finds (or installs) Jupyter with a notebook server, writes the kernelspecs (kernel/install.mjs),
// builds dist/ when stale, starts `service serve --demo full --data ./data` (seeded on the first run
// only, with progress), then `jupyter notebook` (or `jupyter lab`) on notebooks/, bound to
// 127.0.0.1 with a fresh token, and prints both addresses. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { installKernels, PROJECT_ROOT, TSLAB_KERNEL } from '../../kernel/install.mjs';
import { ensureJupyter, JupyterMissingError } from './ensure-jupyter.mjs';
import { ensureBuilt } from './ensure-build.mjs';
import { startDemoService } from './demo-service.mjs';
import { notebookEnv } from './notebook-env.mjs';

const SERVER_START_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;
const URL_LINE = /(https?:\/\/127\.0\.0\.1:(\d+)\/)/;

function parseCli(args) {
  const o = { port: 7070, notebookPort: 8888, data: join(PROJECT_ROOT, 'data'), demo: 'full', build: true, notebookDir: join(PROJECT_ROOT, 'notebooks') };
  const port = (flag, text) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`start: ${flag} must be a port number, got ${JSON.stringify(text)}`);
    return n;
  };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new Error(`start: ${a} needs a value`);
      return args[(i += 1)];
    };
    if (a === '--port') o.port = port(a, value());
    else if (a === '--notebook-port') o.notebookPort = port(a, value());
    else if (a === '--data') o.data = resolve(value());
    else if (a === '--notebook-dir') o.notebookDir = resolve(value());
    else if (a === '--no-build') o.build = false;
    else if (a === '--demo') {
      o.demo = value();
      if (o.demo !== 'small' && o.demo !== 'full') throw new Error('start: --demo must be small or full');
    } else throw new Error(`start: unknown argument ${a} (use --port, --notebook-port, --data, --demo, --no-build, --notebook-dir)`);
  }
  return o;
}

/** Starts the notebook server; resolves with its address once it prints it. */
function startNotebookServer({ jupyter, app, port, env, dir, signal }) {
  const args = [
    app, '--no-browser', '--ip=127.0.0.1', `--port=${port}`, `--notebook-dir=${dir}`,
    // New notebooks get the project's kernel rather than Python.
    `--MultiKernelManager.default_kernel_name=${TSLAB_KERNEL}`,
    // The package link (notebooks/node_modules/service) is plumbing, not something to browse
    // (the list replaces Jupyter's default, whose entries are repeated here).
    ...['node_modules', '__pycache__', '*.pyc', '*.pyo', '.DS_Store', '*.so', '*.dylib', '*~'].map((g) => `--ContentsManager.hide_globs=${g}`),
  ];
  // Jupyter refuses to run as root unless told; containers and CI machines often are root.
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--allow-root');
  const child = spawn(jupyter, args, { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = new Promise((res) => child.on('exit', (code, sig) => res(code ?? (sig ? 128 : 0))));
  const stop = () => stopChild(child, exited);
  return new Promise((res, rej) => {
    let settled = false;
    const finish = (err, url) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) stop().then(() => rej(err));
      else res({ url, exited, stop });
    };
    const timer = setTimeout(() => finish(new Error('start: the notebook server printed no address within 120 s')), SERVER_START_TIMEOUT_MS);
    const onLine = (line) => {
      const m = settled ? null : URL_LINE.exec(line);
      if (m) finish(null, m[1]);
      else console.log(`  jupyter: ${line}`);
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.on('error', (err) => finish(new Error(`start: could not run ${jupyter}: ${err.message}`)));
    exited.then((code) => finish(new Error(`start: the notebook server exited (${code}) before it was ready`)));
    if (signal.aborted) finish(new Error('start: stopped'));
    else signal.addEventListener('abort', () => finish(new Error('start: stopped')), { once: true });
  });
}

async function stopChild(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
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
  const jupyter = ensureJupyter({ server: true });
  const kernels = installKernels({ root });
  console.log(`start: ${jupyter.jupyter} ${jupyter.server}; kernels ${kernels.kernels.map((k) => k.name).join(', ')} in ${kernels.jupyterPath}`);
  if (options.build) ensureBuilt(root);

  // The children run in their own process groups, so a terminal's Ctrl-C reaches only this
  // process, which stops the notebook server (and its kernels) first, then the service.
  const abort = new AbortController();
  let service = null;
  let server = null;
  const onSignal = (signal) => {
    if (!abort.signal.aborted) console.log(`start: ${signal}; stopping`);
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const stopAll = async () => {
    await server?.stop();
    await service?.stop();
  };
  try {
    const firstRun = !existsSync(join(options.data, 'demo-api-key'));
    console.log(firstRun
      ? `start: first run: seeding the ${options.demo} demo dataset into ${options.data} (once; later starts reuse it)`
      : `start: using the demo data in ${options.data}`);
    service = await startDemoService({
      root, data: options.data, demo: options.demo, live: true, port: options.port, detached: true, signal: abort.signal,
      onLine: (line) => { if (!line.startsWith('Press Ctrl') && !line.startsWith('Service API:')) console.log(`  service: ${line}`); },
    });
    const token = randomBytes(24).toString('hex');
    const env = notebookEnv({ root, jupyterPath: kernels.jupyterPath, apiUrl: service.apiUrl, keyFile: service.keyFile, adminKeyFile: service.adminKeyFile });
    env.JUPYTER_TOKEN = token;
    server = await startNotebookServer({
      jupyter: jupyter.jupyter, app: jupyter.server, port: options.notebookPort, env, dir: options.notebookDir, signal: abort.signal,
    });
    const page = jupyter.server === 'lab' ? 'lab' : 'tree';
    console.log('');
    console.log(`Service API:     ${service.apiUrl}   (demo key in ${service.keyFile})`);
    console.log(`Notebook server: ${server.url}${page}?token=${token}`);
    console.log('Press Ctrl+C to stop both.');
    console.log('');
    const why = await Promise.race([
      service.exited.then((code) => `the service exited (${code})`),
      server.exited.then((code) => `the notebook server exited (${code})`),
      new Promise((res) => abort.signal.addEventListener('abort', () => res(null), { once: true })),
    ]);
    if (why) console.log(`start: ${why}; stopping`);
    await stopAll();
    console.log('start: stopped');
    return why ? 1 : 0;
  } catch (err) {
    await stopAll();
    if (abort.signal.aborted) return 130;
    if (/EADDRINUSE/.test(err?.message ?? '')) {
      err.message += '\nstart: pick other ports with npm start -- --port N --notebook-port M';
    }
    throw err;
  }
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => {
    console.error(err instanceof JupyterMissingError || err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
