/**
 * Computes the package's public surface from the sources: for each entry point declared in
 * `package.json` `exports` (`.`, `./exceptions`, `./plot`), every exported name and its kind, read
 * with the TypeScript checker from the `src/` file the entry point is built from. Members of
 * exported namespaces (`wire`) are listed as `wire.name`. Used by `public-api.test.ts` (against
 * `test/fixtures/public-api.json`) and `load-modes.test.ts` (against the built package).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Exported name -> kind (`class`, `function`, `const`, `const+type`, `interface`, `type`, `enum`,
 * `namespace`; `type-only class` and the like for a value exported with `type`).
 */
export type ApiNames = Record<string, string>;

/** Import path (`service`, `service/exceptions`) -> its exported names. */
export type PublicApi = Record<string, ApiNames>;

/** One entry point of the package: how users import it and which source file it is built from. */
export interface EntryPoint {
  /** The import path (`service/plot`). */
  readonly importPath: string;
  /** The `exports` key (`./plot`). */
  readonly subpath: string;
  /** The source file, relative to the root (`src/plot/index.ts`). */
  readonly source: string;
}

interface PackageJson {
  readonly name: string;
  readonly exports: Record<string, string | Record<string, string>>;
}

/**
 * Reads the entry points from `package.json` `exports`, mapping each `types` target
 * (`./dist/plot/index.d.ts`) back to its source (`src/plot/index.ts`). Non-code subpaths
 * (`./package.json`) are skipped.
 *
 * @param root the project root
 * @returns the entry points, in `exports` order
 * @example
 * entryPoints('/work/main')[0] //=> { importPath: 'service', subpath: '.', source: 'src/index.ts' }
 */
export function entryPoints(root: string): EntryPoint[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const out: EntryPoint[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    // `{ types, ... }`, or (dual package) `{ import: { types, default }, require: { types, default } }`:
    // the CommonJS declarations are built from src/ (the ES ones re-export them).
    const conditions = target as Record<string, string | Record<string, string>>;
    const require = typeof target === 'string' ? undefined : conditions.require;
    const types =
      typeof target === 'string' ? target : typeof require === 'object' ? require.types : (conditions.types as string | undefined);
    if (types === undefined || !types.endsWith('.d.ts')) continue;
    const source = types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts');
    const importPath = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, '')}`;
    out.push({ importPath, subpath, source });
  }
  return out;
}

function kindOf(symbol: ts.Symbol): string {
  const f = symbol.flags;
  const value =
    f & ts.SymbolFlags.Class
      ? 'class'
      : f & ts.SymbolFlags.Enum
        ? 'enum'
        : f & ts.SymbolFlags.Function
          ? 'function'
          : f & ts.SymbolFlags.Variable
            ? isConst(symbol)
              ? 'const'
              : 'let'
            : f & ts.SymbolFlags.ValueModule
              ? 'namespace'
              : '';
  const type =
    f & ts.SymbolFlags.Interface
      ? 'interface'
      : f & ts.SymbolFlags.TypeAlias
        ? 'type'
        : f & ts.SymbolFlags.NamespaceModule
          ? 'namespace'
          : '';
  if (value === '') return type || 'unknown';
  // A class or enum is a type too; a const or function that shares its name with a type says so.
  return type !== '' && (value === 'const' || value === 'let' || value === 'function') ? `${value}+type` : value;
}

/** `export { type X }` or `export type { X }`: the name exists for the type checker only. */
function isTypeOnlyExport(exported: ts.Symbol): boolean {
  return (exported.declarations ?? []).some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly));
}

function isConst(symbol: ts.Symbol): boolean {
  const decl = symbol.valueDeclaration;
  return decl !== undefined && ts.isVariableDeclaration(decl) && (ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) !== 0;
}

function sorted(names: ApiNames): ApiNames {
  const out: ApiNames = {};
  for (const key of Object.keys(names).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = names[key]!;
  return out;
}

/**
 * The live public API: every name each entry point's source exports, with its kind, sorted by
 * name (code-point order).
 *
 * @param root the project root
 * @returns import path -> name -> kind
 * @example
 * livePublicApi('/work/main')['service/exceptions'].ValidationError //=> 'class'
 */
export function livePublicApi(root: string): PublicApi {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('cannot read tsconfig.json');
  const entries = entryPoints(root);
  const program = ts.createProgram(
    entries.map((e) => join(root, e.source)),
    { ...config.options, noEmit: true },
  );
  const checker = program.getTypeChecker();
  const api: PublicApi = {};
  for (const entry of entries) {
    const file = program.getSourceFile(join(root, entry.source));
    const moduleSymbol = file && checker.getSymbolAtLocation(file);
    if (moduleSymbol === undefined) throw new Error(`${entry.source} is missing or is not a module`);
    const names: ApiNames = {};
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const kind = isTypeOnlyExport(exported) ? `type-only ${kindOf(symbol)}` : kindOf(symbol);
      names[exported.name] = kind;
      // `export * as wire from './wire'`: the namespace's members are public too.
      if (kind === 'namespace' && symbol.flags & ts.SymbolFlags.ValueModule) {
        for (const member of checker.getExportsOfModule(symbol)) {
          const inner = member.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(member) : member;
          names[`${exported.name}.${member.name}`] = kindOf(inner);
        }
      }
    }
    api[entry.importPath] = sorted(names);
  }
  return api;
}

/**
 * The names of an entry point that exist at run time (everything but interfaces, types and names
 * exported with `type`), without namespace members.
 *
 * @param names one entry point's names
 * @returns the sorted value names
 * @example
 * valueNames({ A: 'class', B: 'interface', C: 'const+type', 'n.x': 'function' }) //=> ['A', 'C']
 */
export function valueNames(names: ApiNames): string[] {
  return Object.keys(names)
    .filter((n) => !n.includes('.') && !['interface', 'type', 'unknown'].includes(names[n]!) && !names[n]!.startsWith('type-only '))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Lines describing how two API lists differ: `+ name (kind)` added, `- name (kind)` removed,
 * `~ name: old -> new` changed kind, each under its import path.
 *
 * @param expected the checked-in list
 * @param actual the live list
 * @returns the difference, empty when equal
 * @example
 * diffApi({ service: { a: 'class' } }, { service: { a: 'class', b: 'function' } }) //=> ['service', '  + b (function)']
 */
export function diffApi(expected: PublicApi, actual: PublicApi): string[] {
  const out: string[] = [];
  const paths = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  for (const path of paths) {
    const e = expected[path] ?? {};
    const a = actual[path] ?? {};
    const lines: string[] = [];
    if (!(path in expected)) lines.push('  + (new entry point)');
    if (!(path in actual)) lines.push('  - (entry point removed)');
    for (const name of [...new Set([...Object.keys(e), ...Object.keys(a)])].sort()) {
      if (!(name in e)) lines.push(`  + ${name} (${a[name]})`);
      else if (!(name in a)) lines.push(`  - ${name} (${e[name]})`);
      else if (e[name] !== a[name]) lines.push(`  ~ ${name}: ${e[name]} -> ${a[name]}`);
    }
    if (lines.length > 0) out.push(path, ...lines);
  }
  return out;
}
