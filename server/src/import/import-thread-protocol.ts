/**
 * The messages between the service and its import thread (`import-worker.ts`): the service
 * streams an import body to the thread chunk by chunk (`begin`, `chunk`..., `end`, or `cancel`
 * when the upload fails); the thread parses it as it arrives, reads each file as soon as its
 * entry is complete, acknowledges every chunk (the service holds at most a few MiB unread), and
 * at the end builds the batch, asking the service for the stored curves, places and instances it
 * needs; it answers the batch or the problems. Every message of an import carries its `id`.
 *
 * @module
 */
import type { BuiltBatch } from './build-batch';

/** The store reads the import thread asks for (all answer plain records). */
export type LookupMethod = 'getCurve' | 'getPlace' | 'getInstance';

/** Service → thread: an import body starts. */
interface BeginMessage {
  type: 'begin';
  id: number;
  /** The import time (instance `created`/`modified`), epoch ms. */
  now: number;
}

/** Service → thread: the next bytes of the body (transferred). */
interface ChunkMessage {
  type: 'chunk';
  id: number;
  bytes: Uint8Array;
}

/** Service → thread: the body is complete: check it and build the batch. */
interface EndMessage {
  type: 'end';
  id: number;
}

/** Service → thread: the upload failed (aborted, too large): forget the import. */
interface CancelMessage {
  type: 'cancel';
  id: number;
}

/** Service → thread: the answer to a {@link LookupMessage}. */
export interface LookupAnswer {
  type: 'lookup-answer';
  id: number;
  value?: unknown;
  error?: string;
}

/** Anything the service sends. */
export type ServiceMessage = BeginMessage | ChunkMessage | EndMessage | CancelMessage | LookupAnswer;

/** Thread → service: a chunk was read (its memory is free); `bytes` is its size. */
interface TakenMessage {
  type: 'taken';
  id: number;
  bytes: number;
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
  id: number;
  built: BuiltBatch;
  files: number;
  dryRun: boolean;
}

/**
 * Thread → service: the import cannot be built (bad body, problems in the files, a failure).
 * A body that is not JSON fails as soon as the bad bytes arrive, before `end`.
 */
export interface FailedMessage {
  type: 'failed';
  id: number;
  /** `validation`: bad body (parameter `files`); `problems`: the files' problems; `error`: anything else. */
  kind: 'validation' | 'problems' | 'error';
  /** The message (for `validation`, the reason without the parameter). */
  message: string;
}

/** Anything the thread sends. */
export type ThreadMessage = TakenMessage | LookupMessage | BuiltMessage | FailedMessage;
