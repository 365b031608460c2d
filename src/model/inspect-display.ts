/**
 * What Node's `util.inspect` shows for the toolkit's objects (docs/notebooks.md#display): in a
 * tslab cell whose last value is the object, its rich rendering (HTML, charts) goes to the
 * notebook as one display output and the text is left empty, as pandas does in Jupyter;
 * everywhere else (`console.log`, a script, the REPL) a compact text; inside another value (an
 * array, an object's field) its one-line `toString()`.
 *
 * @module
 */
import { JUPYTER_DISPLAY, type DisplayBundle } from './display';
import { tslabWriter } from './notebook-output';

/** tslab's executor, which prints a cell's last value with `console.log`. */
const TSLAB_EXECUTOR = /[\\/]tslab[\\/]dist[\\/]executor\.js$/;

/** The inspect options this module reads (Node's `InspectOptions`, without importing `node:util`). */
export interface InspectOptionsLike {
  /** How deep the inspection goes; at the top the hook's `depth` equals it. */
  depth?: number | null;
}

/**
 * An object that renders itself in notebooks and consoles (the protocol of docs/notebooks.md#protocol):
 * `[Symbol.for('Jupyter.display')]()` gives the notebook MIME bundle (at least `text/html` and
 * `text/plain`), `toString()` one line.
 *
 * @example
 * const d: Displayable = lineChart(ts);
 */
export interface Displayable {
  /** The notebook MIME bundle. */
  [JUPYTER_DISPLAY](): DisplayBundle | Record<string, unknown>;
  /** One line. */
  toString(): string;
}

/**
 * Tells whether the code running now was called by tslab's executor printing a cell's last
 * value: the caller of `console.log` (the first frame after Node's console frames) is tslab's
 * executor (a `console.log(x)` written in the cell has the cell's frame there instead).
 *
 * @returns True when tslab prints a cell's result.
 * @example
 * printingCellResult() //=> false (in a script)
 */
export function printingCellResult(): boolean {
  const { prepareStackTrace, stackTraceLimit } = Error;
  try {
    Error.stackTraceLimit = 50;
    Error.prepareStackTrace = (_error, frames) => frames;
    const frames = new Error().stack as unknown as readonly NodeJS.CallSite[];
    let inConsole = false;
    for (const frame of frames) {
      const file = frame.getFileName() ?? '';
      if (file.startsWith('node:internal/console/')) inConsole = true;
      else if (inConsole && !file.startsWith('node:')) return TSLAB_EXECUTOR.test(file);
    }
    return false;
  } finally {
    Error.prepareStackTrace = prepareStackTrace;
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * Drops the line break `console.log` writes after the empty text the hook returned, so the
 * cell shows only the rich output: the next write to stdout, if it is exactly `'\n'`, is not
 * passed on. The original writer is put back at that write or at the next turn of the event loop.
 */
function swallowNextNewline(): void {
  const stdout = process.stdout;
  const own = Object.getOwnPropertyDescriptor(stdout, 'write');
  const write = stdout.write;
  const restore = (): void => {
    if (own) Object.defineProperty(stdout, 'write', own);
    else delete (stdout as { write?: unknown }).write;
  };
  const swallow = ((chunk: unknown, ...rest: unknown[]) => {
    restore();
    if (chunk === '\n') return true;
    return (write as (...args: unknown[]) => boolean).call(stdout, chunk, ...rest);
  }) as typeof stdout.write;
  stdout.write = swallow;
  // only while nothing else has replaced the writer since: its owner puts back its own
  setImmediate(() => {
    if (stdout.write === swallow) restore();
  });
}

/**
 * The body of a toolkit object's `[Symbol.for('nodejs.util.inspect.custom')]` hook: when tslab
 * prints a cell's last value, sends the object's `[Symbol.for('Jupyter.display')]()` bundle to
 * the notebook and returns `''`; inside another value returns `value.toString()`; otherwise
 * returns `text()` (by default `toString()`).
 *
 * @param value - The object being inspected.
 * @param depth - The hook's first argument (the depth left).
 * @param options - The hook's second argument (Node's inspect options).
 * @param text - The compact text (a head/tail text table, or one line).
 * @returns What `util.inspect` shows.
 * @example
 * [INSPECT](depth, options) { return inspectDisplay(this, depth, options, () => this.toText()); }
 */
export function inspectDisplay(
  value: Displayable,
  depth: number | null | undefined,
  options: InspectOptionsLike | undefined,
  text: () => string = () => value.toString(),
): string {
  const top = options === undefined || typeof depth !== 'number' || typeof options.depth !== 'number' || depth >= options.depth;
  if (!top) return value.toString();
  const write = tslabWriter();
  if (write !== null && printingCellResult()) {
    try {
      write({ data: value[JUPYTER_DISPLAY](), metadata: {}, transient: {} }, false);
      swallowNextNewline();
      return '';
    } catch {
      // the rich rendering failed: show the text
    }
  }
  return text();
}
