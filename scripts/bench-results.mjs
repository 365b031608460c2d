#!/usr/bin/env node
// Writes bench/RESULTS.md from the benches' own results: one table per file in bench/results/
// (written by a bench through bench/record.ts when it runs), then the benches that have no
// current result, each with the command that runs it (the usage line of its header comment).
//
//   node scripts/bench-results.mjs           write bench/RESULTS.md
//   node scripts/bench-results.mjs --check   exit 1 when bench/RESULTS.md is not what it would write
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BENCH = join(ROOT, 'bench');
const RESULTS = join(BENCH, 'results');
const OUT = join(BENCH, 'RESULTS.md');

/** A number with three significant digits at most, without exponent notation. */
export function figure(x) {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.1 ? 3 : 4;
  return x.toFixed(digits);
}

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The Markdown of one bench's result.
 * @param {{ bench: string, command: string, compared: string, commit: string, machine: string,
 *   rows: { case: string, unit: string, runs: number, median: number, min: number, max: number, note?: string }[],
 *   notes?: string[] }} r
 * @returns {string}
 */
export function resultSection(r) {
  const hasNote = r.rows.some((row) => row.note);
  const head = ['case', 'runs', 'median', 'min', 'max', 'unit', ...(hasNote ? ['note'] : [])];
  const lines = [
    `## ${r.bench}`,
    '',
    `\`${r.command}\``,
    '',
    `${r.compared}`,
    '',
    `Commit \`${r.commit}\`; ${r.machine}.`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map((h) => (h === 'case' || h === 'note' || h === 'unit' ? '---' : '---:')).join('|')}|`,
    ...r.rows.map(
      (row) =>
        `| ${[cell(row.case), row.runs, figure(row.median), figure(row.min), figure(row.max), row.unit, ...(hasNote ? [cell(row.note ?? '')] : [])].join(' | ')} |`,
    ),
  ];
  if (r.notes?.length) lines.push('', ...r.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}

/** The benches (files of bench/ with a usage line) and their commands, by name. */
function benches() {
  const out = new Map();
  for (const name of readdirSync(BENCH).sort()) {
    if (!name.endsWith('.ts')) continue;
    const text = readFileSync(join(BENCH, name), 'utf8');
    const stem = name.replace(/\.ts$/, '');
    const usage = text.match(new RegExp(`(node --import tsx bench/${stem}\\.ts[^\\n\`]*)`));
    if (usage) out.set(stem, usage[1].trim());
  }
  return out;
}

/** The whole of bench/RESULTS.md. */
export function resultsMarkdown() {
  const files = readdirSync(RESULTS)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const results = files.map((f) => JSON.parse(readFileSync(join(RESULTS, f), 'utf8')));
  const done = new Set(results.map((r) => r.bench));
  const missing = [...benches()].filter(([name]) => !done.has(name));
  const parts = [
    '# Benchmark results',
    '',
    'Current figures only, written by `node scripts/bench-results.mjs` from the results the benches',
    'write into `bench/results/` when they run. Run a bench, then the script, to refresh its table.',
    'Each row gives the median, min and max over its runs; the machine is the one the bench ran on.',
    'What the figures mean and what was tried is in [docs/performance.md](../docs/performance.md).',
    '',
    ...results.map(resultSection),
  ];
  if (missing.length > 0) {
    parts.push('## Benches without a current result', '', 'Run one to add its table:', '');
    for (const [name, command] of missing) parts.push(`- \`${name}\`: \`${command}\``);
    parts.push('');
  }
  return `${parts
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = resultsMarkdown();
  if (process.argv.includes('--check')) {
    const now = readFileSync(OUT, 'utf8');
    if (now !== text) {
      console.error('bench/RESULTS.md is not what scripts/bench-results.mjs writes: run it');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote bench/RESULTS.md (${text.split('\n').length} lines)`);
  }
}
