/**
 * The import thread's entry point (a `worker_threads` worker started by `import-thread.ts`):
 * parses an import body, reads its files and builds the checked batch, all off the service's
 * event loop; the few store reads it needs (stored curves, places, instances) are asked of the
 * service. The service then writes the batch through the store's one import path.
 *
 * @module
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ValidationError, ValueError } from '../../exceptions';
import type { Store } from '../store';
import { buildImportBatch } from './build-batch';
import { parseImportBody } from './import-body';
import { readSource } from './import-files';
import { ProblemList } from './import-problems';
import type { BuildMessage, FailedMessage, LookupAnswer, LookupMethod, ThreadMessage } from './import-thread-protocol';

const port = parentPort;
if (port === null) throw new Error('import-worker runs as a worker thread only');

// An import is background work: on Linux this lowers the priority of this thread only (nice
// 10), so when both want a CPU the event loop that answers readers gets it first.
try {
  setPriority(10);
} catch {
  // not permitted here: the default priority
}

const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
let nextId = 0;

function lookup(method: LookupMethod, args: unknown[]): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    port?.postMessage({ type: 'lookup', id, method, args } satisfies ThreadMessage);
  });
}

/** The store reads of a batch build, answered by the service. */
const remoteStore = {
  getCurve: (name: string) => lookup('getCurve', [name]),
  getPlace: (key: string) => lookup('getPlace', [key]),
  getInstance: (curve: string, key: unknown) => lookup('getInstance', [curve, key]),
} as unknown as Store;

async function build(message: BuildMessage): Promise<ThreadMessage> {
  try {
    const { sources, dryRun } = parseImportBody(message.body);
    const problems = new ProblemList();
    const docs = sources.map((s) => readSource(s, problems));
    const built = await buildImportBatch(docs, remoteStore, problems, message.now);
    problems.throwIfAny();
    return { type: 'built', built, files: docs.length, dryRun };
  } catch (err) {
    const kind: FailedMessage['kind'] = err instanceof ValidationError ? 'validation' : err instanceof ValueError ? 'problems' : 'error';
    return { type: 'failed', kind, message: err instanceof ValidationError ? err.reason : (err as Error).message };
  }
}

port.on('message', (message: BuildMessage | LookupAnswer) => {
  if (message.type === 'lookup-answer') {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.value ?? null);
    return;
  }
  void build(message).then((answer) => port.postMessage(answer));
});
