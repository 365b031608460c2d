/**
 * CSV text to records (RFC 4180): fields separated by a delimiter (`,` by default; `;` and tab
 * are common), fields in double quotes may hold delimiters, line breaks and doubled quotes
 * (`""`). A byte-order mark is skipped, `\r\n` and `\n` both end a record, blank lines and lines
 * starting with `#` are skipped. Each record keeps the line it starts on, for messages. Text may
 * come whole ({@link parseCsv}) or in chunks of any size ({@link CsvStream}), so a large file is
 * never held whole.
 *
 * @module
 */
import { decimalText } from './decimal-text';

/** One CSV record. */
export interface CsvRecord {
  /** 1-based line the record starts on. */
  line: number;
  /** The fields, unquoted. */
  fields: string[];
}

/** A CSV syntax problem. */
export interface CsvSyntaxError {
  /** 1-based line. */
  line: number;
  /** What is wrong. */
  message: string;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const HASH = 35;

/**
 * Reads CSV text given in chunks: each complete record goes to `onRecord` as soon as its end is
 * seen; a record cut by the end of a chunk waits for the next one.
 *
 * @param onRecord - Receives each record.
 * @param onError - Receives each syntax problem (the record is then left out).
 * @param delimiter - The field delimiter, one character (default `,`).
 * @example
 * const records: CsvRecord[] = [];
 * const csv = new CsvStream((r) => records.push(r), () => {});
 * csv.push('a;b\n1;'); csv.push('2\n'); csv.end();
 * records.length //=> 2
 */
export class CsvStream {
  private pending = '';
  private line = 1;
  private started = false;
  private readonly sep: number;

  constructor(
    private readonly onRecord: (record: CsvRecord) => void,
    private readonly onError: (error: CsvSyntaxError) => void,
    delimiter = ',',
  ) {
    this.sep = delimiter.charCodeAt(0);
  }

  /**
   * Reads the next chunk of text.
   *
   * @param chunk - The text.
   * @returns Nothing.
   */
  push(chunk: string): void {
    let text = this.pending === '' ? chunk : this.pending + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.pending = text.slice(this.scan(text, false));
  }

  /**
   * Ends the text: the last record needs no line break.
   *
   * @returns Nothing.
   */
  end(): void {
    const text = this.pending;
    this.pending = '';
    this.scan(text, true);
  }

  /**
   * Reads the complete records of `text`; returns where the first incomplete one starts.
   *
   * Not split: the character loop of the CSV reader and the hot path of every CSV import
   * (bench/import-sources.ts); quoted fields, plain fields and the chunk edges move the same
   * indexes.
   */
  private scan(text: string, final: boolean): number {
    const n = text.length;
    const sep = this.sep;
    let i = 0;
    while (i < n) {
      const start = this.line;
      const c0 = text.charCodeAt(i);
      if (c0 === LF || c0 === CR || c0 === HASH) {
        // blank line or comment: skip to the next line
        const nl = text.indexOf('\n', i);
        if (nl < 0 && !final) return i;
        i = nl < 0 ? n : nl + 1;
        this.line++;
        continue;
      }
      const fields: string[] = [];
      let bad: string | null = null;
      let lines = 0;
      let j = i;
      let complete = false;
      for (;;) {
        if (text.charCodeAt(j) === QUOTE) {
          let k = j + 1;
          let out = '';
          let closed = false;
          for (;;) {
            const q = text.indexOf('"', k);
            if (q < 0) break;
            const chunk = text.slice(k, q);
            for (let m = chunk.indexOf('\n'); m >= 0; m = chunk.indexOf('\n', m + 1)) lines++;
            out += chunk;
            if (q + 1 >= n && !final) break; // a doubled quote may follow in the next chunk
            if (text.charCodeAt(q + 1) === QUOTE) {
              out += '"';
              k = q + 2;
              continue;
            }
            k = q + 1;
            closed = true;
            break;
          }
          if (!closed) {
            if (!final) return i;
            const rest = text.slice(k);
            for (let m = rest.indexOf('\n'); m >= 0; m = rest.indexOf('\n', m + 1)) lines++;
            bad = 'unterminated quoted field';
            fields.push(out + rest);
            j = n;
            complete = true;
            break;
          }
          j = k;
          const c = text.charCodeAt(j);
          if (j < n && c !== sep && c !== LF && c !== CR && bad === null) bad = 'unexpected text after a closing quote';
          while (j < n && text.charCodeAt(j) !== sep && text.charCodeAt(j) !== LF && text.charCodeAt(j) !== CR) j++;
          fields.push(out);
        } else {
          let k = j;
          while (k < n) {
            const c = text.charCodeAt(k);
            if (c === sep || c === LF || c === CR) break;
            if (c === QUOTE && bad === null) bad = 'a quote inside an unquoted field (quote the whole field and double the quote)';
            k++;
          }
          fields.push(text.slice(j, k));
          j = k;
        }
        if (j < n && text.charCodeAt(j) === sep) {
          j++;
          continue;
        }
        if (j >= n && !final) return i; // the record may go on in the next chunk
        break;
      }
      if (!complete && j < n && text.charCodeAt(j) === CR) {
        if (j + 1 >= n && !final) return i;
        j++;
      }
      if (j < n && text.charCodeAt(j) === LF) j++;
      i = j;
      this.line += lines + 1;
      if (bad !== null) this.onError({ line: start, message: bad });
      else this.onRecord({ line: start, fields });
    }
    return n;
  }
}

/**
 * Splits CSV text into records.
 *
 * @param text - The file's text.
 * @param delimiter - The field delimiter (default `,`).
 * @returns The records, and the syntax problems found (a record with a problem is left out).
 * @example
 * parseCsv('curve,date,value\n"DE, Wind",2024-01-01,5\n').records[1]
 * //=> { line: 2, fields: ['DE, Wind', '2024-01-01', '5'] }
 */
export function parseCsv(text: string, delimiter = ','): { records: CsvRecord[]; errors: CsvSyntaxError[] } {
  const records: CsvRecord[] = [];
  const errors: CsvSyntaxError[] = [];
  const csv = new CsvStream(
    (r) => records.push(r),
    (e) => errors.push(e),
    delimiter,
  );
  csv.push(text);
  csv.end();
  return { records, errors };
}

const POINT = 46;
const COMMA = 44;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a number cell: empty means missing (`NaN`).
 *
 * @param text - The cell.
 * @param decimal - The decimal mark, `.` (default) or `,`.
 * @returns The number, `NaN` for an empty cell, or `undefined` when the text is not a number.
 * @example
 * numberCell(' 1.5e3 ') //=> 1500
 * numberCell('0,125', ',') //=> 0.125
 * numberCell('') //=> NaN
 * numberCell('abc') //=> undefined
 */
export function numberCell(text: string, decimal = '.'): number | undefined {
  const fast = decimalText(text, decimal === ',' ? COMMA : POINT, 0);
  if (fast === fast) return fast;
  let t = text.trim();
  if (t === '') return Number.NaN;
  if (decimal !== '.') {
    if (t.includes('.')) return undefined;
    t = t.replace(decimal, '.');
  }
  if (!NUMBER.test(t)) return undefined;
  const v = Number(t);
  return Number.isFinite(v) ? v : undefined;
}
