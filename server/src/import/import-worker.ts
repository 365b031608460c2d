/**
 * The import thread's entry point (a `worker_threads` worker started by `import-thread.ts`):
 * reads an import body as its chunks arrive, reads each file as soon as its entry is complete
 * (the file's text is then dropped), and at the end builds the checked batch, all off the
 * service's event loop; the few store reads it needs (stored curves, places, instances) are asked
 * of the service. The service then writes the batch through the store's one import path.
 *
 * @module
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ValidationError, ValueError } from 'service/exceptions';
import type { Store } from '../store';
import { buildImportBatch } from './build-batch';
import { ImportBodyReader } from './import-body';
import { readAnySource } from './import-files';
import { ProblemList } from '#wire';
import type { RawDocument } from './raw-document';
import type { FailedMessage, LookupMethod, ServiceMessage, ThreadMessage } from './import-thread-protocol';

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

function failure(id: number, err: unknown): FailedMessage {
  const kind: FailedMessage['kind'] = err instanceof ValidationError ? 'validation' : err instanceof ValueError ? 'problems' : 'error';
  return { type: 'failed', id, kind, message: err instanceof ValidationError ? err.reason : (err as Error).message };
}

/** The import being received: its body reader and the documents read so far. */
class Receiving {
  readonly reader: ImportBodyReader;
  docs: Promise<RawDocument>[] = [];
  problems = new ProblemList();
  failed = false;

  constructor(
    readonly id: number,
    readonly now: number,
  ) {
    this.reader = new ImportBodyReader({
      file: (source) => this.docs.push(readAnySource(source, this.problems)),
      restart: () => {
        this.docs = [];
        this.problems = new ProblemList();
      },
    });
  }

  /** Reads a chunk; a body that is not JSON fails the import at once. */
  take(bytes: Uint8Array): void {
    if (this.failed) return;
    try {
      this.reader.write(bytes);
    } catch (err) {
      this.failed = true;
      port?.postMessage(failure(this.id, err) satisfies ThreadMessage);
    }
  }

  /** Ends the body and builds the batch. */
  async build(): Promise<ThreadMessage | null> {
    if (this.failed) return null;
    try {
      const { files, dryRun } = this.reader.end();
      const docs = await Promise.all(this.docs);
      this.docs = [];
      const built = await buildImportBatch(docs, remoteStore, this.problems, this.now);
      this.problems.throwIfAny();
      return { type: 'built', id: this.id, built, files, dryRun };
    } catch (err) {
      return failure(this.id, err);
    }
  }
}

let current: Receiving | null = null;

port.on('message', (message: ServiceMessage) => {
  if (message.type === 'lookup-answer') {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.value ?? null);
  } else if (message.type === 'begin') {
    current = new Receiving(message.id, message.now);
  } else if (message.type === 'chunk') {
    if (current?.id === message.id) current.take(message.bytes);
    port.postMessage({ type: 'taken', id: message.id, bytes: message.bytes.byteLength } satisfies ThreadMessage);
  } else if (current?.id === message.id) {
    const receiving = current;
    current = null;
    if (message.type === 'end') void receiving.build().then((answer) => answer && port.postMessage(answer));
  }
});
