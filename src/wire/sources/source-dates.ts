/**
 * The date cells of a source (docs/sources.md#dates): ISO 8601 (with an offset: that instant;
 * without: a wall-clock time), luxon format tokens (month names in any case), Excel serial
 * days, Unix seconds or milliseconds, ENTSO-E's `BEGIN - END` ranges and the `(CET)`/`(CEST)`
 * markers after a time. Instants from timestamp columns (Parquet, Arrow) come as numbers.
 * Whether a wall-clock time exists, or occurs twice, is decided by the reader
 * (`source-reader.ts`), which knows the rows around it.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { scanInstant } from '../json/parse-instant';
import { numberCell } from './csv-records';
import { fixedDateLayout, type LayoutReader } from './fixed-date-layout';
import type { SourceDateSpec } from './source-description';

/** A cell of a source table: text (CSV, string columns), a number (numeric and timestamp columns) or missing. */
export type SourceCell = string | number | null;

/**
 * Offsets (minutes) of the zone markers written after a time (`01.10.2024 02:00 (CEST)`).
 *
 * @example
 * MARKER_OFFSETS.CEST //=> 120
 */
const MARKER_OFFSETS: Readonly<Record<string, number>> = Object.freeze({
  UTC: 0,
  GMT: 0,
  WET: 0,
  WEST: 60,
  BST: 60,
  IST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
});

const MARKER = /\s*\(([A-Za-z]{2,5})\)\s*$/;
const RANGE = /\s+-\s+/;
const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/;
/** 1970-01-01 as an Excel serial day (1900 date system). */
const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

/**
 * Reads the date cells of one source: after {@link read} returns true, {@link ms} is an instant
 * (when {@link local} is false) or local milliseconds of a wall-clock time, and {@link marker}
 * the offset a marker gave (or NaN); after false, {@link problem} says why.
 *
 * @param spec - The description's date member.
 * @param decimal - The decimal mark of numbers (Excel serials in text).
 * @example
 * const dates = new SourceDates({ ...spec, format: 'ddMMMyyyy HH:mm:ss' }, '.');
 * dates.read('01jan2022 00:00:00') && dates.ms //=> 1640995200000 (local milliseconds of 2022-01-01 00:00)
 */
export class SourceDates {
  /** Epoch ms (an instant) or local ms (a wall-clock time). */
  ms = Number.NaN;
  /** Whether {@link ms} is a wall-clock time. */
  local = false;
  /** Offset in minutes given by a `(CET)`-like marker, else NaN. */
  marker = Number.NaN;
  /** Why the last cell could not be read. */
  problem = '';
  private readonly kind: 'iso' | 'excel' | 'unix-s' | 'unix-ms' | 'tokens';
  private readonly parser: ReturnType<typeof DateTime.buildFormatParser> | null = null;
  private readonly tokensHaveOffset: boolean = false;
  /** The format compiled for the plain cells, when its layout is fixed (luxon reads the rest). */
  private readonly layout: LayoutReader | null = null;

  constructor(
    private readonly spec: SourceDateSpec,
    private readonly decimal: string,
  ) {
    const f = spec.format.toLowerCase();
    this.kind = f === 'iso' || f === 'excel' || f === 'unix-s' || f === 'unix-ms' ? f : 'tokens';
    if (this.kind === 'tokens') {
      this.parser = DateTime.buildFormatParser(spec.format, { locale: 'en-US' });
      // an offset token outside quotes makes the text an instant
      this.tokensHaveOffset = /[Zz]/.test(spec.format.replace(/'[^']*'/g, ''));
      if (!this.tokensHaveOffset) this.layout = fixedDateLayout(spec.format);
    }
  }

  /**
   * Reads one cell.
   *
   * @param cell - The cell.
   * @returns True when read.
   */
  read(cell: SourceCell): boolean {
    this.marker = Number.NaN;
    this.local = false;
    if (cell === null || cell === '') return this.fail('the date is missing');
    if (typeof cell === 'number') return this.number(cell);
    let text = cell.trim();
    if (this.spec.range) {
      const parts = text.split(RANGE);
      if (parts.length !== 2) return this.fail(`not a range "BEGIN - END": ${JSON.stringify(cell)}`);
      text = parts[0] as string;
    }
    const m = text.charCodeAt(text.length - 1) === 41 ? MARKER.exec(text) : null; // ends with ')'
    if (m) {
      const offset = MARKER_OFFSETS[(m[1] as string).toUpperCase()];
      if (offset === undefined)
        return this.fail(
          `unknown zone marker (${m[1]}) in ${JSON.stringify(cell)}: expected one of ${Object.keys(MARKER_OFFSETS).join(', ')}`,
        );
      this.marker = offset;
      text = text.slice(0, m.index);
    }
    if (this.kind === 'tokens') return this.tokens(text, cell);
    if (this.kind === 'iso') return this.iso(text, cell);
    const n = numberCell(text, this.decimal);
    if (n === undefined || Number.isNaN(n)) return this.fail(`not a number (${this.spec.format}): ${JSON.stringify(cell)}`);
    return this.number(n);
  }

  /**
   * What a number cell is multiplied by to be an instant (epoch ms): 1000 for `unix-s`, else 1;
   * null when numbers are wall-clock times (`excel`). Lets a column of numbers skip {@link read}.
   *
   * @returns The factor, or null.
   * @example
   * new SourceDates({ ...spec, format: 'unix-s' }, '.').instantFactor() //=> 1000
   */
  instantFactor(): number | null {
    return this.kind === 'excel' ? null : this.kind === 'unix-s' ? 1000 : 1;
  }

  private fail(problem: string): false {
    this.problem = problem;
    return false;
  }

  private number(n: number): boolean {
    if (this.kind === 'excel') {
      // a serial day: whole days since 1899-12-30 and the fraction of the day, to the second
      this.ms = Math.round(((n - EXCEL_EPOCH_DAYS) * DAY_MS) / 1000) * 1000;
      this.local = true;
    } else this.ms = this.kind === 'unix-s' ? n * 1000 : n; // unix-ms, and timestamp columns
    if (!Number.isFinite(this.ms)) return this.fail(`not a date: ${n}`);
    return true;
  }

  private iso(text: string, cell: string): boolean {
    const instant = scanInstant(text);
    if (instant === instant) {
      this.ms = instant;
      return true;
    }
    const m = NAIVE.exec(text);
    if (m !== null) {
      const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k] ?? 0)) as [number, number, number, number, number, number];
      const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
      const local = Date.UTC(y, mo - 1, d, h, mi, s, ms);
      const back = new Date(local);
      if (y >= 100 && back.getUTCDate() === d && back.getUTCMonth() === mo - 1 && h < 24 && mi < 60 && s < 60) {
        this.ms = local;
        this.local = true;
        return true;
      }
    }
    return this.fail(
      `not a date-time: ${JSON.stringify(cell)} (expected ISO 8601: YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS], with or without an offset)`,
    );
  }

  private tokens(text: string, cell: string): boolean {
    const local = this.layout === null ? Number.NaN : this.layout(text);
    if (local === local) {
      this.ms = local;
      this.local = true;
      return true;
    }
    const dt = DateTime.fromFormatParser(text, this.parser as NonNullable<typeof this.parser>, {
      zone: 'utc',
      setZone: this.tokensHaveOffset,
    });
    if (!dt.isValid) return this.fail(`not a date-time in the format ${JSON.stringify(this.spec.format)}: ${JSON.stringify(cell)}`);
    this.ms = dt.toMillis();
    this.local = !this.tokensHaveOffset;
    return true;
  }
}
