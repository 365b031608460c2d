/**
 * The service's import thread: a `worker_threads` worker (`import-worker.ts`) that reads an
 * import body as it arrives, reads its CSV/JSON files and builds the checked batch, so that a
 * large import (tens of MB) never holds the event loop that serves readers, and never sits in
 * memory whole. The request's body stream is handed to the thread chunk by chunk (each chunk's
 * memory is transferred, not copied, when it owns it); the stream is paused while more than
 * {@link MAX_UNREAD_BYTES} wait on the thread, so a fast client cannot outrun the parse. The
 * worker asks the service for the store records it needs; the service then writes the batch
 * (`importBuilt`), whose store work is asynchronous. One import is received and built at a time
 * (the next waits unread); the worker starts on the first import and is stopped with the app.
 *
 * @module
 */
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { errorCodes } from 'fastify';
import { ValidationError, ValueError } from 'service/exceptions';
import type { Store } from '../store';
import type { BuiltBatch } from './build-batch';
import type { LookupAnswer, LookupMessage, ServiceMessage, ThreadMessage } from './import-thread-protocol';

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
 * Bytes of a body handed to the thread and not yet read by it, beyond which the request stream
 * is paused (4 MiB).
 *
 * @example
 * MAX_UNREAD_BYTES //=> 4194304
 */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

/** The upload ended before its last byte (the client went away); nothing is imported (a 400 naming `files`). */
class UploadAbortedError extends ValidationError {
  constructor() {
    super('The upload was aborted before the end of the body; nothing was imported', 'files');
    this.name = 'UploadAbortedError';
  }
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

/** The memory of a chunk, to transfer: its own when it owns all of it, else a copy. */
function ownedBytes(chunk: Buffer): Uint8Array {
  const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer;
  return whole ? chunk : new Uint8Array(chunk);
}

/** The import in progress. */
interface Current {
  id: number;
  resolve(r: ThreadBuilt): void;
  reject(e: Error): void;
  /** The thread read `bytes` more. */
  taken(bytes: number): void;
}

/**
 * Builds import batches on a worker thread.
 *
 * @param store - The store the worker reads curves, places and instances from.
 * @example
 * const thread = new ImportThread(store);
 * const { built } = await thread.build(request.raw, Date.now(), IMPORT_BODY_LIMIT);
 * await importBuilt(store, built, 1);
 */
export class ImportThread {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private current: Current | null = null;
  private nextId = 0;

  constructor(private readonly store: Pick<Store, 'getCurve' | 'getPlace' | 'getInstance'>) {}

  /**
   * Streams an import body to the thread, which parses it as it arrives and builds its batch
   * (one import at a time: the body of the next is not read before this one is built).
   *
   * @param body - The request body's stream (not yet read); it is read to its end, or paused
   *   for good when the import fails early (malformed JSON, too large).
   * @param now - The import time, epoch ms.
   * @param limit - Largest accepted body, bytes.
   * @returns The batch, the number of files and the dry-run flag.
   * @throws ValidationError (parameter `files`) for a bad body or problems in the files;
   *   Fastify's FST_ERR_CTP_BODY_TOO_LARGE beyond `limit`; {@link UploadAbortedError} when the
   *   upload stops short.
   */
  build(body: Readable, now: number, limit: number): Promise<ThreadBuilt> {
    const run = this.queue.then(() => this.buildNow(body, now, limit));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the worker (an import in progress fails). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private buildNow(body: Readable, now: number, limit: number): Promise<ThreadBuilt> {
    return new Promise<ThreadBuilt>((resolve, reject) => {
      const id = this.nextId++;
      const worker = this.start();
      const send = (message: ServiceMessage, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer);
      let received = 0;
      let unread = 0;
      let sending = true;
      const stop = (cancel: boolean) => {
        if (!sending) return;
        sending = false;
        body.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort);
        body.pause();
        if (cancel) send({ type: 'cancel', id });
      };
      const fail = (err: Error) => {
        stop(true);
        reject(err);
      };
      const onData = (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > limit) return fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        const bytes = ownedBytes(chunk);
        unread += bytes.byteLength;
        send({ type: 'chunk', id, bytes }, [bytes.buffer as ArrayBuffer]);
        if (unread > MAX_UNREAD_BYTES) body.pause();
      };
      const onEnd = () => {
        stop(false);
        send({ type: 'end', id });
      };
      const onAbort = () => fail(new UploadAbortedError());
      this.current = {
        id,
        resolve,
        reject: (err) => {
          stop(false);
          reject(err);
        },
        taken: (bytes) => {
          unread -= bytes;
          if (sending && unread <= MAX_UNREAD_BYTES / 4) body.resume();
        },
      };
      worker.ref(); // an import in progress keeps the process alive
      send({ type: 'begin', id, now });
      if (body.destroyed || body.readableAborted) return onAbort();
      body.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onAbort);
      body.resume();
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
      return;
    }
    const current = this.current;
    if (current === null || message.id !== current.id) return; // about an import already over
    if (message.type === 'taken') current.taken(message.bytes);
    else if (message.type === 'built') current.resolve({ built: message.built, files: message.files, dryRun: message.dryRun });
    else if (message.kind === 'error') current.reject(new Error(message.message));
    else if (message.kind === 'validation') current.reject(new ValidationError(message.message, 'files'));
    else current.reject(new ValueError(message.message));
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
