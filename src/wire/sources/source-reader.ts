/**
 * The rows of a source file (CSV records, Parquet and Arrow rows) to one column of instants and
 * values per mapped series, as its description says (docs/sources.md): rows kept by the filter,
 * dates read as instants (wall-clock times in the description's zone, with its rules for the hour
 * the clocks skip and the hour they repeat), values read with the decimal mark and scaled. One
 * implementation for both ends: the service's import and the toolkit's `readSeries`.
 *
 * @module
 */
import { tableFor, wallClockInstants, zoneByName } from '../../time';
import { numberCell } from './csv-records';
import { decimalText } from './decimal-text';
import type { ProblemList } from './problems';
import { SourceDates, type SourceCell } from './source-dates';
import type { SourceDescription, SourceSeriesSpec } from './source-description';

/** The values of one mapped series, in file order. */
export interface SourceColumns {
  /** The series as the description maps it (its curve, scale). */
  spec: SourceSeriesSpec;
  /** Instants, epoch ms. */
  times: Float64Array;
  /** Values (NaN = missing), scaled. */
  values: Float64Array;
  /** Line (row) of each value, for messages. */
  lines: Int32Array;
}

/** A growing column of numbers. */
class Column<T extends Float64Array | Int32Array> {
  length = 0;

  constructor(public data: T) {}

  push(v: number): void {
    if (this.length === this.data.length) {
      const b = new (this.data.constructor as new (n: number) => T)(this.data.length * 2);
      b.set(this.data);
      this.data = b;
    }
    this.data[this.length++] = v;
  }

  /** Room for `n` more values after {@link length}: the buffer to write them into (then {@link length} += n). */
  reserve(n: number): T {
    if (this.length + n > this.data.length) {
      const b = new (this.data.constructor as new (n: number) => T)(Math.max(this.data.length * 2, this.length + n));
      b.set(this.data.subarray(0, this.length));
      this.data = b;
    }
    return this.data;
  }

  /** The values pushed (the spare room given back: the larger buffer is dropped). */
  done(): T {
    if (this.length !== this.data.length) this.data = this.data.slice(0, this.length) as T;
    return this.data;
  }
}

/** The dates (and their lines) of one or more series: the series of a wide file share theirs. */
class Dates {
  readonly times = new Column(new Float64Array(1024));
  readonly lines = new Column(new Int32Array(1024));
  private frozen: { times: Float64Array; lines: Int32Array } | null = null;

  push(time: number, line: number): void {
    this.times.push(time);
    this.lines.push(line);
  }

  done(): { times: Float64Array; lines: Int32Array } {
    this.frozen ??= { times: this.times.done(), lines: this.lines.done() };
    return this.frozen;
  }
}

/** One series being read: its dates (maybe shared) and its values. */
interface Target {
  spec: SourceSeriesSpec;
  dates: Dates;
  values: Column<Float64Array>;
  /** The factor of its values, and the power of ten it is (null when it is none). */
  scale: number;
  shift: number | null;
}

function makeTarget(spec: SourceSeriesSpec, dates: Dates, scale: number): Target {
  return { spec, dates, values: new Column(new Float64Array(1024)), scale, shift: powerOfTen(scale) };
}

/** A wall-clock time seen in the hour the clocks go back: how often, and where first. */
interface Repeat {
  count: number;
  line: number;
  text: string;
}

/**
 * A cell of a Parquet or Arrow column: numbers and texts as they are, timestamps as epoch ms,
 * 64-bit integers as numbers, anything else as its text.
 *
 * @param v - The value.
 * @returns The cell.
 * @example
 * cellOf(new Date(0)) //=> 0
 */
function cellOf(v: unknown): SourceCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'bigint') return Number(v);
  return String(v);
}

/**
 * Copies a column of numbers, scaled, into `out` from `at`: false when a cell is neither a number
 * nor (unless `finite`) missing, or (`finite`) the number is not finite.
 */
function numbersInto(column: ArrayLike<unknown>, n: number, scale: number, out: Float64Array, at: number, finite: boolean): boolean {
  for (let i = 0; i < n; i++) {
    const v = column[i];
    if (typeof v === 'number') {
      const x = v * scale;
      if (finite && !Number.isFinite(x)) return false;
      out[at + i] = x;
    } else if ((v === null || v === undefined) && !finite) out[at + i] = Number.NaN;
    else return false;
  }
  return true;
}

/** Whether the first `n` values are all missing. */
function allMissing(values: Float64Array, n: number): boolean {
  for (let k = 0; k < n; k++) if (values[k] === values[k]) return false;
  return true;
}

/** The power of ten a scale is (`1000` -> 3), or null. */
function powerOfTen(scale: number): number | null {
  const k = Math.round(Math.log10(Math.abs(scale)));
  return scale > 0 && 10 ** k === scale ? k : null;
}

/**
 * Reads the rows of one source: {@link header} once, then {@link row} per record, then
 * {@link finish}. Problems go to the list with the data file's name and the row's line.
 *
 * @param description - The checked description.
 * @param file - The data file's name (for messages).
 * @param problems - Receives every problem.
 * @example
 * const reader = new SourceReader(description, 'prices.csv', problems);
 * reader.header(['Datum', 'Prijs'], 1);
 * reader.row(['01.01.2024 00:00', '0,0752'], 2);
 * reader.finish()[0].values //=> Float64Array [75.2]
 */
export class SourceReader {
  private readonly dates: SourceDates;
  private readonly offsetOf: (ms: number) => number;
  private dateIndex = -1;
  private filterIndexes: [number, string][] = [];
  /** Wide: index of each series' column. Long: the curve and value columns. */
  private valueIndexes: number[] = [];
  private curveIndex = -1;
  private readonly columns = new Map<string, Target>();
  private readonly wideTargets: Target[] = [];
  private readonly repeats = new Map<string, Map<number, Repeat>>();
  private names: readonly string[] = [];
  private ok = false;
  private rowValues = new Float64Array(1);
  /** Char code of the decimal mark. */
  private readonly decimal: number;

  constructor(
    private readonly description: SourceDescription,
    private readonly file: string,
    private readonly problems: ProblemList,
  ) {
    this.dates = new SourceDates(description.date, description.csv.decimal);
    this.offsetOf = tableFor(zoneByName(description.date.zone)).offsetFn;
    this.decimal = description.csv.decimal.charCodeAt(0);
    const shared = new Dates();
    const wide = description.layout === 'wide';
    for (const spec of description.series) {
      const t = makeTarget(spec, wide ? shared : new Dates(), wide ? spec.scale : spec.scale * description.scale);
      this.columns.set(spec.column, t);
      this.wideTargets.push(t);
    }
    this.rowValues = new Float64Array(Math.max(1, this.wideTargets.length));
  }

  /**
   * Reads the column names.
   *
   * @param names - The columns, in order.
   * @param line - The header's line (1 for Parquet and Arrow).
   * @returns False when a column the description names is missing (the rows are then not read).
   */
  header(names: readonly string[], line: number): boolean {
    const d = this.description;
    const at = { file: this.file, line };
    const before = this.problems.size;
    this.names = names;
    const index = (name: string, what: string): number => {
      let k = names.indexOf(name);
      if (k < 0) k = names.findIndex((n) => n.trim().toLowerCase() === name.trim().toLowerCase());
      if (k < 0) this.problems.add(at, name, `the ${what} column is missing (columns: ${names.map((n) => JSON.stringify(n)).join(', ')})`);
      return k;
    };
    this.dateIndex = index(d.date.column, 'date');
    this.filterIndexes = d.filter.map(([column, text]) => [index(column, 'filter'), text]);
    if (d.layout === 'wide') this.valueIndexes = d.series.map((s) => index(s.column, 'series'));
    else {
      this.curveIndex = index(d.curveColumn as string, 'curve');
      this.valueIndexes = [index(d.valueColumn as string, 'value')];
    }
    this.ok = this.problems.size === before;
    return this.ok;
  }

  /**
   * Makes room for `rows` rows of a wide file (a Parquet file's row count), so that its columns
   * are allocated once instead of growing.
   *
   * @param rows - Rows to come.
   * @returns Nothing.
   */
  expect(rows: number): void {
    const dates = this.wideTargets[0]?.dates;
    if (this.description.layout !== 'wide' || dates === undefined) return;
    dates.times.reserve(rows);
    dates.lines.reserve(rows);
    for (const t of this.wideTargets) t.values.reserve(rows);
  }

  /**
   * The columns the rows are read from (date, filters, values, curve), after {@link header}: a
   * file read by column need decode no other.
   *
   * @returns Their indexes in the header, ascending.
   */
  columnsRead(): number[] {
    const all = [this.dateIndex, this.curveIndex, ...this.valueIndexes, ...this.filterIndexes.map(([k]) => k)];
    return [...new Set(all.filter((k) => k >= 0))].sort((a, b) => a - b);
  }

  /**
   * Reads one row.
   *
   * Not split: the per-row path of every source (filter, values, then the date with its DST rules),
   * run once per row; its early returns are the row's problems, in the order a reader meets them.
   *
   * @param cells - The cells, in the header's order.
   * @param line - The row's line (CSV) or 1-based row number plus one (Parquet, Arrow: the header is line 1).
   * @returns Nothing.
   */
  row(cells: readonly SourceCell[], line: number): void {
    if (!this.ok) return;
    const at = { file: this.file, line };
    if (cells.length !== this.names.length) {
      this.problems.add(at, null, `expected ${this.names.length} fields, found ${cells.length}`);
      return;
    }
    for (const [k, text] of this.filterIndexes) {
      const c = cells[k];
      if (c === null || c === undefined || String(c).trim() !== text) return;
    }
    const d = this.description;
    // the series of this row and their values
    let group = '';
    const values = this.rowValues;
    let targets: Target[];
    let bad = false;
    if (d.layout === 'wide') {
      targets = this.wideTargets;
      for (let k = 0; k < targets.length; k++) {
        const v = this.value(cells[this.valueIndexes[k] as number] ?? null, targets[k] as Target, line, this.valueIndexes[k] as number);
        if (v === undefined) bad = true;
        else values[k] = v;
      }
    } else {
      const key = String(cells[this.curveIndex] ?? '').trim();
      const column = this.names[this.curveIndex] as string;
      if (key === '') {
        this.problems.add(at, column, 'the curve name is empty');
        return;
      }
      let target = this.columns.get(key);
      if (target === undefined) {
        if (d.series.length > 0) {
          this.problems.add(
            at,
            column,
            `${JSON.stringify(key)} is none of the series of ${d.name} (${d.series.map((s) => JSON.stringify(s.column)).join(', ')})`,
          );
          return;
        }
        const spec: SourceSeriesSpec = { at, column: key, scale: 1, curve: { at, name: key, fields: {}, lines: {} } };
        target = makeTarget(spec, new Dates(), d.scale);
        this.columns.set(key, target);
      }
      targets = [target];
      group = key;
      const v = this.value(cells[this.valueIndexes[0] as number] ?? null, target, line, this.valueIndexes[0] as number);
      if (v === undefined) bad = true;
      else values[0] = v;
    }
    if (bad) return;
    const dateColumn = this.names[this.dateIndex] as string;
    const cell = cells[this.dateIndex] ?? null;
    if (!this.dates.read(cell)) {
      this.problems.add(at, dateColumn, this.dates.problem);
      return;
    }
    let ms = this.dates.ms;
    if (this.dates.local) {
      const text = String(cell);
      const instants = wallClockInstants(ms, this.offsetOf);
      const zone = d.date.zone;
      const marker = this.dates.marker;
      if (marker === marker) {
        const t = ms - marker * 60_000;
        if (!instants.includes(t)) {
          this.problems.add(at, dateColumn, `${JSON.stringify(text)}: the marked offset is not that of ${zone} at this time`);
          return;
        }
        ms = t;
      } else if (instants.length === 1) ms = instants[0] as number;
      else if (instants.length === 0) {
        if (d.date.nonexistent === 'skip-empty' && allMissing(values, targets.length)) return;
        const rule =
          d.date.nonexistent === 'skip-empty'
            ? ' and the row has values (nonexistent: skip-empty drops only empty rows)'
            : ' (nonexistent: skip-empty drops such a row when it is empty)';
        this.problems.add(at, dateColumn, `${JSON.stringify(text)} does not exist in ${zone}: the clocks skip it${rule}`);
        return;
      } else {
        const rule = d.date.ambiguous;
        if (rule === 'earlier') ms = instants[0] as number;
        else if (rule === 'later') ms = instants[1] as number;
        else if (rule === 'error') {
          this.problems.add(
            at,
            dateColumn,
            `${JSON.stringify(text)} occurs twice in ${zone} (the clocks go back): write it with an offset or a (CEST)/(CET) marker, or set ambiguous: infer, earlier or later`,
          );
          return;
        } else {
          let seen = this.repeats.get(group);
          if (seen === undefined) {
            seen = new Map();
            this.repeats.set(group, seen);
          }
          const repeat = seen.get(ms);
          if (repeat === undefined) {
            seen.set(ms, { count: 1, line, text });
            ms = instants[0] as number;
          } else if (repeat.count === 1) {
            repeat.count = 2;
            ms = instants[1] as number;
          } else {
            this.problems.add(
              at,
              dateColumn,
              `${JSON.stringify(text)} is written a third time (it occurs twice in ${zone}; first at line ${repeat.line})`,
            );
            return;
          }
        }
      }
    }
    (targets[0] as Target).dates.push(ms, line);
    for (let k = 0; k < targets.length; k++) (targets[k] as Target).values.push(values[k] as number);
  }

  /**
   * Reads rows given as columns (Parquet row groups, Arrow tables): `count` rows, the first on
   * line `firstLine`. A wide file without a filter whose dates are instants and whose cells are
   * numbers or missing goes straight into the columns; any other row goes through {@link row}.
   *
   * @param columns - One array per column, in the header's order: numbers, texts, null, or
   *   anything {@link cellOf} reads.
   * @param count - Rows.
   * @param firstLine - Line of the first row.
   * @returns Nothing.
   */
  rows(columns: readonly ArrayLike<unknown>[], count: number, firstLine: number): void {
    if (!this.ok) return;
    const cells: SourceCell[] = new Array(columns.length);
    const slow = (i: number) => {
      for (let c = 0; c < columns.length; c++) cells[c] = cellOf((columns[c] as ArrayLike<unknown>)[i]);
      this.row(cells, firstLine + i);
    };
    const factor = this.dates.instantFactor();
    if (this.description.layout !== 'wide' || this.filterIndexes.length > 0 || factor === null || columns.length !== this.names.length) {
      for (let i = 0; i < count; i++) slow(i);
      return;
    }
    // column by column, written after what is kept; kept only when every cell is a number (dates:
    // a finite one) or missing (values), else the rows go one by one
    const targets = this.wideTargets;
    const dates = (targets[0] as Target).dates;
    const at = dates.times.length;
    let fast = numbersInto(columns[this.dateIndex] as ArrayLike<unknown>, count, factor, dates.times.reserve(count), at, true);
    for (let k = 0; fast && k < targets.length; k++) {
      const t = targets[k] as Target;
      fast = numbersInto(columns[this.valueIndexes[k] as number] as ArrayLike<unknown>, count, t.scale, t.values.reserve(count), at, false);
    }
    if (!fast) {
      for (let i = 0; i < count; i++) slow(i);
      return;
    }
    const lines = dates.lines.reserve(count);
    for (let i = 0; i < count; i++) lines[at + i] = firstLine + i;
    dates.times.length += count;
    dates.lines.length += count;
    for (const t of targets) t.values.length += count;
  }

  /**
   * Ends the rows.
   *
   * @returns One column set per series, in the description's order (long layout without a
   *   series list: in order of first appearance).
   */
  finish(): SourceColumns[] {
    const dateColumn = this.names[this.dateIndex] ?? this.description.date.column;
    for (const seen of this.repeats.values()) {
      for (const r of seen.values()) {
        if (r.count === 1) {
          this.problems.add(
            { file: this.file, line: r.line },
            dateColumn,
            `${JSON.stringify(r.text)} occurs twice in ${this.description.date.zone} (the clocks go back) but is written once: ambiguous: infer needs both, the summer-time one first`,
          );
        }
      }
    }
    return [...this.columns.values()].map(({ spec, dates, values }) => ({ spec, ...dates.done(), values: values.done() }));
  }

  /** A value cell of a series, scaled; undefined after a problem (reported for `line` and the cell's column). */
  private value(cell: SourceCell, t: Target, line: number, column: number): number | undefined {
    if (cell === null || cell === '') return Number.NaN;
    if (typeof cell === 'number') return cell * t.scale;
    // plain decimal text: read from its characters (a power of ten moves its decimal point)
    const fast = decimalText(cell, this.decimal, t.shift ?? 0);
    if (fast === fast) return t.shift === null ? fast * t.scale : fast;
    const v = numberCell(cell, this.description.csv.decimal);
    if (v === undefined) {
      this.problems.add(
        { file: this.file, line },
        this.names[column] as string,
        `not a number: ${JSON.stringify(cell)}${this.description.csv.decimal === ',' ? ' (decimal mark ",")' : ''}`,
      );
      return undefined;
    }
    const scale = t.scale;
    if (scale === 1 || Number.isNaN(v)) return v;
    // a power of ten moves the decimal point of the text itself, so 0.07523 x 1000 is 75.23 exactly
    const trimmed = cell.trim();
    return t.shift !== null && !/[eE]/.test(trimmed)
      ? Number(`${this.description.csv.decimal === ',' ? trimmed.replace(',', '.') : trimmed}e${t.shift}`)
      : v * scale;
  }
}
