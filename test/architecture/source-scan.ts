/**
 * Reads `src/**\/*.ts` for the architecture tests: lists the files, blanks comments (and, for the
 * text rules, string contents) while keeping every line in place, and finds module references
 * with regular expressions. Line numbers in the results are 1-based and match the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** How a module is referenced. */
type ReferenceKind = 'import' | 'import type' | 'export from' | 'side effect' | 'dynamic import' | 'require' | 'augmentation';

/** One module reference found in a source file. */
export interface ModuleReference {
  /** The module specifier as written (`'../time'`, `'axios'`). */
  readonly specifier: string;
  /** 1-based line of the statement's start. */
  readonly line: number;
  /** How the module is referenced. */
  readonly kind: ReferenceKind;
}

/** A source file with its text prepared for scanning. */
export interface SourceFile {
  /** Path relative to the project root, with `/` separators (`src/time/zones.ts`). */
  readonly path: string;
  /** The file as written. */
  readonly text: string;
  /** The text with comments blanked (strings kept): where module references are found. */
  readonly code: string;
  /** The text with comments and string/template contents blanked: where code patterns are found. */
  readonly bare: string;
}

/**
 * Lists every `.ts` file under `dir` (recursively, sorted), as paths relative to `root` with `/`.
 *
 * @param root the project root
 * @param dir the folder to walk, relative to `root` (`'src'`)
 * @returns the relative paths
 * @example
 * listTsFiles('/work/main', 'src').includes('src/index.ts') //=> true
 */
export function listTsFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(abs, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) out.push(relative(root, full).split(sep).join('/'));
    }
  };
  walk(join(root, dir));
  return out;
}

/**
 * Reads one file and prepares its scanning views.
 *
 * @param root the project root
 * @param path the file's path relative to `root`
 * @returns the file with `code` and `bare` views
 * @example
 * readSource('/work/main', 'src/index.ts').path //=> 'src/index.ts'
 */
export function readSource(root: string, path: string): SourceFile {
  return sourceOf(path, readFileSync(join(root, path), 'utf8'));
}

/**
 * Prepares a source text given in memory (for rule tests on made-up files).
 *
 * @param path the path the text pretends to have (`src/model/x.ts`)
 * @param text TypeScript source
 * @returns the file with `code` and `bare` views
 * @example
 * sourceOf('src/a.ts', "'x' // c").code //=> "'x'     "
 */
export function sourceOf(path: string, text: string): SourceFile {
  return { path, text, code: blank(text, false), bare: blank(text, true) };
}

const REGEX_AFTER_CHAR = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
  'instanceof',
]);

/**
 * Replaces comments (and, with `strings`, the contents of string, template and regular-expression
 * literals) by spaces, keeping newlines so line numbers stay valid. Template substitutions
 * (`${...}`) stay code.
 *
 * @param text TypeScript source
 * @param strings also blank literal contents (the quotes stay)
 * @returns the text with the same length and line breaks
 * @example
 * blank("a // b\n'c'", true) //=> "a     \n' '"
 */
export function blank(text: string, strings: boolean): string {
  const out = text.split('');
  const n = text.length;
  const braces: number[] = []; // for each open template substitution, the brace depth inside it
  let i = 0;
  const wipe = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  const previousToken = (at: number): string => {
    let k = at - 1;
    while (k >= 0 && /\s/.test(out[k]!)) k--;
    if (k < 0) return '';
    if (!/[\w$]/.test(out[k]!)) return out[k]!;
    let s = k;
    while (s > 0 && /[\w$]/.test(out[s - 1]!)) s--;
    return out.slice(s, k + 1).join('');
  };
  // Scans a template literal body from i (just after ` or }), stopping after the closing ` or at ${.
  const templateBody = (): void => {
    const start = i;
    while (i < n) {
      if (text[i] === '\\') {
        i += 2;
        continue;
      }
      if (text[i] === '`') {
        if (strings) wipe(start, i);
        i++;
        return;
      }
      if (text[i] === '$' && text[i + 1] === '{') {
        if (strings) wipe(start, i);
        i += 2;
        braces.push(0);
        return;
      }
      i++;
    }
    if (strings) wipe(start, n);
  };
  while (i < n) {
    const c = text[i];
    const d = text[i + 1];
    if (c === '/' && d === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      wipe(i, stop);
      i = stop;
    } else if (c === '/' && d === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      wipe(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      const start = i + 1;
      i = start;
      while (i < n && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      if (strings) wipe(start, i);
      i++;
    } else if (c === '`') {
      i++;
      templateBody();
    } else if (c === '{' && braces.length > 0) {
      braces[braces.length - 1]!++;
      i++;
    } else if (c === '}' && braces.length > 0) {
      if (braces[braces.length - 1] === 0) {
        braces.pop();
        i++;
        templateBody();
      } else {
        braces[braces.length - 1]!--;
        i++;
      }
    } else if (c === '/') {
      const prev = previousToken(i);
      if (prev === '' || REGEX_AFTER_CHAR.has(prev) || REGEX_AFTER_WORD.has(prev)) {
        const start = i + 1;
        i = start;
        let inClass = false;
        while (i < n && text[i] !== '\n') {
          if (text[i] === '\\') {
            i += 2;
            continue;
          }
          if (text[i] === '[') inClass = true;
          else if (text[i] === ']') inClass = false;
          else if (text[i] === '/' && !inClass) break;
          i++;
        }
        if (strings) wipe(start, i);
        i++;
      } else {
        i++;
      }
    } else {
      i++;
    }
  }
  return out.join('');
}

/** The 1-based line of character `index` in `text`. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let k = 0; k < index; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

const SPEC = String.raw`(?:'(?<single>[^'\n]+)'|"(?<double>[^"\n]+)")`;
const PATTERNS: ReadonlyArray<readonly [ReferenceKind, RegExp]> = [
  // `import x from`, `import { a } from`, `import * as n from`, `import type { T } from` (may span lines)
  ['import', new RegExp(String.raw`^[ \t]*import\s+(?<type>type\s+)?(?!\()[^;'"]*?\bfrom\s*` + SPEC, 'gm')],
  ['export from', new RegExp(String.raw`^[ \t]*export\s+(?:type\s+)?(?:\*|\{)[^;'"]*?\bfrom\s*` + SPEC, 'gm')],
  ['side effect', new RegExp(String.raw`^[ \t]*import\s*` + SPEC, 'gm')],
  ['dynamic import', new RegExp(String.raw`\bimport\s*\(\s*` + SPEC + String.raw`\s*\)`, 'g')],
  ['require', new RegExp(String.raw`\brequire\s*\(\s*` + SPEC + String.raw`\s*\)`, 'g')],
  ['augmentation', new RegExp(String.raw`^[ \t]*declare\s+module\s*` + SPEC, 'gm')],
];

/**
 * Finds every module reference in a file's comment-free code: static imports (also `import
 * type`), re-exports, side-effect imports, `import('x')`, `require('x')` and `declare module 'x'`.
 * Text inside string and template literals that looks like an import is not one.
 *
 * @param file the prepared source file
 * @returns the references in order of position
 * @example
 * findReferences(sourceOf('src/x.ts', "import { a } from '../time';"))[0].specifier //=> '../time'
 */
export function findReferences(file: Pick<SourceFile, 'code' | 'bare'>): ModuleReference[] {
  const found: Array<ModuleReference & { at: number }> = [];
  for (const [kind, pattern] of PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(file.code); m !== null; m = pattern.exec(file.code)) {
      const specifier = m.groups?.single ?? m.groups?.double ?? '';
      const at = m.index + (m[0].length - m[0].trimStart().length);
      // The keyword must be code, not text inside a string or template literal.
      const keyword = /^\w+/.exec(m[0].trimStart())?.[0] ?? '';
      if (!file.bare.startsWith(keyword, at)) continue;
      const real: ReferenceKind = kind === 'import' && m.groups?.type ? 'import type' : kind;
      found.push({ specifier, line: lineAt(file.code, at), kind: real, at });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ specifier, line, kind }) => ({ specifier, line, kind }));
}

/** One place where a code pattern occurs. */
export interface PatternHit {
  /** 1-based line. */
  readonly line: number;
  /** The matched text. */
  readonly match: string;
}

/**
 * Finds a pattern in a file's `bare` view (no comments, no string contents).
 *
 * @param file the prepared source file
 * @param pattern a global regular expression
 * @returns one hit per match
 * @example
 * findPattern({ bare: 'x = Date.now();' } as SourceFile, /\bDate\.now\s*\(/g) //=> [{ line: 1, match: 'Date.now(' }]
 */
export function findPattern(file: Pick<SourceFile, 'bare'>, pattern: RegExp): PatternHit[] {
  const hits: PatternHit[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(file.bare); m !== null; m = pattern.exec(file.bare)) {
    hits.push({ line: lineAt(file.bare, m.index), match: m[0] });
  }
  return hits;
}
