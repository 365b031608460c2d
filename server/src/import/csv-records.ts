/**
 * CSV text to records (RFC 4180): comma-separated fields, fields in double quotes may hold commas,
 * line breaks and doubled quotes (`""`). A byte-order mark is skipped, `\r\n` and `\n` both end a
 * record, blank lines and lines starting with `#` are skipped. Each record keeps the line it
 * starts on, for messages.
 *
 * @module
 */

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

/**
 * Splits CSV text into records.
 *
 * @param text - The file's text.
 * @returns The records, and the syntax problems found (a record with a problem is left out).
 * @example
 * parseCsv('curve,date,value\n"DE, Wind",2024-01-01,5\n').records[1]
 * //=> { line: 2, fields: ['DE, Wind', '2024-01-01', '5'] }
 */
export function parseCsv(text: string): { records: CsvRecord[]; errors: CsvSyntaxError[] } {
  const records: CsvRecord[] = [];
  const errors: CsvSyntaxError[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const c0 = text.charCodeAt(i);
    if (c0 === 10 || c0 === 13 || c0 === 35) {
      // blank line or comment: skip to the next line
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
      line++;
      continue;
    }
    const fields: string[] = [];
    let bad: string | null = null;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34) {
        // quoted field
        let j = i + 1;
        let out = '';
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) {
            bad = 'unterminated quoted field';
            out += text.slice(j);
            j = n;
            break;
          }
          const chunk = text.slice(j, q);
          for (let k = chunk.indexOf('\n'); k >= 0; k = chunk.indexOf('\n', k + 1)) line++;
          out += chunk;
          if (text.charCodeAt(q + 1) === 34) {
            out += '"';
            j = q + 2;
            continue;
          }
          j = q + 1;
          break;
        }
        value = out;
        i = j;
        const c = text.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13 && bad === null) bad = 'unexpected text after a closing quote';
        while (i < n && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          if (c === 34 && bad === null) bad = 'a quote inside an unquoted field (quote the whole field and double the quote)';
          j++;
        }
        value = text.slice(i, j);
        i = j;
      }
      fields.push(value);
      if (i < n && text.charCodeAt(i) === 44) {
        i++;
        continue;
      }
      break;
    }
    if (i < n && text.charCodeAt(i) === 13) i++;
    if (i < n && text.charCodeAt(i) === 10) i++;
    line++;
    if (bad !== null) errors.push({ line: start, message: bad });
    else records.push({ line: start, fields });
  }
  return { records, errors };
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a number cell: empty means missing (`NaN`).
 *
 * @param text - The cell.
 * @returns The number, `NaN` for an empty cell, or `undefined` when the text is not a number.
 * @example
 * numberCell(' 1.5e3 ') //=> 1500
 * numberCell('') //=> NaN
 * numberCell('abc') //=> undefined
 */
export function numberCell(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return Number.NaN;
  if (!NUMBER.test(t)) return undefined;
  const v = Number(t);
  return Number.isFinite(v) ? v : undefined;
}
