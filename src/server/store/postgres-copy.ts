/**
 * Bulk rows into PostgreSQL through `COPY ... FROM STDIN` (text format), the fastest insert path
 * of the server, with `pg-copy-streams`. Numbers are written as JavaScript prints them (the
 * shortest text that reads back as the same double); NaN and `null` as NULL.
 *
 * @module
 */
import { once } from 'node:events';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

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
  constructor(private readonly client: PoolClient, private readonly table: string) {}

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
    if (!this.stream.write(chunk)) await Promise.race([once(this.stream, 'drain'), once(this.stream, 'error')]);
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
