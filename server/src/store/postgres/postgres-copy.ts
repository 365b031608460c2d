/**
 * Bulk rows into PostgreSQL through `COPY ... FROM STDIN` (text format), the fastest insert path
 * of the server, with `pg-copy-streams`. Numbers are written as JavaScript prints them (the
 * shortest text that reads back as the same double); NaN and `null` as NULL.
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** A column of {@link CopyWriter.append}: a constant for every row, or one value per row. */
export type CopyColumn = number | string | null | ArrayLike<number> | readonly (string | null)[];

const FLUSH_AT = 1 << 16;

/**
 * The COPY text of one cell.
 *
 * @param value - A number, text or null.
 * @returns The escaped cell (`\N` for NULL and NaN).
 * @example
 * copyCell('a\tb') //=> 'a\\tb'
 */
export function copyCell(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return value === value ? String(value) : '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * Streams rows into one table with `COPY`. The stream opens on the first row; {@link close} ends
 * it and waits until the server has taken every row (and reports its error, if any).
 *
 * @example
 * const writer = new CopyWriter(client, 'series_values');
 * await writer.append([7, times, values], times.length);
 * await writer.close();
 */
export class CopyWriter {
  private stream: NodeJS.WritableStream | null = null;
  private failed: Error | null = null;
  private buffer = '';

  /**
   * @param client - A client inside the import's transaction.
   * @param table - The table (columns in table order).
   */
  constructor(
    private readonly client: PoolClient,
    private readonly table: string,
  ) {}

  /**
   * Appends `rows` rows; array columns are read from index 0.
   *
   * @param columns - One column per table column.
   * @param rows - Number of rows.
   * @returns Nothing.
   * @example
   * await writer.append([3, 0, begins, ends, values, null], begins.length);
   */
  async append(columns: readonly CopyColumn[], rows: number): Promise<void> {
    const constants = columns.map((c) => (c === null || typeof c === 'number' || typeof c === 'string' ? copyCell(c) : null));
    for (let i = 0; i < rows; i++) {
      let line = '';
      for (let c = 0; c < columns.length; c++) {
        const constant = constants[c];
        line += (c ? '\t' : '') + (constant ?? copyCell((columns[c] as ArrayLike<number | string | null>)[i]));
      }
      this.buffer += `${line}\n`;
      if (this.buffer.length >= FLUSH_AT) await this.flush();
    }
  }

  private async flush(): Promise<void> {
    if (!this.buffer) return;
    if (this.failed) throw this.failed;
    if (!this.stream) {
      const stream = this.client.query(copyFrom(`COPY ${this.table} FROM STDIN`));
      stream.on('error', (err: Error) => {
        this.failed ??= err;
      });
      this.stream = stream;
    }
    const chunk = this.buffer;
    this.buffer = '';
    const stream = this.stream;
    if (!stream.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done);
          stream.off('error', done);
          resolve();
        };
        stream.on('drain', done);
        stream.on('error', done);
      });
    }
    if (this.failed) throw this.failed;
  }

  /**
   * Sends the buffered rows and ends the COPY; the rows are then in the table (in the open
   * transaction).
   *
   * @returns Nothing.
   * @throws the server's error (e.g. a duplicate key), after which the transaction must roll back.
   * @example
   * await writer.close();
   */
  async close(): Promise<void> {
    await this.flush();
    const stream = this.stream;
    this.stream = null;
    if (!stream) return;
    if (this.failed) throw this.failed;
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.once('finish', () => resolve());
      stream.end();
    });
    if (this.failed) throw this.failed;
  }
}

/**
 * Reads the numeric columns of a query with `COPY (query) TO STDOUT (FORMAT binary)`: the server
 * sends every `float8` as its 8 bytes, read straight into `Float64Array`s (no text formatting on
 * the server, no text parsing here). Every column of the query must be `float8`; NULL reads as NaN.
 * COPY takes no parameters: the query may only inline literals the store generated itself.
 *
 * @param client - A client (in the caller's transaction, if any).
 * @param query - The query; every column `float8`.
 * @param columns - Number of columns.
 * @returns One array per column.
 * @example
 * const [ts, v] = await copyNumberColumns(client, 'SELECT ts, value FROM series_values WHERE series_id = 7', 2);
 */
export async function copyNumberColumns(client: PoolClient, query: string, columns: number): Promise<Float64Array[]> {
  const stream = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  // header: 11-byte signature, 32-bit flags, 32-bit extension length (+ extension)
  let at = 11 + 4;
  at += 4 + data.readInt32BE(at);
  // rows are 2 + 12 bytes per column, or less with NULLs (4 bytes each): count them first
  let rows = 0;
  for (let p = at; data.readInt16BE(p) !== -1; rows++) {
    p += 2;
    for (let c = 0; c < columns; c++) p += 4 + Math.max(0, data.readInt32BE(p));
  }
  const capacity = rows;
  const out = Array.from({ length: columns }, () => new Float64Array(capacity));
  rows = 0;
  for (;;) {
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    if (fields !== columns) throw new Error(`COPY row has ${fields} fields, expected ${columns}`);
    for (let c = 0; c < columns; c++) {
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) out[c]![rows] = NaN;
      else if (length === 8) {
        out[c]![rows] = data.readDoubleBE(at);
        at += 8;
      } else throw new Error(`COPY field of ${length} bytes: the query's columns must be float8`);
    }
    rows++;
  }
  return out;
}
