/**
 * Where the `service` command writes and what stops it: standard output and error by default;
 * tests pass their own.
 *
 * @module
 */
import type { ProgressStream } from '../demo';

/** Output and stop signal of a command run. */
export interface CliIO {
  /** Writes one line of results (stdout). */
  out(line: string): void;
  /** Writes one line of messages or progress (stderr). */
  err(line: string): void;
  /** Stops a running `serve` when aborted (besides SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /** Where progress bars are drawn (a terminal redraws one line); default: lines through `err`. */
  progress?: ProgressStream;
}

/**
 * The process's standard streams.
 *
 * @returns An IO writing lines to stdout and stderr.
 * @example
 * processIO().out('hello') // prints "hello"
 */
export function processIO(): CliIO {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    progress: process.stderr,
  };
}

/**
 * The stream progress bars are drawn on: `io.progress`, or one line per update through `io.err`.
 *
 * @param io - The command's IO.
 * @returns A progress stream.
 * @example
 * progressStreamOf({ out() {}, err: (l) => lines.push(l) }).write('[####] 100%\n') // lines: ['[####] 100%']
 */
export function progressStreamOf(io: CliIO): ProgressStream {
  return io.progress ?? { write: (text: string) => io.err(text.replace(/\n$/, '')) };
}
