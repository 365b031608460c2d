/**
 * Every document a comment or a doc cites is in the repository. Comments (and test titles) in
 * src/, test/, bench/, scripts/, kernel/ and notebooks/, and the whole text of README.md and
 * docs/*.md, must not cite the design notes and references the project was written from (a
 * clone does not have them); they cite `docs/<file>.md#<anchor>` (or `README.md#<anchor>`)
 * instead. Each such citation must name a file that exists and an anchor it defines: an explicit
 * `<a id="...">` or a heading (GitHub's slug of it). Markdown links between the docs are checked
 * the same way.
 *
 *   node --import tsx test/architecture/doc-citations.test.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');

/** Citations of documents that live outside the repository. */
const OUTSIDE: readonly RegExp[] = [
  /\bspec §/,
  /\bwire-part[12]\b/,
  /\bservice-semantics\b/,
  /\bstyle habits?\b/,
  /\bhabits? \d/,
  /\barchitecture\.md\b/,
  /\bstyle\.md\b/,
  /\binterface\.md\b/,
  /\bdemo-dataset\b/,
  /\bdemo-catalogue\b/,
  /\btoolchain(-and-ecosystem)? §/,
  /\.\.\/shared\//,
  /\/work\/shared\b/,
  /(^|[\s(])§\s?\d/,
];

const SCANNED_DIRS = ['src', 'test', 'bench', 'scripts', 'kernel', 'notebooks'];
const SOURCE_EXT = /\.(ts|mts|cts|js|mjs|cjs|py)$/;

function listFiles(dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  const out: string[] = [];
  for (const name of readdirSync(full).sort()) {
    if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) continue;
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) out.push(...listFiles(rel));
    else out.push(rel);
  }
  return out;
}

interface Line {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Comment lines and test titles of a source file (the text a reader follows citations from). */
export function commentLines(file: string, source: string): Line[] {
  const out: Line[] = [];
  let inBlock = false;
  source.split('\n').forEach((raw, i) => {
    const t = raw.trim();
    let text: string | null = null;
    if (inBlock) {
      text = t;
      if (t.includes('*/')) inBlock = false;
    } else if (t.startsWith('/*')) {
      text = t;
      inBlock = !t.includes('*/');
    } else if (t.startsWith('//') || t.startsWith('#')) {
      text = t;
    } else if (/^test(\.\w+)?\(\s*['"`]/.test(t)) {
      text = t;
    } else {
      const trailing = raw.indexOf(' // ');
      if (trailing >= 0) text = raw.slice(trailing);
    }
    if (text !== null) out.push({ file, line: i + 1, text });
  });
  return out;
}

/** The lines that cite a document outside the repository. */
export function outsideCitations(lines: readonly Line[]): string[] {
  return lines.filter((l) => OUTSIDE.some((re) => re.test(l.text))).map((l) => `${l.file}:${l.line}: ${l.text}`);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown text defines: `<a id="...">` and its headings' slugs. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1] as string);
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const h = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (h) anchors.add(slugOf(h[1] as string));
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();
function anchorsOfFile(rel: string): Set<string> | null {
  if (!anchorCache.has(rel)) {
    const full = join(root, rel);
    anchorCache.set(rel, existsSync(full) && statSync(full).isFile() ? anchorsOf(readFileSync(full, 'utf8')) : null);
  }
  return anchorCache.get(rel) ?? null;
}

/** Problems of one citation `path[#anchor]` (path relative to the repository root). */
export function checkTarget(path: string, anchor: string | undefined, lookup: (rel: string) => Set<string> | null): string | null {
  const anchors = lookup(path);
  if (anchors === null) return `${path} does not exist`;
  if (anchor !== undefined && !anchors.has(anchor)) return `${path} has no anchor #${anchor}`;
  return null;
}

/** Citations of a file in docs/ or of a top-level guide, with an optional anchor, in comment text. */
const COMMENT_CITATION = /\b((?:docs\/[\w./-]+|README|ARCHITECTURE|CONTRIBUTING)\.md)(?:#([\w-]+))?/g;
/** Markdown link targets to local `.md` files. */
const MD_LINK = /\]\(([^)\s#]*\.md)?(?:#([\w-]+))?\)/g;

const sources = SCANNED_DIRS.flatMap(listFiles).filter((f) => SOURCE_EXT.test(f) || f.endsWith('.ipynb'));
const docs = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', ...listFiles('docs').filter((f) => f.endsWith('.md'))];

function linesOf(file: string): Line[] {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.ipynb')) return text.split('\n').map((t, i) => ({ file, line: i + 1, text: t }));
  return commentLines(file, text);
}

test('the checks can fail: an outside citation and a missing anchor are found', () => {
  const slash = '/';
  const sample = ['/**', ' * Paging (wire-part1 §3.4).', ' */', `const a = 1; ${slash}${slash} see service-semantics §2`];
  sample.push("test('spec §4.2 shapes', () => {});");
  const lines = commentLines('x.ts', sample.join('\n'));
  assert.is(outsideCitations(lines).length, 3);
  assert.equal(outsideCitations(commentLines('y.ts', "const s = 'wire-part1';\n")), []);
  const fake = (rel: string): Set<string> | null => (rel === 'docs/a.md' ? anchorsOf('<a id="paging"></a>\n## Time zones\n') : null);
  assert.is(checkTarget('docs/a.md', 'paging', fake), null);
  assert.is(checkTarget('docs/a.md', 'time-zones', fake), null);
  assert.is(checkTarget('docs/a.md', 'nothing', fake), 'docs/a.md has no anchor #nothing');
  assert.is(checkTarget('docs/b.md', undefined, fake), 'docs/b.md does not exist');
});

test('no comment or test title cites a document outside the repository', () => {
  const found = sources.flatMap((f) => outsideCitations(linesOf(f)));
  assert.equal(found, [], found.join('\n'));
});

test('README.md and docs/*.md cite no document outside the repository', () => {
  const found = docs.flatMap((f) =>
    readFileSync(join(root, f), 'utf8')
      .split('\n')
      .map((text, i) => ({ file: f, line: i + 1, text }))
      .filter((l) => OUTSIDE.some((re) => re.test(l.text)))
      .map((l) => `${l.file}:${l.line}: ${l.text}`),
  );
  assert.equal(found, [], found.join('\n'));
});

test('every docs/ or README citation in a comment names an existing file and anchor', () => {
  const problems: string[] = [];
  let count = 0;
  for (const f of sources) {
    for (const l of linesOf(f)) {
      for (const m of l.text.matchAll(COMMENT_CITATION)) {
        count += 1;
        const problem = checkTarget(m[1] as string, m[2], anchorsOfFile);
        if (problem) problems.push(`${l.file}:${l.line}: ${problem}`);
      }
    }
  }
  assert.ok(count > 100, `only ${count} citations found: is the scan broken?`);
  assert.equal(problems, [], problems.join('\n'));
});

test('every link between README.md and docs/*.md names an existing file and anchor', () => {
  const problems: string[] = [];
  for (const f of docs) {
    const text = readFileSync(join(root, f), 'utf8');
    text.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(MD_LINK)) {
        const target = m[1] ? normalize(join(dirname(f), m[1])) : f;
        const problem = checkTarget(relative('.', target), m[2], anchorsOfFile);
        if (problem) problems.push(`${f}:${i + 1}: ${problem}`);
      }
    });
  }
  assert.equal(problems, [], problems.join('\n'));
});

test.run();
