/**
 * No function of the product is over 80 lines unless a comment right before it says why it is not
 * split (`Not split: ...`, CONTRIBUTING.md#code). The check parses every TypeScript file of `src/`,
 * `server/src/` and `server/console/` with the compiler's own parser; a made-up source shows that it
 * counts lines, sees the comment, and fails without it.
 *
 *   node --import tsx test/architecture/function-length.test.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');
const MAX_LINES = 80;
const REASON = /Not split:\s*\S/;

interface LongFunction {
  readonly where: string;
  readonly name: string;
  readonly lines: number;
  readonly explained: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') out.push(...sourceFiles(full));
    } else if (/\.m?ts$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function nameOf(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name;
  if (named) return named.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
  return '(anonymous)';
}

/** The comments before a function, or before the statement or property that holds it. */
function commentsBefore(text: string, node: ts.Node): string {
  const holders: ts.Node[] = [node];
  let up = node.parent;
  while (
    up &&
    (ts.isVariableDeclaration(up) || ts.isVariableDeclarationList(up) || ts.isVariableStatement(up) || ts.isPropertyAssignment(up))
  ) {
    holders.push(up);
    up = up.parent;
  }
  return holders
    .flatMap((n) => ts.getLeadingCommentRanges(text, n.getFullStart()) ?? [])
    .map((c) => text.slice(c.pos, c.end))
    .join('\n');
}

/**
 * The functions over {@link MAX_LINES} lines in one source text.
 *
 * @param fileName - Shown in the result.
 * @param text - The TypeScript source.
 */
export function longFunctions(fileName: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES)
        found.push({ where: `${fileName}:${first + 1}`, name: nameOf(node), lines, explained: REASON.test(commentsBefore(text, node)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('a made-up source: a long function fails without the comment and passes with it', () => {
  const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const bare = `export function big(): void {\n${body}\n}\nexport const small = () => 1;\n`;
  const [long] = longFunctions('made-up.ts', bare);
  assert.equal(long, { where: 'made-up.ts:1', name: 'big', lines: MAX_LINES + 2, explained: false });
  const arrow = `// Not split: one table of constants, read top to bottom.\nconst big = () => {\n${body}\n};\n`;
  assert.equal(longFunctions('made-up.ts', arrow), [{ where: 'made-up.ts:2', name: 'big', lines: MAX_LINES + 2, explained: true }]);
  const method = `const page = {\n  /** Not split: the page's elements are shared by its handlers. */\n  render() {\n${body}\n  },\n};\n`;
  assert.is(longFunctions('made-up.ts', method)[0]?.explained, true);
  const short = `function ok() {\n${body.split('\n').slice(2).join('\n')}\n}\n`;
  assert.equal(longFunctions('made-up.ts', short), []);
});

test('every function over 80 lines in src/, server/src/ and server/console/ says why it is not split', () => {
  const files = ['src', 'server/src', 'server/console'].flatMap((dir) => sourceFiles(join(root, dir)));
  assert.ok(files.length > 300, `read ${files.length} files`);
  const unexplained = files
    .flatMap((file) => longFunctions(relative(root, file), readFileSync(file, 'utf8')))
    .filter((f) => !f.explained)
    .map((f) => `${f.where} ${f.name} (${f.lines} lines)`);
  assert.equal(unexplained, [], `split these, or say why not in a "Not split:" comment:\n${unexplained.join('\n')}`);
});

test.run();
