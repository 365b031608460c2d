// The HTML step of a report run: one Python process (html_export.py) writes every page of the
// run, as `jupyter nbconvert --to html --template report` writes one, hiding the cells tagged
// `check`, without loading Python, nbconvert and the template again for each page.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CHECK_TAG } from './report-cells.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
// nbconvert 6.5's stock HTML export passes SVG outputs through lxml's clean_html, which strips
// every SVG element: the `report` template (lab, with SVG written as is) keeps the charts.

/**
 * Starts the page writer.
 * @param {{ python: string, env?: NodeJS.ProcessEnv, onChild?: (child: import('node:child_process').ChildProcess) => void }} options
 *   the Python of the Jupyter in use (ensure-jupyter's pythonOf), the environment, and a callback
 *   with the process (so that a stopped run can end it)
 * @returns {{ write(notebook: string, page: string): Promise<{ ok: boolean, error?: string }>, close(): Promise<void> }}
 *   `write` writes one executed notebook's page (one request at a time); `close` ends the process
 */
export function startHtmlExport({ python, env = process.env, onChild = () => {} }) {
  const child = spawn(python, [join(HERE, 'html_export.py'), join(HERE, 'templates'), CHECK_TAG], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  onChild(child);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-8000);
  });
  const waiting = [];
  let ended = false;
  const exited = new Promise((done) => child.on('close', done));
  exited.then((code) => {
    ended = true;
    for (const w of waiting.splice(0)) w({ ok: false, error: `html_export.py ended (exit ${code})\n${stderr}` });
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let reply;
    try {
      reply = JSON.parse(line);
    } catch {
      return; // not a reply: a library printed something
    }
    if (typeof reply?.ok === 'boolean') waiting.shift()?.(reply);
  });
  child.stdin.on('error', () => {}); // a write after the process ended: its close settles the request
  return {
    write(notebook, page) {
      if (ended) return Promise.resolve({ ok: false, error: `html_export.py is not running\n${stderr}` });
      return new Promise((done) => {
        waiting.push(done);
        child.stdin.write(`${JSON.stringify({ notebook, page })}\n`);
      });
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
