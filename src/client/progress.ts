/**
 * A progress display for many-request calls: a live bar in a notebook cell (one display entry
 * updated in place through tslab's display updates), a one-line bar on a terminal (stderr is a
 * TTY), and nothing otherwise (scripts, CI logs, tests).
 *
 * @module
 */
import { tslabWriter } from '../model/notebook-output';
import { inNode } from './node-only';

/**
 * Receives progress: `start` once, `step` per finished item, `done` at the end.
 *
 * @example
 * const p: Progress = progressDisplay('curves', 24, true);
 * p.step(true); p.done();
 */
export interface Progress {
  /** One item finished (ok or failed). */
  step(ok: boolean): void;
  /** All items finished. */
  done(): void;
}

const WIDTH = 30;
let counter = 0;

function bar(done: number, total: number): string {
  const full = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
  return `${'█'.repeat(full)}${'░'.repeat(WIDTH - full)}`;
}

function label(what: string, done: number, total: number, failed: number): string {
  return `${what}: ${done}/${total}${failed > 0 ? ` (${failed} failed)` : ''}`;
}

/**
 * The display for the environment: notebook, terminal or none.
 *
 * @param what - What is counted (`'curves'`).
 * @param total - How many items.
 * @param enabled - False turns the display off.
 * @returns The progress receiver.
 * @example
 * progressDisplay('curves', 3, false).step(true) //=> undefined (nothing shown)
 */
export function progressDisplay(what: string, total: number, enabled: boolean): Progress {
  let done = 0;
  let failed = 0;
  const none: Progress = { step: () => undefined, done: () => undefined };
  if (!enabled || total === 0 || !inNode()) return none;
  const write = tslabWriter();
  if (write !== null) {
    const id = `service-progress-${process.pid}-${++counter}`;
    const show = (update: boolean): void => {
      const text = label(what, done, total, failed);
      const html = `<div style="font-family:monospace"><progress value="${done}" max="${total}" style="width:20em"></progress> ${text}</div>`;
      write(
        { data: { 'text/html': html, 'text/plain': `${bar(done, total)} ${text}` }, metadata: {}, transient: { display_id: id } },
        update,
      );
    };
    show(false);
    return {
      step(ok) {
        done++;
        if (!ok) failed++;
        show(true);
      },
      done: () => undefined,
    };
  }
  const stream = process.stderr;
  if (stream.isTTY) {
    const show = (): void => {
      stream.write(`\r${bar(done, total)} ${label(what, done, total, failed)}`);
    };
    show();
    return {
      step(ok) {
        done++;
        if (!ok) failed++;
        show();
      },
      done() {
        stream.write('\n');
      },
    };
  }
  return none;
}
