/**
 * The architecture rules (ARCHITECTURE.md#layers; the layers, the libraries each may use, the
 * 14) as functions over one prepared source file. Each returns the violations it finds; the test
 * (`imports.test.ts`) runs them over `src/**\/*.ts` (the client package `service`) and
 * `server/src/**\/*.ts` (the server package, ARCHITECTURE.md#two-packages) and subtracts the explicit
 * allow-list.
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

/** A layer: a folder directly under `src/` (client package) or `server/src/` (server package). */
type Layer = keyof typeof LAYER_RANK;

/** The layers of the server package; all others are the client package's (`src/<layer>/`). */
const SERVER_LAYERS: ReadonlySet<Layer> = new Set(['server', 'cli']);

/**
 * The folders of the server package (`server/src/<folder>/`) and their layer: `cli` on top, every
 * other folder in the `server` layer.
 */
const SERVER_FOLDERS: Readonly<Record<string, Layer>> = Object.freeze({
  auth: 'server',
  console: 'server',
  demo: 'server',
  feed: 'server',
  http: 'server',
  import: 'server',
  queries: 'server',
  requests: 'server',
  routes: 'server',
  store: 'server',
  cli: 'cli',
});

/** What the server package may import of the client package, by name: the shared vocabulary. */
const SHARED_SUBPATHS: ReadonlySet<Place> = new Set(['exceptions', 'time', 'model', 'engine', 'wire']);

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
 * Which layer a path under `src/` (client package) or `server/src/` (server package) belongs to.
 * A client layer folder under `server/src/`, or a server one under `src/`, is `outside`.
 *
 * @param path a project-relative path (`src/time/zones.ts`, `src/exceptions`, `src/index.ts`, `server/src/cli/main.ts`)
 * @returns the layer name, `exceptions`, `root` (src/index.ts) or `outside` (not a known place)
 * @example
 * placeOf('src/engine/ohlc/front-numbers.ts') //=> 'engine'
 */
export function placeOf(path: string): Place {
  const parts = path.replace(/\.ts$/, '').split('/');
  if (parts[0] === 'server' && parts[1] === 'src') {
    const layer = Object.hasOwn(SERVER_FOLDERS, parts[2]) ? SERVER_FOLDERS[parts[2]] : undefined;
    return layer ?? 'outside';
  }
  if (parts[0] !== 'src') return 'outside';
  if (parts.length === 1 || (parts.length === 2 && parts[1] === 'index')) return 'root';
  if (parts.length === 2 && parts[1] === 'exceptions') return 'exceptions';
  return Object.hasOwn(LAYER_RANK, parts[1]) && !SERVER_LAYERS.has(parts[1] as Layer) ? (parts[1] as Layer) : 'outside';
}

/** The package a place belongs to: `server` for the server package's layers, else `service` (the client). */
function packageOf(place: Place): 'server' | 'service' {
  return place === 'server' || place === 'cli' ? 'server' : 'service';
}

/**
 * The place a package import names: `service/time` -> `time`, `#wire` (the server package's name
 * for the client's protocol layer, server/package.json "imports") -> `wire`, `service` -> `root`,
 * `service-server` (or a path in it) -> `server`; `undefined` for any other package.
 *
 * @param specifier a bare module specifier
 * @example
 * placeOfPackage('service/engine') //=> 'engine'
 */
function placeOfPackage(specifier: string): Place | undefined {
  if (specifier === '#wire') return 'wire';
  if (/^service-server(\/|$)/.test(specifier)) return 'server';
  if (/^service\/wire(\/|$)/.test(specifier)) return 'outside';
  const m = /^service(?:\/(.*))?$/.exec(specifier);
  if (m === null) return undefined;
  if (m[1] === undefined) return 'root';
  return Object.hasOwn(LAYER_RANK, m[1]) || m[1] === 'exceptions' ? (m[1] as Place) : 'outside';
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

/**
 * Whether a file in place `from` may import the package path `specifier` by name: only the server
 * package imports the client package by name, and only its shared vocabulary (`service/exceptions`,
 * `service/time`, `service/model`, `service/engine`, and the protocol layer as `#wire`), never the
 * root (which loads the client), `service/plot`, `service/wire` (not an entry point) or a file deep
 * inside; nothing imports the server package by name.
 *
 * @param from the importing file's place
 * @param specifier the bare module specifier
 * @returns true when allowed (also for any package that is not one of ours)
 * @example
 * mayImportPackage('server', '#wire') //=> true
 */
export function mayImportPackage(from: Place, specifier: string): boolean {
  const to = placeOfPackage(specifier);
  if (to === undefined) return true;
  return packageOf(from) === 'server' && SHARED_SUBPATHS.has(to) && mayImport(from, to);
}

/**
 * Layering: every relative import stays inside its own package (`src/` or `server/src/`) and points
 * down (see {@link mayImport}); the server package reaches the client package only by name, through
 * its shared vocabulary (see {@link mayImportPackage}).
 */
export function checkLayers(file: SourceFile): Violation[] {
  const out: Violation[] = [];
  const from = placeOf(file.path);
  const report = (line: number, specifier: string, message: string): void => {
    out.push({ rule: 'layers', file: file.path, line, target: specifier, message });
  };
  for (const ref of findReferences(file)) {
    if (!ref.specifier.startsWith('.')) {
      if (!mayImportPackage(from, ref.specifier)) {
        report(
          ref.line,
          ref.specifier,
          `${from} may not import ${ref.specifier} (${ref.kind}; the server imports only the shared vocabulary by name)`,
        );
      }
      continue;
    }
    const target = posix.normalize(posix.join(posix.dirname(file.path), ref.specifier));
    const to = placeOf(target);
    if (to !== 'outside' && from !== 'outside' && packageOf(from) !== packageOf(to)) {
      report(ref.line, ref.specifier, `${from} may not reach into the other package by a relative path (${ref.kind} of ${target})`);
    } else if (!mayImport(from, to)) {
      report(ref.line, ref.specifier, `${from} may not import ${to} (${ref.kind} of ${target})`);
    }
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
  {
    rule: 'server-only',
    packages: /^(@duckdb\/[a-z-]+|fastify|@fastify\/[a-z-]+|pg|pg-copy-streams|stream-json|stream-chain)(\/|$)/,
    allowed: (f) => isUnder(f, 'server/src'),
    where: 'server/src/ (dependencies of the server package only, ARCHITECTURE.md#two-packages)',
  },
];

/**
 * Confined packages: `axios` only under `src/client/http/`, `danfojs` only in
 * `src/frame/danfo.ts`, the rendering libraries (vega, vega-lite, @resvg/resvg-js) only in
 * `src/plot/vega-runtime.ts`, the store and HTTP libraries (DuckDB, Fastify, pg, stream-json) only in
 * the server package. Any reference counts, `import type` and `declare module` included.
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
