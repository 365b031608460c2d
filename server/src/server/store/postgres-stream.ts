/**
 * Reading a series of the PostgreSQL store in batches of rows (docs/arrow.md#streamed), for
 * answers sent while they are read: inside one read-only `REPEATABLE READ` transaction (one
 * snapshot, so the row count told before the first batch is the count the batches bring), the
 * rows come as one `COPY (query) TO STDOUT (FORMAT binary)` in time order, each `float8` as its
 * eight bytes, and are cut into batches as the bytes arrive; the members of a scenario series are
 * pivoted by the server (`GROUP BY ts`). What is held is a batch and the stream's buffer, whatever
 * the range; a consumer that stops early gives the connection up (it is mid-COPY, so it is closed
 * rather than reused).
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sqlIntList } from './duckdb-io';
import type { ReadTarget } from './duckdb-read';
import { pgNumber } from './postgres-write';
import type { SeriesBatch, SeriesCursor, TimeRange } from './store';

/** Bytes of the binary COPY header before its extension: signature (11), flags (4), extension length (4). */
const HEADER = 19;

/**
 * Rows of a binary COPY of `float8` columns, read as the bytes come: `push` a chunk, then `read`
 * the complete rows it holds into columns (a row cut between two chunks waits for the next).
 */
export class CopyRowReader {
  #bytes: Buffer = Buffer.alloc(0);
  #at = 0;
  #started = false;
  #ended = false;

  /**
   * @param columns - Columns of every row (all `float8`).
   */
  constructor(readonly columns: number) {}

  /** Whether the trailer (the end of the rows) has been read. */
  get ended(): boolean {
    return this.#ended;
  }

  /**
   * Adds received bytes.
   *
   * @param chunk - The next bytes of the COPY.
   * @returns Nothing.
   */
  push(chunk: Buffer): void {
    this.#bytes = this.#at < this.#bytes.length ? Buffer.concat([this.#bytes.subarray(this.#at), chunk]) : chunk;
    this.#at = 0;
  }

  /** The end of the complete row at `p`, or -1 when its bytes have not all come. */
  #rowEnd(p: number): number {
    const b = this.#bytes;
    let q = p + 2;
    for (let c = 0; c < this.columns; c++) {
      if (b.length - q < 4) return -1;
      const length = b.readInt32BE(q);
      q += 4;
      if (length === -1) continue;
      if (length !== 8) throw new Error(`COPY field of ${length} bytes: the query's columns must be float8`);
      if (b.length - q < 8) return -1;
      q += 8;
    }
    return q;
  }

  /**
   * Reads complete rows into `out[c][at + k]` (NULL as NaN), at most `max`.
   *
   * @param out - One array per column.
   * @param at - First row to write.
   * @param max - Most rows to read.
   * @returns The rows read (0 when the bytes so far hold no complete row, or at the trailer,
   *   which is read even when `max` is 0).
   * @throws Error for a row with another number of columns or a field that is not `float8`.
   */
  read(out: Float64Array[], at: number, max: number): number {
    const b = this.#bytes;
    let p = this.#at;
    if (!this.#started) {
      if (b.length - p < HEADER || b.length - p < HEADER + b.readInt32BE(p + 15)) return 0;
      p += HEADER + b.readInt32BE(p + 15);
      this.#started = true;
    }
    let n = 0;
    while (!this.#ended && b.length - p >= 2) {
      const fields = b.readInt16BE(p);
      if (fields === -1) {
        this.#ended = true;
        p += 2;
        break;
      }
      if (n === max) break;
      if (fields !== this.columns) throw new Error(`COPY row has ${fields} fields, expected ${this.columns}`);
      const end = this.#rowEnd(p);
      if (end < 0) break;
      let q = p + 2;
      for (let c = 0; c < this.columns; c++) {
        const length = b.readInt32BE(q);
        q += 4;
        if (length === -1) out[c]![at + n] = Number.NaN;
        else {
          out[c]![at + n] = b.readDoubleBE(q);
          q += 8;
        }
      }
      p = end;
      n++;
    }
    this.#at = p;
    return n;
  }
}

function rangeSql(range: TimeRange): string {
  let out = '';
  if (range.begin !== undefined) out += ` AND ts >= ${pgNumber(range.begin)}`;
  if (range.end !== undefined) out += ` AND ts < ${pgNumber(range.end)}`;
  return out;
}

/**
 * Opens a batched read of a curve/instance in a range on a client of its own: begins the
 * transaction, finds the members, counts the rows. The client stays with the cursor until the
 * batches end or `close` is called.
 *
 * @param client - A client for the cursor alone.
 * @param target - Finds the curve and instance (run inside the transaction).
 * @param range - `[begin, end)`.
 * @param release - Gives the client back once; `broken` when it must be closed, not reused.
 * @returns The cursor.
 * @example
 * const cursor = await openPgSeriesCursor(client, (db) => store.target(db, curve, null), range, release);
 * for await (const batch of cursor.batches(65536)) send(batch);
 */
export async function openPgSeriesCursor(
  client: PoolClient,
  target: (db: PoolClient) => Promise<ReadTarget>,
  range: TimeRange,
  release: (broken: boolean) => void,
): Promise<SeriesCursor> {
  let open = true;
  let copying = false;
  const close = async (): Promise<void> => {
    if (!open) return;
    open = false;
    if (copying) {
      // left mid-COPY: the connection still has rows coming, so it is closed
      release(true);
      return;
    }
    let broken = false;
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true;
    } finally {
      release(broken);
    }
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const t = await target(client);
    const { rows: members } = await client.query<{ id: number; member: number; name: string }>(
      'SELECT id, member, name FROM series WHERE curve_id = $1 AND instance_id = $2 ORDER BY member',
      [t.curveId, t.instanceId],
    );
    const ids = members.map((m) => Number(m.id));
    const values = members.some((m) => Number(m.member) < 0);
    const scenarioNames = members.filter((m) => Number(m.member) >= 0).map((m) => String(m.name));
    const where = `series_id IN (${ids.length ? sqlIntList(ids) : 'NULL'})${rangeSql(range)}`;
    const counted = ids.length === 1 ? 'count(*)' : 'count(DISTINCT ts)';
    const { rows: spans } = await client.query<unknown[]>({
      text: `SELECT ${counted}::float8, min(ts), max(ts) FROM series_values WHERE ${where}`,
      rowMode: 'array',
    });
    const [count, first, last] = (spans[0] ?? [0, null, null]).map((v) => (v === null ? Number.NaN : Number(v)));
    const rows = count ?? 0;
    const width = ids.length;
    const select =
      ids.length === 1
        ? `SELECT ts, value FROM series_values WHERE ${where} ORDER BY ts`
        : `SELECT ts, ${ids.map((id) => `max(value) FILTER (WHERE series_id = ${id})`).join(', ')} FROM series_values WHERE ${where} GROUP BY ts ORDER BY ts`;
    async function* batches(size: number): AsyncGenerator<SeriesBatch> {
      try {
        if (rows === 0 || width === 0) return;
        const reader = new CopyRowReader(width + 1);
        const fresh = (n: number) => Array.from({ length: width + 1 }, () => new Float64Array(n));
        let made = 0;
        let page = fresh(Math.min(size, rows));
        let n = 0;
        copying = true;
        const stream = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
        for await (const chunk of stream) {
          reader.push(chunk as Buffer);
          for (;;) {
            const got = reader.read(page, n, page[0]!.length - n);
            n += got;
            if (n > 0 && n === page[0]!.length) {
              const [times, ...columns] = page;
              made += n;
              // each batch has columns of its own: it may be sent while the next is read
              page = fresh(Math.min(size, rows - made));
              n = 0;
              yield { times: times!, values: values ? columns[0]! : null, scenarios: values ? columns.slice(1) : columns };
            } else if (got === 0) break;
          }
        }
        copying = false;
        if (made !== rows || !reader.ended) throw new Error(`series read brought ${made + n} rows or more, ${rows} announced`);
      } finally {
        await close();
      }
    }
    return {
      rows,
      first: rows === 0 ? Number.NaN : first!,
      last: rows === 0 ? Number.NaN : last!,
      values,
      scenarioNames,
      batches,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
