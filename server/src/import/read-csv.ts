/**
 * Reads a CSV import file (docs/import-formats.md). The header row decides the kind of file:
 *
 * - curves: `name`, `curve_type`, ... (curve definitions);
 * - series: `curve`, `date`, `value` and/or `scenario:<name>` columns, with `issued`, `tag`,
 *   `created` for instance curves;
 * - periods: `curve`, `begin`, `end`, `value`, optional `capacity`, and the instance columns;
 * - OHLC: `curve`, `traded`, `period`, `delivery` and the price columns.
 *
 * Rows of one curve (and instance) form one block, in the order found.
 *
 * @module
 */
import { numberCell, parseCsv, type CsvRecord } from '#wire';
import { CURVE_DEFINITION_FIELDS, type ProblemList } from '#wire';
import { emptyDocument, OHLC_FIELDS, type RawDocument, type RawInstance, type RawOhlcRow } from './raw-document';

/** Columns of a curves file (the fields of a curve definition); `name` ... `unit` are required. */
const CURVE_COLUMNS: readonly string[] = CURVE_DEFINITION_FIELDS;
const CURVE_REQUIRED = ['name', 'curve_type', 'data_type', 'frequency', 'timezone', 'unit'];
const INSTANCE_COLUMNS = ['issued', 'tag', 'created'];
const SCENARIO_PREFIX = 'scenario:';

type Kind = 'curves' | 'series' | 'periods' | 'ohlc';

interface Layout {
  kind: Kind;
  known: readonly string[];
  required: readonly string[];
}

const LAYOUTS: Record<Kind, Layout> = {
  curves: { kind: 'curves', known: CURVE_COLUMNS, required: CURVE_REQUIRED },
  series: { kind: 'series', known: ['curve', 'date', 'value', ...INSTANCE_COLUMNS], required: ['curve', 'date'] },
  periods: {
    kind: 'periods',
    known: ['curve', 'begin', 'end', 'value', 'capacity', ...INSTANCE_COLUMNS],
    required: ['curve', 'begin', 'end', 'value'],
  },
  ohlc: {
    kind: 'ohlc',
    known: ['curve', 'traded', 'period', 'delivery', ...Object.keys(OHLC_FIELDS)],
    required: ['curve', 'traded', 'period', 'delivery', 'settlement'],
  },
};

function kindOf(columns: readonly string[]): Kind | null {
  const has = (c: string) => columns.includes(c);
  const kinds: Kind[] = [];
  if (has('curve_type') || has('name')) kinds.push('curves');
  if (has('date')) kinds.push('series');
  if (has('begin') || has('end')) kinds.push('periods');
  if (has('traded')) kinds.push('ohlc');
  return kinds.length === 1 ? kinds[0]! : null;
}

/** Cell accessor of one record. */
type Cells = (column: string) => string;

function instanceOf(cell: Cells, columns: ReadonlySet<string>): RawInstance | null {
  if (!columns.has('issued') || cell('issued').trim() === '') return null;
  const created = columns.has('created') ? cell('created').trim() : '';
  return { issued: cell('issued').trim(), tag: columns.has('tag') ? cell('tag').trim() : '', created: created === '' ? null : created };
}

function groupKey(curve: string, instance: RawInstance | null): string {
  return instance === null ? curve : `${curve}\u0000${instance.issued}\u0000${instance.tag.toLowerCase()}`;
}

/** What a good header says: the lower-case column names, the kind of file and its scenario names. */
interface CsvHeader {
  columns: string[];
  kind: Kind;
  scenarioNames: string[];
}

/**
 * Reads the header row: the kind of file its columns name, with a problem for each column that is
 * repeated, unknown for that kind, or missing.
 *
 * @returns The header, or null when it has problems (the rows cannot be read then).
 */
function readHeader(file: string, header: CsvRecord, problems: ProblemList): CsvHeader | null {
  const columns = header.fields.map((c) => c.trim().toLowerCase());
  const kind = kindOf(columns);
  if (kind === null) {
    problems.add(
      { file, line: header.line },
      null,
      'cannot tell the kind of file from the header: expected curve columns (name, curve_type, ...), series (curve, date, value), periods (curve, begin, end, value) or OHLC (curve, traded, period, delivery, settlement)',
    );
    return null;
  }
  const layout = LAYOUTS[kind];
  const headerProblems = problems.size;
  const scenarioNames: string[] = [];
  const seen = new Set<string>();
  columns.forEach((c, k) => {
    const name = header.fields[k]!.trim();
    if (seen.has(c)) problems.add({ file, line: header.line }, name, 'the column appears twice');
    seen.add(c);
    if (kind === 'series' && c.startsWith(SCENARIO_PREFIX) && name.length > SCENARIO_PREFIX.length)
      scenarioNames.push(name.slice(SCENARIO_PREFIX.length).trim());
    else if (!layout.known.includes(c)) problems.add({ file, line: header.line }, name, `unknown column for a ${kind} file`);
  });
  for (const c of layout.required) if (!columns.includes(c)) problems.add({ file, line: header.line }, c, 'required column is missing');
  if (kind === 'series' && !columns.includes('value') && scenarioNames.length === 0) {
    problems.add({ file, line: header.line }, 'value', 'a series file needs a value column or scenario:<name> columns');
  }
  return problems.size > headerProblems ? null : { columns, kind, scenarioNames };
}

/**
 * Reads a CSV import file.
 *
 * Not split: the row loop's four kinds of file (curves, series, periods, OHLC) share the cell and
 * number readers made from the header and add to the same document.
 *
 * @param file - The file name (for messages).
 * @param text - Its text.
 * @param problems - Receives the problems found.
 * @returns The file's records.
 * @example
 * readCsv('wind.csv', 'curve,date,value\nDE Wind Power Production MWh/h 15min Actual,2024-01-01 00:00,512\n', problems).series[0].points
 * //=> [{ line: 2, date: '2024-01-01 00:00', value: 512, scenarios: [] }]
 */
export function readCsv(file: string, text: string, problems: ProblemList): RawDocument {
  const doc = emptyDocument(file);
  const { records, errors } = parseCsv(text);
  for (const e of errors) problems.add({ file, line: e.line }, null, `CSV syntax: ${e.message}`);
  const [header, ...rows] = records;
  if (header === undefined) {
    if (errors.length === 0) problems.add({ file, line: 1 }, null, 'the file has no header row');
    return doc;
  }
  const read = readHeader(file, header, problems);
  if (read === null) return doc; // a bad header: the rows cannot be read
  const { columns, kind, scenarioNames } = read;
  const index = new Map(columns.map((c, k) => [c, k]));
  const present = new Set(columns);
  const readRow = (record: CsvRecord): Cells | null => {
    if (record.fields.length !== columns.length) {
      problems.add({ file, line: record.line }, null, `expected ${columns.length} fields, found ${record.fields.length}`);
      return null;
    }
    return (column) => {
      const k = index.get(column);
      return k === undefined ? '' : (record.fields[k] ?? '');
    };
  };
  const number = (cell: Cells, column: string, line: number): number => {
    if (!present.has(column)) return Number.NaN;
    const v = numberCell(cell(column));
    if (v === undefined) {
      problems.add({ file, line }, column, `not a number: ${JSON.stringify(cell(column))}`);
      return Number.NaN;
    }
    return v;
  };
  const scenarioColumns = columns.filter((c) => c.startsWith(SCENARIO_PREFIX));

  const seriesBlocks = new Map<string, RawDocument['series'][number]>();
  const periodBlocks = new Map<string, RawDocument['periods'][number]>();
  const ohlcBlocks = new Map<string, RawDocument['ohlc'][number]>();
  for (const record of rows) {
    const cell = readRow(record);
    if (cell === null) continue;
    const at = { file, line: record.line };
    if (kind === 'curves') {
      const fields: Record<string, unknown> = {};
      for (const c of columns) fields[c] = cell(c).trim();
      doc.curves.push({ at, fields, lines: {} });
      continue;
    }
    const curve = cell('curve').trim();
    if (curve === '') {
      problems.add(at, 'curve', 'the curve name is empty');
      continue;
    }
    const instance = kind === 'ohlc' ? null : instanceOf(cell, present);
    const key = groupKey(curve, instance);
    if (kind === 'series') {
      let block = seriesBlocks.get(key);
      if (!block) {
        block = { at, curve, instance, hasValue: present.has('value'), scenarioNames, resolution: null, points: [] };
        seriesBlocks.set(key, block);
      }
      const scenarios = scenarioColumns.map((c) => number(cell, c, record.line));
      block.points.push({ line: record.line, date: cell('date').trim(), value: number(cell, 'value', record.line), scenarios });
    } else if (kind === 'periods') {
      let block = periodBlocks.get(key);
      if (!block) {
        block = { at, curve, instance, hasCapacity: present.has('capacity'), periods: [] };
        periodBlocks.set(key, block);
      }
      block.periods.push({
        line: record.line,
        begin: cell('begin').trim(),
        end: cell('end').trim(),
        value: number(cell, 'value', record.line),
        capacity: number(cell, 'capacity', record.line),
      });
    } else {
      let block = ohlcBlocks.get(key);
      if (!block) {
        block = { at, curve, rows: [] };
        ohlcBlocks.set(key, block);
      }
      const row = {
        line: record.line,
        traded: cell('traded').trim(),
        period: cell('period').trim(),
        delivery: cell('delivery').trim(),
      } as RawOhlcRow;
      for (const [column, field] of Object.entries(OHLC_FIELDS)) row[field] = number(cell, column, record.line);
      block.rows.push(row);
    }
  }
  doc.series.push(...seriesBlocks.values());
  doc.periods.push(...periodBlocks.values());
  doc.ohlc.push(...ohlcBlocks.values());
  return doc;
}
