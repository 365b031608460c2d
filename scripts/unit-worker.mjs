// One process of the unit runner (scripts/run-unit-tests.mjs): started with `--import tsx`, it
// runs the test files its parent sends, one after another, in this process, and answers each with
// its uvu counts and output. A file that opens a listening port fails at once: a unit test has none.
// In the loopback runner (UNIT_WORKER_LOOPBACK=1, `--loopback`) files may listen on loopback, and
// each must leave nothing open that would keep a process of its own from ending.
import { createRequire } from 'node:module';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { openBeyond, waitLonger } from './left-open.mjs';

globalThis.UVU_DEFER = 1; // uvu queues each file's tests instead of running them when the file loads
// the test files are CommonJS, so they share this copy of uvu
const { exec } = createRequire(import.meta.url)('uvu');

let current = null;
let output = '';
const capture = (chunk, encoding, callback) => {
  output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  if (typeof encoding === 'function') encoding();
  else if (typeof callback === 'function') callback();
  return true;
};

/** Ends this process with the file failed; the runner starts a fresh one for the files left. */
let failing = false;
function fail(kind, error) {
  if (failing) return;
  failing = true;
  output += `\n[${kind} while running this file]\n${error?.stack ?? error}\n`;
  process.send({ file: current, output, crashed: true }, () => process.exit(1));
}
process.on('uncaughtException', (error) => fail('uncaught exception', error));
process.on('unhandledRejection', (error) => fail('unhandled rejection', error));

const LOOPBACK = process.env.UNIT_WORKER_LOOPBACK === '1';
/** How long what a file opened may take to close after its last test (a socket's end, a last timer); the runner's own test sets a shorter one. */
const CLOSE_GRACE_MS = Number(process.env.UNIT_WORKER_CLOSE_GRACE_MS) || 10_000;
/** How long requests in flight (an fs call, a lookup) may take when nothing else is left. */
const REQUEST_GRACE_MS = 10_000;

if (!LOOPBACK) {
  net.Server.prototype.listen = function listen() {
    const error = new Error('a unit test opened a listening port: use app.inject(), or mark the file `// test: own process`');
    fail('listening port', error);
    throw error;
  };
}

/**
 * What is still open beyond `before` (scripts/left-open.mjs), once CLOSE_GRACE_MS has passed
 * without its closing (REQUEST_GRACE_MS when only requests in flight are left): what would have
 * kept the file's own process from ending. Empty when all closed.
 */
async function leftOpen(before) {
  const started = Date.now();
  for (;;) {
    const left = openBeyond(before, process.getActiveResourcesInfo());
    if (!waitLonger(left, Date.now() - started, { graceMs: CLOSE_GRACE_MS, requestGraceMs: REQUEST_GRACE_MS })) return left;
    await new Promise((resolve) => setTimeout(resolve, 50).unref());
  }
}

process.on('message', async (message) => {
  if (message.done) process.exit(0);
  current = message.file;
  output = '';
  // the runner owns the output: a file that replaced a writer and left it does not hide the next file's
  process.stdout.write = capture;
  process.stderr.write = capture;
  globalThis.UVU_QUEUE = [[null]];
  globalThis.UVU_INDEX = 0;
  const before = process.getActiveResourcesInfo();
  await import(pathToFileURL(message.file).href);
  await new Promise((resolve) => setImmediate(resolve));
  await exec();
  process.exitCode = 0;
  if (LOOPBACK && !failing) {
    const left = await leftOpen(before);
    if (left.length > 0) {
      const error = new Error(`the file left ${left.join(', ')} open ${CLOSE_GRACE_MS / 1000} s after its tests: close what it opens`);
      return fail('resources left open', error);
    }
  }
  if (!failing) process.send({ file: current, output });
});
process.send({ ready: true });
