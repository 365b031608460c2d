#!/usr/bin/env node
// Generates src/model/areas/area-data.ts from the area table and the undirected border list of
// docs/areas.md. The markdown is read here only, never at run time.
//
//   node scripts/gen-areas.mjs [path/to/areas.md]
//
// The default source is docs/areas.md. The script
// cross-checks the two sections (every border in the table's per-area column must be a declared
// pair, in both directions, with the same allocations; parents and children must agree) and
// stops with an error instead of writing a file when they disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = process.argv[2] ?? join(root, 'docs', 'areas.md');
const target = join(root, 'src', 'model', 'areas', 'area-data.ts');
const ALLOCATION_ORDER = ['E', 'I', 'F', 'N'];
const EXPECTED_AREAS = 85;
const EXPECTED_PAIRS = 112;

function fail(message) {
  console.error(`gen-areas: ${message}`);
  process.exit(1);
}

function section(text, heading) {
  const start = text.indexOf(heading);
  if (start < 0) fail(`heading not found: ${heading}`);
  const next = text.indexOf('\n### ', start + heading.length);
  return text.slice(start, next < 0 ? undefined : next);
}

function normaliseAllocations(letters, where) {
  const set = new Set(letters.split(''));
  for (const l of set) if (!ALLOCATION_ORDER.includes(l)) fail(`unknown allocation '${l}' in ${where}`);
  if (set.size === 0) fail(`no allocation in ${where}`);
  return ALLOCATION_ORDER.filter((l) => set.has(l)).join('');
}

function parseTable(md) {
  const rows = [];
  for (const line of md.split('\n')) {
    const m = /^\|\s*(\d+)\s*\|(.*)\|\s*$/.exec(line);
    if (!m) continue;
    const cells = m[2].split('|').map((c) => c.trim());
    if (cells.length !== 7) fail(`row ${m[1]}: expected 8 columns, got ${cells.length + 1}`);
    const [tagCell, nameCell, shortTag, flags, parentCell, childrenCell, bordersCell] = cells;
    const tag = /^`([^`]*)`/.exec(tagCell)?.[1];
    if (tag === undefined) fail(`row ${m[1]}: tag not in backticks`);
    const flagSet = new Set(flags.split(/\s+/).filter(Boolean));
    for (const f of flagSet) if (!'CPTX'.includes(f)) fail(`row ${m[1]}: unknown flag ${f}`);
    const parent = parentCell === '' || /\(none\)/.test(parentCell) ? null : parentCell;
    const borders =
      bordersCell === ''
        ? []
        : bordersCell.split(',').map((b) => {
            const [sink, allocs] = b.trim().split(':');
            if (!sink || !allocs) fail(`row ${m[1]}: bad border '${b}'`);
            return [sink, normaliseAllocations(allocs, `row ${m[1]}`)];
          });
    rows.push({
      index: Number(m[1]),
      tag,
      name: nameCell === '(empty)' ? '' : nameCell,
      shortTag: shortTag === '' ? null : shortTag,
      country: flagSet.has('C'),
      priceArea: flagSet.has('P'),
      controlArea: flagSet.has('T'),
      external: flagSet.has('X'),
      parent,
      children: childrenCell === '' ? [] : childrenCell.split(/\s+/),
      borders,
    });
  }
  return rows;
}

function parsePairs(md) {
  const m = /`([^`]+)`/s.exec(md.slice(md.indexOf('\n')));
  if (!m) fail('border list not found in §6.3');
  return m[1]
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const pm = /^(\S+)\u2013(\S+)\s+([A-Z]+)$/.exec(entry.replace(/\s+/g, ' '));
      if (!pm) fail(`bad border pair '${entry}'`);
      return [pm[1], pm[2], normaliseAllocations(pm[3], entry)];
    });
}

function check(rows, pairs) {
  if (rows.length !== EXPECTED_AREAS) fail(`expected ${EXPECTED_AREAS} areas, found ${rows.length}`);
  if (pairs.length !== EXPECTED_PAIRS) fail(`expected ${EXPECTED_PAIRS} pairs, found ${pairs.length}`);
  const byTag = new Map();
  rows.forEach((r, i) => {
    if (r.index !== i) fail(`row numbers out of order at ${r.index}`);
    if (byTag.has(r.tag.toLowerCase())) fail(`duplicate tag ${r.tag}`);
    byTag.set(r.tag.toLowerCase(), r);
  });
  const get = (tag, where) => byTag.get(tag.toLowerCase()) ?? fail(`unknown tag ${tag} in ${where}`);
  for (const r of rows) {
    if (r.parent !== null && !get(r.parent, `parent of ${r.tag}`).children.includes(r.tag)) {
      fail(`${r.tag} names parent ${r.parent}, which does not list it as a child`);
    }
    for (const c of r.children) {
      if (get(c, `children of ${r.tag}`).parent !== r.tag) fail(`child ${c} of ${r.tag} has another parent`);
    }
  }
  const directed = new Map();
  for (const [a, b, allocs] of pairs) {
    get(a, 'border list');
    get(b, 'border list');
    for (const key of [`${a}>${b}`, `${b}>${a}`]) {
      if (directed.has(key)) fail(`border ${key} declared twice`);
      directed.set(key, allocs);
    }
  }
  let tableCount = 0;
  for (const r of rows) {
    for (const [sink, allocs] of r.borders) {
      tableCount += 1;
      const declared = directed.get(`${r.tag}>${sink}`);
      if (declared !== allocs) fail(`table border ${r.tag}>${sink}:${allocs} vs list ${declared}`);
    }
  }
  if (tableCount !== directed.size) fail(`table has ${tableCount} one-way borders, list gives ${directed.size}`);
}

function constantName(tag) {
  return tag.replace(/-/g, '_');
}

function render(rows, pairs, sourceName) {
  const q = (s) => JSON.stringify(s);
  const out = [];
  out.push('// GENERATED FILE, do not edit by hand.');
  out.push(`// Source: ${sourceName}, the area table and the undirected border list.`);
  out.push('// Rebuild: node scripts/gen-areas.mjs [path/to/areas.md]');
  out.push('');
  out.push('/** One row of the area table: an area and its flags, parent and children by tag. */');
  out.push('export interface AreaRow {');
  out.push('  /** The tag used in curve names and on the wire (`\'\'` is the "no area" entry). */');
  out.push('  readonly tag: string;');
  out.push('  /** The full name (byte-exact, with en dashes and non-ASCII letters). */');
  out.push('  readonly name: string;');
  out.push("  /** The short tag of a sub-area (e.g. `'Amprion'`), or null. */");
  out.push('  readonly shortTag: string | null;');
  out.push('  /** True for a country. */');
  out.push('  readonly country: boolean;');
  out.push('  /** True for a price area (bidding zone). */');
  out.push('  readonly priceArea: boolean;');
  out.push('  /** True for a control (TSO) area. */');
  out.push('  readonly controlArea: boolean;');
  out.push('  /** True for an area outside the covered region (exchange counterpart only). */');
  out.push('  readonly external: boolean;');
  out.push('  /** Tag of the parent area, or null. */');
  out.push('  readonly parent: string | null;');
  out.push('  /** Tags of the child areas, in definition order. */');
  out.push('  readonly children: readonly string[];');
  out.push('}');
  out.push('');
  out.push(`/** All ${rows.length} areas in definition order (the first is the empty "no area" entry). */`);
  out.push('export const AREA_ROWS: readonly AreaRow[] = [');
  for (const r of rows) {
    out.push(
      `  { tag: ${q(r.tag)}, name: ${q(r.name)}, shortTag: ${q(r.shortTag)}, country: ${r.country}, ` +
        `priceArea: ${r.priceArea}, controlArea: ${r.controlArea}, external: ${r.external}, ` +
        `parent: ${q(r.parent)}, children: [${r.children.map(q).join(', ')}] },`,
    );
  }
  out.push('];');
  out.push('');
  out.push(`/**`);
  out.push(` * The ${pairs.length} undirected borders as [tag, tag, allocation letters in E, I, F, N order];`);
  out.push(` * each one gives two one-way borders with the same allocations.`);
  out.push(` */`);
  out.push('export const BORDER_PAIRS: readonly (readonly [string, string, string])[] = [');
  for (let i = 0; i < pairs.length; i += 4) {
    out.push(
      `  ${pairs
        .slice(i, i + 4)
        .map(([a, b, c]) => `[${q(a)}, ${q(b)}, ${q(c)}]`)
        .join(', ')},`,
    );
  }
  out.push('];');
  out.push('');
  const named = rows.filter((r) => r.tag !== '');
  out.push("declare module './area' {");
  out.push('  // The static constants of Area, one per tag (assigned when ./area loads).');
  out.push('  namespace Area {');
  for (const r of named) {
    out.push(`    /** ${r.tag}: ${r.name}. */`);
    out.push(`    const ${constantName(r.tag)}: Area;`);
  }
  out.push('  }');
  out.push('}');
  out.push('');
  return out.join('\n');
}

let text;
try {
  text = readFileSync(source, 'utf8');
} catch (error) {
  fail(`cannot read ${source}: ${error.message}`);
}
const rows = parseTable(section(text, '### Area table'));
const pairs = parsePairs(section(text, '### Undirected border list'));
check(rows, pairs);
const sourceName = relative(root, source);
writeFileSync(target, render(rows, pairs, sourceName));
console.log(`gen-areas: wrote ${relative(root, target)} (${rows.length} areas, ${pairs.length * 2} one-way borders)`);
