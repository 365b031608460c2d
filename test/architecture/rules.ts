/**
 * The source rules that are not about the import graph (that is `.dependency-cruiser.cjs`), as
 * functions over one prepared source file: no module loaded by a computed name (it would hide a
 * dependency from the graph rules), no clock reads in `src/time`, `src/model`, `src/engine`, and
 * error classes only in `src/exceptions.ts`. Each returns the violations it finds; the test
 * (`source-rules.test.ts`) runs them over `src/**\/*.ts` and `server/src/**\/*.ts` and subtracts
 * the explicit allow-list.
 */
import { findPattern, type SourceFile } from './source-scan';

/** One broken rule at one place. */
export interface Violation {
  /** The rule's id (`dynamic-load`, `clock`, `extends-error`). */
  readonly rule: string;
  /** The file, relative to the project root (`src/model/series.ts`). */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** What was found: the matched code. */
  readonly target: string;
  /** Why it breaks the rule, in words. */
  readonly message: string;
}

function isUnder(file: string, folder: string): boolean {
  return file.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

/**
 * No `require(x)` / `import(x)` with a computed name: it would hide a dependency from the import
 * graph rules (`.dependency-cruiser.cjs`).
 */
export function checkDynamicLoads(file: SourceFile): Violation[] {
  return findPattern(file, /\b(?:require|import)\s*\(\s*(?![\s'"`)])/g).map((hit) => ({
    rule: 'dynamic-load',
    file: file.path,
    line: hit.line,
    target: hit.match.trim(),
    message: 'module loaded by a computed name',
  }));
}

const CLOCK_FOLDERS = ['src/time', 'src/model', 'src/engine'];

/**
 * No reading of the clock (`Date.now()`, `new Date()` without arguments) in `src/time`,
 * `src/model`, `src/engine`: they take a clock argument. `new Date(ms)` converts and is fine.
 */
export function checkClock(file: SourceFile): Violation[] {
  if (!CLOCK_FOLDERS.some((f) => isUnder(file.path, f))) return [];
  return findPattern(file, /\bDate\.now\s*\(|\bnew\s+Date\b\s*(?:\(\s*\)|(?![\s(]))/g).map((hit) => ({
    rule: 'clock',
    file: file.path,
    line: hit.line,
    target: hit.match,
    message: 'reads the machine clock; take a clock argument',
  }));
}

/** Error classes (`class X extends Error` or another built-in error) only in `src/exceptions.ts`. */
export function checkErrorClasses(file: SourceFile): Violation[] {
  if (file.path === 'src/exceptions.ts') return [];
  const pattern = /\bclass\b[^{};]*?\bextends\s+(?:globalThis\.)?(?:Aggregate|Eval|Range|Reference|Syntax|Type|URI)?Error\b/g;
  return findPattern(file, pattern).map((hit) => ({
    rule: 'extends-error',
    file: file.path,
    line: hit.line,
    target: hit.match.replace(/\s+/g, ' '),
    message: 'error classes live in src/exceptions.ts',
  }));
}

/** Every rule, in report order. */
const RULES: ReadonlyArray<(file: SourceFile) => Violation[]> = [checkDynamicLoads, checkClock, checkErrorClasses];

/**
 * Runs every rule over one file.
 *
 * @param file the prepared source file
 * @returns all violations, in rule order
 * @example
 * checkFile(readSource(root, 'src/time/zones.ts')) //=> []
 */
export function checkFile(file: SourceFile): Violation[] {
  return RULES.flatMap((rule) => rule(file));
}
