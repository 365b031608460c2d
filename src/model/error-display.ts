/**
 * How the toolkit's errors print (docs/notebooks.md#errors). Attached to `ServiceError` by this
 * layer (`src/exceptions.ts` imports nothing of ours); imported for its effect by the model's index.
 *
 * In a notebook kernel an error shows its class, its message (which names the parameter of a
 * `ValidationError`) and only the frames of the notebook's own cells: none into the package, the
 * libraries under it or the kernel. Elsewhere it prints as Node prints any error (the whole stack
 * and its fields). Deno's kernel shows a thrown error's `stack` as it is, so there a new toolkit
 * error's `stack` is that same short text.
 *
 * @module
 */
import { ServiceError } from '../exceptions';
import { INSPECT } from './display';
import { inDenoKernel, inNotebook } from './notebook-output';

/** Where a stack line points: the text in parentheses, or after `at `. */
function locationOf(line: string): string {
  const open = line.lastIndexOf('(');
  return open >= 0 ? line.slice(open + 1, line.lastIndexOf(')')) : line.trim().replace(/^at\s+/, '');
}

/**
 * The frames of a stack that belong to notebook cells: code with no file (tslab's
 * `evalmachine.<anonymous>`, Deno's `<anonymous>`), not Node's or Deno's internals nor any module file.
 *
 * @param stack - An error's `stack`.
 * @returns The frame lines kept, as they were.
 * @example
 * cellFrames('E: x\n    at f (/p/dist/a.js:1:2)\n    at evalmachine.<anonymous>:3:7') //=> ['    at evalmachine.<anonymous>:3:7']
 */
export function cellFrames(stack: string): string[] {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .filter((line) => {
      const where = locationOf(line);
      return !/[\\/]/.test(where) && !/^(node|ext|deno):/.test(where) && where !== 'native';
    });
}

/** A frame of a tslab cell: tslab compiles a cell into `evalmachine.<anonymous>`. */
const TSLAB_FRAME = /evalmachine\.<anonymous>:(\d+):(\d+)/;

/**
 * The cell frames as the cell's own lines: tslab runs a cell's compiled code in a wrapper whose
 * start shares the first line with TypeScript's own lines, which the project's kernel keeps on
 * that line (kernel/cell-lines.mjs), so a frame's line is one more than the cell's; and it runs
 * the cell from one more frame, the call of the wrapped cell on its last line, column 3, which is
 * left out. A frame after the cell's first `await` (`at async evalmachine...`) has no such call.
 *
 * @param frames - The cell frames of {@link cellFrames}.
 * @returns The frames with the cells' line numbers.
 * @example
 * tslabLines(['    at evalmachine.<anonymous>:2:7', '    at evalmachine.<anonymous>:4:3']) //=> ['    at evalmachine.<anonymous>:1:7']
 */
export function tslabLines(frames: readonly string[]): string[] {
  const last = frames.at(-1);
  const call = frames.length > 1 && last !== undefined && /evalmachine\.<anonymous>:\d+:3$/.test(last.trim());
  return (call ? frames.slice(0, -1) : frames).map((line) =>
    line.replace(TSLAB_FRAME, (_all, row: string, column: string) => `evalmachine.<anonymous>:${Math.max(1, Number(row) - 1)}:${column}`),
  );
}

/**
 * What a toolkit error shows in a notebook: `Class: message` and the cell frames, with the
 * cells' line numbers on tslab.
 *
 * @param error - The error.
 * @returns The text.
 * @example
 * notebookErrorText(new ValidationError('must be before end', 'begin')).split('\n')[0]
 * //=> 'ValidationError: Field="begin", message: must be before end'
 */
export function notebookErrorText(error: Error): string {
  const head = `${error.name}: ${error.message}`;
  return [head, ...tslabLines(cellFrames(error.stack ?? ''))].join('\n');
}

Object.defineProperty(ServiceError.prototype, INSPECT, {
  value: function inspectServiceError(
    this: ServiceError,
    _depth: number,
    options: object,
    inspect: (value: unknown, options?: object) => string,
  ): string {
    if (inNotebook()) return notebookErrorText(this);
    const fields = Object.fromEntries(Object.entries(this));
    return Object.keys(fields).length > 0 ? `${this.stack} ${inspect(fields, options)}` : String(this.stack);
  },
  enumerable: false,
  configurable: true,
  writable: true,
});

/**
 * Gives a new error the short stack of {@link notebookErrorText} when it is made in Deno's kernel,
 * which shows a cell's thrown error as its `name`, `message` and `stack` lines. The text is made
 * when read (a subclass sets its fields after `ServiceError`'s constructor); setting `stack`
 * replaces it as on any error.
 *
 * @param error - The new error.
 * @returns Nothing.
 */
function shortenStackInDeno(error: ServiceError): void {
  if (!inDenoKernel()) return;
  const frames = cellFrames(error.stack ?? '');
  Object.defineProperty(error, 'stack', {
    configurable: true,
    enumerable: false,
    get: () => [`${error.name}: ${error.message}`, ...frames].join('\n'),
    set: (value: unknown) => Object.defineProperty(error, 'stack', { value, writable: true, configurable: true, enumerable: false }),
  });
}

Object.defineProperty(ServiceError.prototype, Symbol.for('service.error.created'), {
  value: function created(this: ServiceError): void {
    shortenStackInDeno(this);
  },
  enumerable: false,
  configurable: true,
  writable: true,
});
