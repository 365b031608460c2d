/**
 * The runtime import graph of `src/` and its cycles. An edge `a -> b` means loading `a` loads `b`:
 * relative `import`, `export ... from`, side-effect imports and literal `require`/`import()`.
 * Type-only references (`import type`, `export type ... from`, and imports whose every name is
 * marked `type`) are not edges: TypeScript erases them, so they cannot affect load order, and a
 * type cycle between two modules that describe each other is harmless. Cycles are found with
 * Tarjan's strongly connected components: every component of more than one file (or a file that
 * imports itself) is one cycle, reported with one concrete loop through it.
 */
import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { findReferences, type SourceFile } from './source-scan';

/** file -> the files it loads at run time (project-relative paths, `src/a/b.ts`). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * Whether one reference is erased by TypeScript (type-only).
 *
 * @param statement the statement's text up to its specifier (`import { type A, type B } from './x'`)
 * @returns true for `import type`, `export type`, and brace lists where every name is `type X`
 * @example
 * isTypeOnly("import { type A, type B } from './x'") //=> true
 */
export function isTypeOnly(statement: string): boolean {
  const s = statement.trimStart();
  if (/^(?:import|export)\s+type\b/.test(s)) return true;
  const names = /^(?:import|export)\s*\{([^}]*)\}/.exec(s);
  if (names === null) return false;
  const items = names[1]
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
  return items.length > 0 && items.every((x) => /^type\s/.test(x));
}

/** The text of the import/export statement starting on `line` that names `specifier`. */
function statementAt(code: string, line: number, specifier: string): string | undefined {
  const rest = code
    .split('\n')
    .slice(line - 1)
    .join('\n');
  const re = /(?:import|export)[^;'"]*?(['"])([^'"\n]+)\1/g;
  for (let m = re.exec(rest); m !== null; m = re.exec(rest)) if (m[2] === specifier) return m[0];
  return undefined;
}

/**
 * Resolves a relative specifier from `file` to a project file, as Node/TypeScript would for a
 * `.ts` tree: `x.ts`, then `x/index.ts`.
 *
 * @returns the project-relative path, or undefined when it is not a src file
 */
function resolveRelative(root: string, file: string, specifier: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(file), specifier.replace(/\.js$/, '')));
  for (const candidate of [`${base}.ts`, `${base}/index.ts`]) {
    if (existsSync(join(root, candidate))) return candidate;
  }
  return undefined;
}

/**
 * Builds the runtime import graph of the given files.
 *
 * @param root the project root (for resolving `x` to `x.ts` or `x/index.ts`)
 * @param files the prepared source files
 * @returns file -> runtime dependencies
 */
export function buildGraph(root: string, files: readonly SourceFile[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps = new Set<string>();
    for (const ref of findReferences(file)) {
      if (!ref.specifier.startsWith('.') || ref.kind === 'import type' || ref.kind === 'augmentation') continue;
      if (ref.kind === 'import' || ref.kind === 'export from') {
        const statement = statementAt(file.code, ref.line, ref.specifier);
        if (statement !== undefined && isTypeOnly(statement)) continue;
      }
      const target = resolveRelative(root, file.path, ref.specifier);
      if (target !== undefined) deps.add(target);
    }
    graph.set(file.path, [...deps].sort());
  }
  return graph;
}

/**
 * Every import cycle of a graph: one entry per strongly connected component with a loop, as the
 * files of one loop through it, starting and ending at the same (alphabetically first) file.
 *
 * @param graph file -> dependencies
 * @returns the cycles, sorted
 * @example
 * findCycles(new Map([['a', ['b']], ['b', ['a']], ['c', ['a']]])) //=> [['a', 'b', 'a']]
 */
export function findCycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = component.length === 1 && (graph.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((c) => loopThrough(graph, c)).sort((a, b) => a[0].localeCompare(b[0]));
}

/** A shortest loop from the component's first file back to itself, staying inside the component. */
function loopThrough(graph: ImportGraph, component: readonly string[]): string[] {
  const inside = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = previous.get(u)) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
