/**
 * Source descriptions (docs/sources.md): a small YAML or JSON file (`NAME.source.yaml`,
 * `NAME.source.json`) that says how a file as a real source writes it (a CSV, Parquet or Arrow
 * file, wide or long) maps to curves. Read and checked here, with the line of every member, so
 * that each problem is `description:line: member: message`.
 *
 * @module
 */
import { LineCounter, parseDocument } from 'yaml';
import { zoneByName } from '../../time';
import { ProblemList, type SourceLine } from './problems';

/** How a wall-clock time that occurs twice (the hour the clocks go back) is read. */
export type AmbiguousRule = 'infer' | 'earlier' | 'later' | 'error';
/** How a wall-clock time that does not exist (the hour the clocks skip) is read. */
export type NonexistentRule = 'skip-empty' | 'error';

/** The date column of a source. */
export interface SourceDateSpec {
  /** The column. */
  column: string;
  /** `iso`, `excel`, `unix-s`, `unix-ms` or luxon format tokens (`dd.MM.yyyy HH:mm`). */
  format: string;
  /** The cell is `BEGIN - END` (ENTSO-E's MTU); the begin labels the step. */
  range: boolean;
  /** Zone of the wall-clock times (dates without an offset). */
  zone: string;
  ambiguous: AmbiguousRule;
  nonexistent: NonexistentRule;
}

/** A curve as a description gives it: the members of a full definition, or a stored curve's name. */
export interface SourceCurve {
  /** Where the curve is given. */
  at: SourceLine;
  /** The name of a stored curve, or null for a full definition. */
  name: string | null;
  /** Members of the definition by wire name (`name`, `curve_type`, ...); empty for a name. */
  fields: Record<string, unknown>;
  /** Line of each member of the definition. */
  lines: Record<string, number>;
}

/** One mapped series. */
export interface SourceSeriesSpec {
  /** Where it is given. */
  at: SourceLine;
  /** Wide layout: the column of its values. Long layout: the text of the curve column naming it. */
  column: string;
  /** Factor applied to every value before it is stored (1 when not given). */
  scale: number;
  /** Its curve. */
  curve: SourceCurve;
}

/** A checked source description. */
export interface SourceDescription {
  /** The description's own name (a path, for messages and to find `file`). */
  name: string;
  /** The data file as written, relative to the description. */
  file: string;
  /** `wide`: a date column and one column per series; `long`: a column names the curve. */
  layout: 'wide' | 'long';
  /** Rows kept: those whose named columns equal these texts. */
  filter: [string, string][];
  date: SourceDateSpec;
  /** CSV field delimiter and decimal mark. */
  csv: { delimiter: string; decimal: string };
  /** Long layout: the column naming the curve. */
  curveColumn: string | null;
  /** Long layout: the column of the values. */
  valueColumn: string | null;
  /** Long layout: factor applied to every value (1 when not given). */
  scale: number;
  /** The series (long layout: may be empty, then each curve column text names a stored curve). */
  series: SourceSeriesSpec[];
}

const TOP = new Set(['file', 'layout', 'filter', 'date', 'csv', 'series', 'curve_column', 'value_column', 'scale']);
const DATE = new Set(['column', 'format', 'range', 'zone', 'ambiguous', 'nonexistent']);
const CSV = new Set(['delimiter', 'decimal']);
const SERIES = new Set(['column', 'key', 'scale', 'curve']);
const AMBIGUOUS: readonly AmbiguousRule[] = ['infer', 'earlier', 'later', 'error'];
const NONEXISTENT: readonly NonexistentRule[] = ['skip-empty', 'error'];

/**
 * Reads a source description's text, YAML or JSON (JSON is YAML).
 *
 * @param text - The description.
 * @param name - Its name (path), for messages and to find the data file.
 * @returns The checked description.
 * @throws ValueError listing every problem (`name:line: member: message`).
 * @example
 * readSourceDescription('file: prices.csv\ndate: { column: Datum, zone: CET }\nseries:\n  - { column: Prijs, curve: NL Price }\n', 'nl.source.yaml').series[0].curve.name
 * //=> 'NL Price'
 */
export function readSourceDescription(text: string, name: string): SourceDescription {
  const problems = new ProblemList();
  const description = parseSourceDescription(text, name, problems);
  problems.throwIfAny(`Reading ${name} failed`, 'nothing was read');
  return description as SourceDescription;
}

/**
 * Reads a source description's text into a list of problems (what an import does, to report them
 * with those of its other files).
 *
 * @param text - The description.
 * @param name - Its name (path).
 * @param problems - Receives every problem.
 * @returns The checked description, or null after a problem.
 * @example
 * parseSourceDescription('file: a.csv\n', 'a.source.yaml', problems) //=> null  (problems: date and series are missing)
 */
export function parseSourceDescription(text: string, name: string, problems: ProblemList): SourceDescription | null {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  for (const e of doc.errors) problems.add({ file: name, line: e.linePos?.[0].line ?? 0 }, null, `YAML syntax: ${e.message}`);
  if (doc.errors.length > 0) return null;
  const lineOf = (path: readonly (string | number)[]): number => {
    for (let k = path.length; k >= 0; k--) {
      const node = doc.getIn(path.slice(0, k), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
  return describeInto(doc.toJS(), name, lineOf, problems);
}

/**
 * Checks a source description given as an object (what {@link readSourceDescription} parsed, or
 * one written in code).
 *
 * @param value - The description object.
 * @param name - Its name (path), for messages and to find the data file.
 * @param lineOf - The line of a member path (default 0: the whole description).
 * @returns The checked description.
 * @throws ValueError listing every problem.
 * @example
 * checkSourceDescription({ file: 'a.csv', date: { column: 'date' }, series: [{ column: 'v', curve: 'X' }] }, 'a').layout //=> 'wide'
 */
export function checkSourceDescription(
  value: unknown,
  name: string,
  lineOf: (path: readonly (string | number)[]) => number = () => 0,
): SourceDescription {
  const problems = new ProblemList();
  const description = describeInto(value, name, lineOf, problems);
  problems.throwIfAny(`Reading ${name} failed`, 'nothing was read');
  return description as SourceDescription;
}

// Not split: one validator that walks the description top to bottom; every member check shares the
// same problem list, line lookup and `bad`/`text` closures, and the order of its checks is the
// order of the problems it reports.
function describeInto(
  value: unknown,
  name: string,
  lineOf: (path: readonly (string | number)[]) => number,
  problems: ProblemList,
): SourceDescription | null {
  const before = problems.size;
  const at = (path: readonly (string | number)[]): SourceLine => ({ file: name, line: lineOf(path) });
  const bad = (path: readonly (string | number)[], message: string) => problems.add(at(path), path.join('.'), message);
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value)) {
    problems.add({ file: name, line: 1 }, null, 'a source description is an object with file, date and series');
    return null;
  }
  const top = value as Record<string, unknown>;
  const unknown = (obj: Record<string, unknown>, known: ReadonlySet<string>, path: (string | number)[]) => {
    for (const key of Object.keys(obj))
      if (!known.has(key)) bad([...path, key], `unknown member (expected one of ${[...known].join(', ')})`);
  };
  const text = (obj: Record<string, unknown>, key: string, path: (string | number)[], fallback: string | null): string | null => {
    const v = obj[key];
    if (v === undefined || v === null) {
      if (fallback === null) bad([...path, key], 'required member is missing');
      return fallback;
    }
    if (typeof v === 'number') return String(v);
    if (typeof v !== 'string' || v === '') {
      bad([...path, key], `expected a text, got ${JSON.stringify(v)}`);
      return fallback;
    }
    return v;
  };
  const oneOf = <T extends string>(
    obj: Record<string, unknown>,
    key: string,
    path: (string | number)[],
    options: readonly T[],
    fallback: T,
  ): T => {
    const v = text(obj, key, path, fallback);
    if (options.includes(v as T)) return v as T;
    bad([...path, key], `expected one of ${options.join(', ')}, got ${JSON.stringify(v)}`);
    return fallback;
  };
  const scale = (obj: Record<string, unknown>, path: (string | number)[]): number => {
    const v = obj.scale;
    if (v === undefined || v === null) return 1;
    if (typeof v !== 'number' || !Number.isFinite(v) || v === 0) {
      bad([...path, 'scale'], `expected a number other than 0, got ${JSON.stringify(v)}`);
      return 1;
    }
    return v;
  };
  unknown(top, TOP, []);
  const file = text(top, 'file', [], null) ?? '';
  if (file !== '' && !/\.(csv|txt|parquet|arrow|feather|ipc)$/i.test(file)) {
    bad(['file'], `unknown kind of file ${JSON.stringify(file)}: name a .csv, .parquet or .arrow file`);
  }
  const layout = oneOf(top, 'layout', [], ['wide', 'long'] as const, 'wide');

  const filter: [string, string][] = [];
  if (top.filter !== undefined && top.filter !== null) {
    if (!isObject(top.filter)) bad(['filter'], 'expected an object of column: text');
    else
      for (const [column, v] of Object.entries(top.filter)) {
        if (typeof v === 'string' || typeof v === 'number') filter.push([column, String(v)]);
        else bad(['filter', column], `expected a text, got ${JSON.stringify(v)}`);
      }
  }

  const date: SourceDateSpec = { column: '', format: 'iso', range: false, zone: 'UTC', ambiguous: 'error', nonexistent: 'error' };
  if (!isObject(top.date)) bad(['date'], 'required member is missing: date: { column, format, zone, ... }');
  else {
    const d = top.date;
    unknown(d, DATE, ['date']);
    date.column = text(d, 'column', ['date'], null) ?? '';
    date.format = text(d, 'format', ['date'], 'iso') as string;
    date.zone = text(d, 'zone', ['date'], 'UTC') as string;
    try {
      zoneByName(date.zone);
    } catch {
      bad(['date', 'zone'], `unknown time zone ${JSON.stringify(date.zone)}`);
    }
    if (d.range !== undefined && typeof d.range !== 'boolean')
      bad(['date', 'range'], `expected true or false, got ${JSON.stringify(d.range)}`);
    date.range = d.range === true;
    date.ambiguous = oneOf(d, 'ambiguous', ['date'], AMBIGUOUS, 'error');
    date.nonexistent = oneOf(d, 'nonexistent', ['date'], NONEXISTENT, 'error');
  }

  const csv = { delimiter: ',', decimal: '.' };
  if (top.csv !== undefined && top.csv !== null) {
    if (!isObject(top.csv)) bad(['csv'], 'expected an object { delimiter, decimal }');
    else {
      unknown(top.csv, CSV, ['csv']);
      csv.delimiter = text(top.csv, 'delimiter', ['csv'], ',') as string;
      csv.decimal = text(top.csv, 'decimal', ['csv'], '.') as string;
      if (csv.delimiter.length !== 1 || csv.delimiter === '"' || csv.delimiter === '\n')
        bad(['csv', 'delimiter'], `expected one character, got ${JSON.stringify(csv.delimiter)}`);
      if (csv.decimal !== '.' && csv.decimal !== ',') bad(['csv', 'decimal'], `expected "." or ",", got ${JSON.stringify(csv.decimal)}`);
    }
  }

  const long = layout === 'long';
  const curveColumn = long ? text(top, 'curve_column', [], null) : null;
  const valueColumn = long ? text(top, 'value_column', [], null) : null;
  if (!long) for (const key of ['curve_column', 'value_column', 'scale']) if (top[key] !== undefined) bad([key], 'only for layout: long');

  const series: SourceSeriesSpec[] = [];
  const list = top.series;
  if (!Array.isArray(list) || (list.length === 0 && !long)) {
    if (list !== undefined || !long) bad(['series'], 'expected a list of { column, curve } (one per mapped column)');
  } else {
    list.forEach((entry, k) => {
      const path = ['series', k];
      if (!isObject(entry)) return bad(path, 'expected an object { column, curve, scale }');
      unknown(entry, SERIES, path);
      const key = long ? 'key' : 'column';
      if (entry[long ? 'column' : 'key'] !== undefined) bad([...path, long ? 'column' : 'key'], `not for layout: ${layout} (use ${key})`);
      const curve = sourceCurve(entry.curve, [...path, 'curve'], name, lineOf, bad);
      const column = long
        ? (text(entry, 'key', path, curve?.name ?? (curve?.fields.name as string) ?? null) ?? '')
        : (text(entry, 'column', path, null) ?? '');
      if (curve === null) return;
      series.push({ at: at(path), column, scale: scale(entry, path), curve });
    });
    const seen = new Map<string, number>();
    series.forEach((s, k) => {
      const first = seen.get(s.column);
      if (first !== undefined) bad(['series', k], `${JSON.stringify(s.column)} is mapped twice (also series ${first})`);
      seen.set(s.column, k);
    });
  }
  if (problems.size > before) return null;
  return {
    name,
    file,
    layout,
    filter,
    date,
    csv,
    curveColumn,
    valueColumn,
    scale: long ? scale(top, []) : 1,
    series,
  };
}

function sourceCurve(
  v: unknown,
  path: (string | number)[],
  file: string,
  lineOf: (path: readonly (string | number)[]) => number,
  bad: (path: (string | number)[], message: string) => void,
): SourceCurve | null {
  const at = { file, line: lineOf(path) };
  if (typeof v === 'string' && v.trim() !== '') return { at, name: v.trim(), fields: {}, lines: {} };
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const fields = v as Record<string, unknown>;
    const lines: Record<string, number> = {};
    for (const key of Object.keys(fields)) lines[key] = lineOf([...path, key]);
    return { at, name: null, fields, lines };
  }
  bad(path, "expected a stored curve's name or a full curve definition { name, curve_type, data_type, frequency, timezone, unit, ... }");
  return null;
}
