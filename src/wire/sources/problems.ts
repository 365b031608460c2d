/**
 * Problems found in import files and source files, each with the file, the line and the field,
 * and the one error an import (or a read of a source) fails with when there are any.
 *
 * @module
 */
import { ValueError } from '../../exceptions';

/** One problem in an import file. */
export interface ImportProblem {
  /** The file (as given on the command line or to the import). */
  file: string;
  /** 1-based line number (the record's first line; 0 when the whole file is concerned). */
  line: number;
  /** The column or member concerned, or `null`. */
  field: string | null;
  /** What is wrong. */
  message: string;
}

/** A place in a file. */
export interface SourceLine {
  /** The file. */
  file: string;
  /** 1-based line number. */
  line: number;
}

/**
 * Formats a problem as `file:line: field: message`.
 *
 * @param p - The problem.
 * @returns One line of text.
 * @example
 * formatProblem({ file: 'wind.csv', line: 3, field: 'date', message: 'not a date-time: "2024-13-01"' })
 * //=> 'wind.csv:3: date: not a date-time: "2024-13-01"'
 */
export function formatProblem(p: ImportProblem): string {
  return `${p.file}:${p.line}: ${p.field === null ? '' : `${p.field}: `}${p.message}`;
}

/**
 * Collects problems; stops collecting (but keeps counting) after a limit so that a broken file
 * of a million lines does not produce a million messages.
 *
 * @param limit - Most problems kept (default 100).
 * @example
 * const problems = new ProblemList();
 * problems.add({ file: 'a.csv', line: 2 }, 'value', 'not a number: "x"');
 * problems.size //=> 1
 */
export class ProblemList {
  /** The problems kept, in the order found. */
  readonly items: ImportProblem[] = [];
  private count = 0;

  constructor(private readonly limit = 100) {}

  /**
   * Adds a problem.
   *
   * @param at - File and line.
   * @param field - The column or member, or `null`.
   * @param message - What is wrong.
   * @returns Nothing.
   * @example
   * problems.add({ file: 'a.csv', line: 1 }, null, 'empty file')
   */
  add(at: SourceLine, field: string | null, message: string): void {
    this.count++;
    if (this.items.length < this.limit) this.items.push({ file: at.file, line: at.line, field, message });
  }

  /**
   * Number of problems found (also those not kept).
   *
   * @example
   * new ProblemList().size //=> 0
   */
  get size(): number {
    return this.count;
  }

  /**
   * Throws when there is any problem.
   *
   * @param failed - What failed (default `Import failed`).
   * @param outcome - What it means (default `nothing was imported`).
   * @returns Nothing.
   * @throws ValueError listing the problems, one `file:line: field: message` per line.
   * @example
   * problems.throwIfAny() // throws ValueError('Import failed with 1 problem; nothing was imported:\n  a.csv:2: value: not a number: "x"')
   */
  throwIfAny(failed = 'Import failed', outcome = 'nothing was imported'): void {
    if (this.count === 0) return;
    const more = this.count - this.items.length;
    const lines = this.items.map((p) => `  ${formatProblem(p)}`);
    if (more > 0) lines.push(`  ... and ${more} more`);
    const noun = this.count === 1 ? 'problem' : 'problems';
    throw new ValueError(`${failed} with ${this.count} ${noun}; ${outcome}:\n${lines.join('\n')}`);
  }
}
