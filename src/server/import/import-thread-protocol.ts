/**
 * The messages between the service and its import thread (`import-worker.ts`): the service sends
 * an import body; the thread parses and checks it and builds the batch, asking the service for
 * the stored curves, places and instances it needs; it answers the batch or the problems.
 *
 * @module
 */
import type { BuiltBatch } from './build-batch';

/** The store reads the import thread asks for (all answer plain records). */
export type LookupMethod = 'getCurve' | 'getPlace' | 'getInstance';

/** Service → thread: build the batch of one import body. */
export interface BuildMessage {
  type: 'build';
  /** The body's bytes (transferred). */
  body: Uint8Array;
  /** The import time (instance `created`/`modified`), epoch ms. */
  now: number;
}

/** Service → thread: the answer to a {@link LookupMessage}. */
export interface LookupAnswer {
  type: 'lookup-answer';
  id: number;
  value?: unknown;
  error?: string;
}

/** Thread → service: a store read. */
export interface LookupMessage {
  type: 'lookup';
  id: number;
  method: LookupMethod;
  args: unknown[];
}

/** Thread → service: the built batch. */
interface BuiltMessage {
  type: 'built';
  built: BuiltBatch;
  files: number;
  dryRun: boolean;
}

/** Thread → service: the import cannot be built (bad body, problems in the files, a failure). */
export interface FailedMessage {
  type: 'failed';
  /** `validation`: bad body (parameter `files`); `problems`: the files' problems; `error`: anything else. */
  kind: 'validation' | 'problems' | 'error';
  /** The message (for `validation`, the reason without the parameter). */
  message: string;
}

/** Anything the thread sends. */
export type ThreadMessage = LookupMessage | BuiltMessage | FailedMessage;
