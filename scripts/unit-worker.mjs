// One process of the unit runner (scripts/run-unit-tests.mjs): started with `--import tsx`, it
// runs the test files its parent sends, one after another, in this process, and answers each with
// its uvu counts and output. A file that opens a listening port fails at once: a unit test has none.
import { createRequire } from 'node:module';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

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

net.Server.prototype.listen = function listen() {
  const error = new Error('a unit test opened a listening port: use app.inject(), or mark the file `// test: own process`');
  fail('listening port', error);
  throw error;
};

process.on('message', async (message) => {
  if (message.done) process.exit(0);
  current = message.file;
  output = '';
  // the runner owns the output: a file that replaced a writer and left it does not hide the next file's
  process.stdout.write = capture;
  process.stderr.write = capture;
  globalThis.UVU_QUEUE = [[null]];
  globalThis.UVU_INDEX = 0;
  await import(pathToFileURL(message.file).href);
  await new Promise((resolve) => setImmediate(resolve));
  await exec();
  process.exitCode = 0;
  if (!failing) process.send({ file: current, output });
});
process.send({ ready: true });
