/**
 * The architecture rules (README.md#architecture; the layers, the libraries each may use, the
 * 14) as functions over one prepared source file. Each returns the violations it finds; the test
 * (`imports.test.ts`) runs them over `src/**\/*.ts` and subtracts the explicit allow-list.
 */
import { posix } from 'node:path';
import { findPattern, findReferences, type SourceFile } from './source-scan';

/** The layers, bottom first: a file may import its own layer and any layer with a lower rank. */
const LAYER_RANK = Object.freeze({
  time: 0,
  model: 1,
  engine: 2,
  wire: 3,
  plot: 4,
  frame: 5,
  client: 6,
  server: 6,
  cli: 7,
} as const);

/** A layer: a folder directly under `src/`. */
type Layer = keyof typeof LAYER_RANK;

/** Where a file sits: a layer folder, the error module (usable by all) or the package root. */
export type Place = Layer | 'exceptions' | 'root' | 'outside';

/** One broken rule at one place. */
export interface Violation {
  /** The rule's id (`layers`, `axios`, `danfojs`, `vega`, `dynamic-load`, `clock`, `extends-error`). */
  readonly rule: string;
  /** The file, relative to the project root (`src/model/series.ts`). */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** What was found: the module specifier or the matched code. */
  readonly target: string;
  /** Why it breaks the rule, in words. */
  readonly message: string;
}

/**
 * Which layer a path under `src/` belongs to.
 *
 * @param path a project-relative path (`src/time/zones.ts`, `src/exceptions`, `src/index.ts`)
 * @returns the layer name, `exceptions`, `root` (src/index.ts) or `outside` (not a known place)
 * @example
 * placeOf('src/engine/ohlc/front-numbers.ts') //=> 'engine'
 */
export function placeOf(path: string): Place {
  const parts = path.replace(/\.ts$/, '').split('/');
  if (parts[0] !== 'src') return 'outside';
  if (parts.length === 1 || (parts.length === 2 && parts[1] === 'index')) return 'root';
  if (parts.length === 2 && parts[1] === 'exceptions') return 'exceptions';
  return Object.hasOwn(LAYER_RANK, parts[1]) ? (parts[1] as Layer) : 'outside';
}

/**
 * Whether a file in place `from` may import one in place `to`: downward or sideways within a
 * layer; `exceptions` from anywhere (and it imports nothing of ours); the package root may use
 * every client-side layer but nothing may import the root; `client` and `server` never meet.
 *
 * @param from the importing file's place
 * @param to the imported file's place
 * @returns true when allowed
 * @example
 * mayImport('model', 'engine') //=> false
 */
export function mayImport(from: Place, to: Place): boolean {
  if (to === 'exceptions') return true;
  if (from === 'outside' || to === 'outside' || to === 'root' || from === 'exceptions') return false;
  if (from === 'root') return to !== 'server' && to !== 'cli';
  if (from === to) return true;
  return LAYER_RANK[to] < LAYER_RANK[from];
}

function isUnder(file: string, folder: string): boolean {
  return file.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

/** Layering: every relative import stays inside `src/` and points down (see {@link mayImport}). */
export function checkLayers(file: SourceFile): Violation[] {
  const out: Violation[] = [];
  const from = placeOf(file.path);
  for (const ref of findReferences(file)) {
    if (!ref.specifier.startsWith('.')) continue;
    const target = posix.normalize(posix.join(posix.dirname(file.path), ref.specifier));
    const to = placeOf(target);
    if (mayImport(from, to)) continue;
    out.push({
      rule: 'layers',
      file: file.path,
      line: ref.line,
      target: ref.specifier,
      message: `${from} may not import ${to} (${ref.kind} of ${target})`,
    });
  }
  return out;
}

/** A third-party package confined to some files. */
interface PackageRule {
  readonly rule: string;
  readonly packages: RegExp;
  readonly allowed: (file: string) => boolean;
  readonly where: string;
}

const PACKAGE_RULES: readonly PackageRule[] = [
  { rule: 'axios', packages: /^axios(\/|$)/, allowed: (f) => isUnder(f, 'src/client/http'), where: 'src/client/http/' },
  { rule: 'danfojs', packages: /^danfojs(-node)?(\/|$)/, allowed: (f) => f === 'src/frame/danfo.ts', where: 'src/frame/danfo.ts' },
  {
    rule: 'polars',
    packages: /^nodejs-polars(-[a-z0-9-]+)?(\/|$)/,
    allowed: (f) => f === 'src/frame/polars.ts',
    where: 'src/frame/polars.ts',
  },
  {
    rule: 'vega',
    packages: /^(vega(-[a-z-]+)?|@resvg\/resvg-js)(\/|$)/,
    allowed: (f) => f === 'src/plot/vega-runtime.ts',
    where: 'src/plot/vega-runtime.ts',
  },
];

/**
 * Confined packages: `axios` only under `src/client/http/`, `danfojs` only in
 * `src/frame/danfo.ts`, the rendering libraries (vega, vega-lite, @resvg/resvg-js) only in
 * `src/plot/vega-runtime.ts`. Any reference counts, `import type` and `declare module` included.
 */
export function checkPackages(file: SourceFile): Violation[] {
  const out: Violation[] = [];
  for (const ref of findReferences(file)) {
    for (const r of PACKAGE_RULES) {
      if (!r.packages.test(ref.specifier) || r.allowed(file.path)) continue;
      out.push({
        rule: r.rule,
        file: file.path,
        line: ref.line,
        target: ref.specifier,
        message: `${ref.specifier} belongs only in ${r.where}`,
      });
    }
  }
  return out;
}

/**
 * No `require(x)` / `import(x)` with a computed name: it would hide a dependency from the rules
 * above.
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
const RULES: ReadonlyArray<(file: SourceFile) => Violation[]> = [
  checkLayers,
  checkPackages,
  checkDynamicLoads,
  checkClock,
  checkErrorClasses,
];

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
