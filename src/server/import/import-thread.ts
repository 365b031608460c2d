/**
 * The service's import thread: a `worker_threads` worker (`import-worker.ts`) that parses an
 * import body, reads its CSV/JSON files and builds the checked batch, so that a large import
 * (tens of MB) never holds the event loop that serves readers. The worker asks the service for
 * the store records it needs; the service then writes the batch (`importBuilt`), whose store
 * work is asynchronous. One import is built at a time; the worker starts on the first import
 * and is stopped with the app.
 *
 * @module
 */
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ValidationError, ValueError } from '../../exceptions';
import type { Store } from '../store';
import type { BuiltBatch } from './build-batch';
import type { LookupAnswer, LookupMessage, ThreadMessage } from './import-thread-protocol';

/** What the thread built. */
export interface ThreadBuilt {
  /** The checked batch. */
  built: BuiltBatch;
  /** Number of files. */
  files: number;
  /** Check only. */
  dryRun: boolean;
}

/**
 * Starts the worker script next to this file: `import-worker.js` in the build; when the service
 * runs from its TypeScript sources (tests, benchmarks under tsx), Node cannot start a `.ts`
 * worker by name, so the worker registers tsx's CommonJS hook first (tsx is a dev dependency).
 */
function startWorker(): Worker {
  const file = join(__dirname, `import-worker${extname(__filename)}`);
  if (extname(file) !== '.ts') return new Worker(file);
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(file)});`, { eval: true });
}

/**
 * Builds import batches on a worker thread.
 *
 * @param store - The store the worker reads curves, places and instances from.
 * @example
 * const thread = new ImportThread(store);
 * const { built } = await thread.build(body, Date.now());
 * await importBuilt(store, built, 1);
 */
export class ImportThread {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private current: { resolve: (r: ThreadBuilt) => void; reject: (e: Error) => void } | null = null;

  constructor(private readonly store: Pick<Store, 'getCurve' | 'getPlace' | 'getInstance'>) {}

  /**
   * Parses an import body and builds its batch on the thread (one import at a time).
   *
   * @param body - The request body's bytes (JSON); their memory is handed to the thread (the
   *   caller must not use them afterwards).
   * @param now - The import time, epoch ms.
   * @returns The batch, the number of files and the dry-run flag.
   * @throws ValidationError (parameter `files`) for a bad body or problems in the files.
   */
  build(body: Uint8Array, now: number): Promise<ThreadBuilt> {
    const run = this.queue.then(() => this.buildNow(body, now));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the worker (an import in progress fails). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private buildNow(body: Uint8Array, now: number): Promise<ThreadBuilt> {
    return new Promise<ThreadBuilt>((resolve, reject) => {
      this.current = { resolve, reject };
      // hand the bytes over without a copy when they own their memory (a large request body
      // does); a slice of a shared buffer (small bodies from Node's pool) is copied
      const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
      const bytes = owned ? body : new Uint8Array(body);
      const worker = this.start();
      worker.ref(); // an import in progress keeps the process alive
      worker.postMessage({ type: 'build', body: bytes, now }, [bytes.buffer as ArrayBuffer]);
    }).finally(() => {
      this.current = null;
      this.worker?.unref();
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    worker.on('message', (message: ThreadMessage) => this.onMessage(worker, message));
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      this.current?.reject(err);
    };
    worker.on('error', (err) => fail(new Error(`The import thread failed: ${err.message}`)));
    worker.on('exit', (code) => fail(new Error(`The import thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, message: ThreadMessage): void {
    if (message.type === 'lookup') {
      void this.answer(message).then((answer) => worker.postMessage(answer));
    } else if (message.type === 'built') {
      this.current?.resolve({ built: message.built, files: message.files, dryRun: message.dryRun });
    } else if (message.kind === 'error') {
      this.current?.reject(new Error(message.message));
    } else if (message.kind === 'validation') {
      this.current?.reject(new ValidationError(message.message, 'files'));
    } else {
      this.current?.reject(new ValueError(message.message));
    }
  }

  private async answer(message: LookupMessage): Promise<LookupAnswer> {
    try {
      const [a, b] = message.args as [string, never];
      const value = message.method === 'getInstance' ? await this.store.getInstance(a, b) : await this.store[message.method](a);
      return { type: 'lookup-answer', id: message.id, value };
    } catch (err) {
      return { type: 'lookup-answer', id: message.id, error: (err as Error).message };
    }
  }
}
