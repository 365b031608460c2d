#!/usr/bin/env node
// The tslab kernel as the project's kernelspec starts it: what `tslab kernel --config-path FILE`
// does, with two changes to its start, one to its help (Shift+Tab) and one to its error lines.
//
// - No message is handled before all five ZeroMQ sockets are bound. tslab binds them in parallel
//   while its receive loops already run, so a kernel_info request that reaches the shell socket
//   before the IOPub socket's bind has finished makes tslab publish its "busy" status on a socket
//   still blocked by that bind: zeromq rejects with EBUSY ("Socket is blocked by a bind or unbind
//   operation"), the request goes unanswered, and Jupyter waits a minute ("Timeout waiting for
//   kernel_info reply"). A socket that cannot be bound ends the kernel at once, with the reason.
// - The TypeScript compiler is warmed a few seconds after the first kernel_info reply rather than
//   before the sockets are bound, so the kernel answers within a second or two however busy the
//   machine is; a cell that comes first warms it itself.
// - Help inside a call's parentheses: tslab answers an inspect request with TypeScript's quick
//   info at the cursor, which is nothing between `(` and `)` (`client.timeseries.load(|`). When
//   it finds nothing there, the kernel asks again at the name of the innermost call whose
//   argument list holds the cursor, so Shift+Tab shows that function's signature and docs
//   (kernel/inspect-callee.mjs).
// - A cell's compiled code keeps the cell's line N on line N + 1 (kernel/cell-lines.mjs): tslab's
//   compiled code starts with lines of TypeScript's own, so an error's frames counted more.
//
//   node kernel/tslab-kernel.mjs --config-path CONNECTION_FILE
import { createRequire } from 'node:module';
import { keepCellLines } from './cell-lines.mjs';
import { inspectCallees } from './inspect-callee.mjs';

const require = createRequire(import.meta.url);
const { createConverter } = require('tslab/dist/converter');
const { createExecutor } = require('tslab/dist/executor');
const { JupyterHandlerImpl, ZmqServer } = require('tslab/dist/jupyter');

/** How long after its first kernel_info reply the kernel warms the TypeScript compiler. */
const WARM_DELAY_MS = 3000;

/**
 * A converter whose compiled cells run with the cell's line N on line N + 1 (kernel/cell-lines.mjs),
 * so the frames of an error thrown in a cell count the cell's own lines.
 */
function withCellLines(converter) {
  const convert = converter.convert;
  converter.convert = (...args) => {
    const converted = convert.apply(converter, args);
    if (typeof converted.output === 'string') converted.output = keepCellLines(converted.output);
    return converted;
  };
  return converter;
}

/** tslab's converters (Node and browser), each made on first use. */
class Converters {
  #node = null;
  #browser = null;
  get node() {
    this.#node ??= withCellLines(createConverter({ isJS: false, isBrowser: false }));
    return this.#node;
  }
  get browser() {
    this.#browser ??= createConverter({ isJS: false, isBrowser: true });
    return this.#browser;
  }
  close() {
    this.#node?.close();
    this.#browser?.close();
  }
}

/**
 * Starts the kernel for a connection file.
 * @param {string} configPath the connection file Jupyter wrote
 * @returns {Promise<void>} settles once every socket is bound
 */
function startKernel(configPath) {
  const converters = new Converters();
  const executor = createExecutor(process.cwd(), converters, { log: console.log, error: console.error });
  inspectCallees(executor);
  const server = new ZmqServer(new JupyterHandlerImpl(executor, false), configPath);
  process.on('SIGINT', () => executor.interrupt());
  process.on('uncaughtException', (err) => console.error('UncaughtException:', err));
  process.on('unhandledRejection', (reason) => console.error('UnhandledPromiseRejection:', reason));

  const bound = server.init();
  const handle = server.handleShellMessage;
  server.handleShellMessage = async (...args) => {
    await bound;
    return handle.apply(server, args);
  };
  const replyInfo = server.handleKernelInfo;
  server.handleKernelInfo = (...args) => {
    replyInfo.apply(server, args);
    server.handleKernelInfo = replyInfo;
    // Not at once: warming blocks the kernel for seconds, and Jupyter asks for kernel_info again
    // until it sees the IOPub status (ZeroMQ drops what is published before a subscriber joins).
    setTimeout(() => converters.node, WARM_DELAY_MS).unref();
  };
  return bound.catch((err) => {
    console.error(`tslab kernel: could not bind its sockets (${configPath}): ${err?.message ?? err}`);
    process.exit(1);
  });
}

function configPathOf(args) {
  const at = args.indexOf('--config-path');
  if (at < 0 || !args[at + 1] || args.length !== 2) {
    console.error('usage: node kernel/tslab-kernel.mjs --config-path CONNECTION_FILE');
    process.exit(2);
  }
  return args[at + 1];
}

startKernel(configPathOf(process.argv.slice(2)));
