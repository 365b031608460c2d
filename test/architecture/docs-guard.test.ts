/**
 * Every Markdown file of the repository speaks of the product only (CONTRIBUTING.md#docs):
 *
 * - no absolute path of a developer's machine: `/work/`, `/root/`, `/home/NAME/` and
 *   `/Users/NAME/` anywhere, `/tmp/` outside fenced code blocks (a shell example may use a
 *   scratch folder; prose and examples that run name relative paths);
 * - no words about who wrote the project or how the work was organised: sessions, helpers and
 *   agents doing the work, worktrees and branches, "this VM" or "this machine", the load of the
 *   machine, diary entries ("we tried today"). Inline code is left out of the word check, so a
 *   file name such as `session.ts` or `test/helpers/` is fine;
 * - every repository path named in inline code (`src/...`, `server/...`, `test/...`) exists;
 * - the README is an entry of at most 200 lines, and the license is there.
 *
 * Files in node_modules/, dist/, hidden folders and the ignored output folders (data/, reports/,
 * tmp/) are not the repository's text and are skipped.
 *
 *   node --import tsx test/architecture/docs-guard.test.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');
const README_MAX_LINES = 200;

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'reports', 'tmp']);

/** Every Markdown file of the repository, relative to its root, sorted. */
function markdownFiles(dir = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir)).sort()) {
    if (name.startsWith('.') || SKIPPED_DIRS.has(name)) continue;
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(join(root, rel)).isDirectory()) out.push(...markdownFiles(rel));
    else if (name.endsWith('.md')) out.push(rel);
  }
  return out;
}

/** Paths of a developer's machine, wherever they appear. */
const MACHINE_PATHS: readonly RegExp[] = [/\/work\//, /(^|[^\w.])\/root\//, /\/home\/[\w.-]+\//, /\/Users\/[\w.-]+\//];
/** Paths allowed in a fenced code block but not in prose. */
const PROSE_PATHS: readonly RegExp[] = [/(^|[^\w.])\/tmp\//];

/** Words about the authors or the organisation of the work, not about the product. */
const WORK_WORDS: readonly RegExp[] = [
  /\bsessions?\b/i,
  /\b(another|other|each|the|a)\s+helper('s|s'|s)?\b/i,
  /\bhelpers'/i,
  /\b(AI|coding|LLM)\s+agents?\b/i,
  /\bthe\s+agents?\b/i,
  /\bworktrees?\b/i,
  /\b(this|another|other|my|our|a feature)\s+branch(es)?\b/i,
  /\b(this|the|a|2-core|two-core)\s+VMs?\b/i,
  /\bthis\s+machine\b/i,
  /\b(2|two)\s+(shared\s+)?(v?CPUs|cores)\s+shared\b/i,
  /\bload average\b/i,
  /\b(reachable|available|installed) here\b/i,
  /\bexpected to be root\b/i,
  /\bwe (tried|did|found) (today|yesterday|this morning|tonight)\b/i,
  /\b(today|yesterday|this morning|tonight),? we\b/i,
  /\bdiary\b/i,
];

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** The problems of one Markdown text. */
export function findProblems(file: string, markdown: string): Finding[] {
  const found: Finding[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, i) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(text);
    const inFence = fence !== null;
    if (opening && fence === null) fence = opening[1] as string;
    else if (fence !== null && text.trim().startsWith(fence)) fence = null;
    const at = (why: string): void => void found.push({ file, line: i + 1, text: text.trim(), why });
    for (const re of MACHINE_PATHS) if (re.test(text)) at(`a path of a developer's machine (${re.source})`);
    if (inFence || opening) return;
    for (const re of PROSE_PATHS) if (re.test(text)) at(`a machine path in prose (${re.source})`);
    const prose = text.replace(/`[^`]*`/g, '``');
    for (const re of WORK_WORDS) if (re.test(prose)) at(`words about the work, not the product (${re.source})`);
  });
  return found;
}

const files = markdownFiles();

test('the guard finds machine paths and words about the work, and leaves the product alone', () => {
  const bad = [
    'Run `/work/main/bench.sh` first.',
    'Figures from /tmp/run.out.',
    'Measured on this VM in the third session.',
    'The machine was loaded by other helpers (load average 9).',
    'Merged from another worktree.',
    'Today we tried a memo.',
  ].join('\n');
  assert.equal(
    findProblems('x.md', bad).map((f) => f.line),
    [1, 2, 3, 3, 4, 4, 5, 6],
  );
  const good = [
    'The key lives in `sessionStorage`; see `session.ts` and `test/helpers/start-service.ts`.',
    'Date helpers: `now`, `today`. Keep-alive agents are Node-only.',
    '```sh',
    'mktemp -d /tmp/service-XXXX',
    '```',
    'Write `panel.parquet` next to the notebook.',
  ].join('\n');
  assert.equal(findProblems('y.md', good), []);
});

test('every Markdown file is found (README, guides, docs/, package READMEs)', () => {
  for (const f of ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'docs/client.md', 'notebooks/README.md']) {
    assert.ok(files.includes(f), `${f} not scanned`);
  }
  assert.not.ok(
    files.some((f) => f.includes('node_modules/')),
    'node_modules scanned',
  );
});

test('no Markdown file names a path of a developer machine or speaks of how the work was organised', () => {
  const found = files.flatMap((f) => findProblems(f, readFileSync(join(root, f), 'utf8')));
  assert.equal(found, [], found.map((p) => `${p.file}:${p.line}: ${p.why}\n    ${p.text}`).join('\n'));
});

/** Repository paths a Markdown text names in inline code (`src/...`, `server/...`, ...), without anchors. */
export function namedPaths(markdown: string): { line: number; path: string }[] {
  const out: { line: number; path: string }[] = [];
  markdown.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(/`((?:src|server|test|scripts|bench|docs|kernel|notebooks)\/[^`\s*{}<>]+)`/g)) {
      const path = (m[1] as string).replace(/#.*$/, '').replace(/\/$/, '');
      // installed or built, not in a clone: node_modules links and build output
      if (!/(^|\/)(node_modules|dist)(\/|$)/.test(path)) out.push({ line: i + 1, path });
    }
  });
  return out;
}

test('every repository path a Markdown file names in code exists', () => {
  assert.equal(
    namedPaths('See `src/time/zones.ts#L3`, `server/src/` and `notebooks/node_modules/service`.').map((p) => p.path),
    ['src/time/zones.ts', 'server/src'],
  );
  const missing = files.flatMap((f) =>
    namedPaths(readFileSync(join(root, f), 'utf8'))
      .filter((p) => !existsSync(join(root, p.path)))
      .map((p) => `${f}:${p.line}: ${p.path}`),
  );
  assert.equal(missing, [], `these paths do not exist (moved or renamed?):\n${missing.join('\n')}`);
});

test(`the README is an entry of at most ${README_MAX_LINES} lines`, () => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move reference text into a guide under docs/`);
});

test('the license is there, and is the one package.json names', () => {
  assert.ok(existsSync(join(root, 'LICENSE')), 'LICENSE is missing');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { license?: string };
  assert.is(pkg.license, 'MIT');
  assert.match(readFileSync(join(root, 'LICENSE'), 'utf8'), /^MIT License\n/);
});

test.run();
