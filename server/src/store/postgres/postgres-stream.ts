/**
 * Reading a series of the PostgreSQL store in batches of rows (docs/arrow.md#streamed), for
 * answers sent while they are read: one repeatable-read transaction sees one snapshot, so the
 * row count told before the first batch is the count the batches bring; the rows come from one
 * binary `COPY ... TO STDOUT` in time order (the members of a scenario series pivoted by the
 * server into one column each, null where a member has no row at a time, as the whole read
 * does), parsed as they arrive: the connection is read no faster than the batches are taken.
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ReadTarget } from '../duckdb/duckdb-read';
import { sqlIntList } from '../duckdb/duckdb-io';
import { pgNumber } from './postgres-write';
import type { ColumnSource, SeriesBatch, SeriesCursor, SeriesSpan, TimeForm, TimeRange } from '../store';
import { inTimeForm } from '../time-form';

function rangeSql(range: TimeRange): string {
  let out = '';
  if (range.begin !== undefined) out += ` AND ts >= ${pgNumber(range.begin)}`;
  if (range.end !== undefined) out += ` AND ts < ${pgNumber(range.end)}`;
  return out;
}

/** Rows of a binary COPY of float8 columns, parsed from its chunks as they come. */
class CopyRows {
  #pending: Buffer = Buffer.alloc(0);
  #header = true;
  done = false;

  constructor(private readonly columns: number) {}

  /**
   * Parses what `chunk` completes into `out` (one array per column) from row `at`, at most up
   * to the arrays' length; returns the next free row. Bytes of a row not yet whole wait.
   */
  parse(chunk: Buffer | null, out: Float64Array[], at: number): number {
    let data = chunk === null ? this.#pending : this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    let p = 0;
    if (this.#header) {
      // 11-byte signature, 32-bit flags, 32-bit extension length (+ extension)
      if (data.length < 19 || data.length < 19 + data.readInt32BE(15)) {
        this.#pending = data;
        return at;
      }
      p = 19 + data.readInt32BE(15);
      this.#header = false;
    }
    const limit = out[0]!.length;
    const rowBytes = 2 + 12 * this.columns;
    while (at < limit && !this.done && p + 2 <= data.length) {
      const fields = data.readInt16BE(p);
      if (fields === -1) {
        this.done = true;
        p += 2;
        break;
      }
      if (fields !== this.columns) throw new Error(`COPY row has ${fields} fields, expected ${this.columns}`);
      // a row is at most 2 + 12 bytes a column; shorter with NULLs: whole when its fields are
      if (p + rowBytes > data.length && !this.#whole(data, p)) break;
      p += 2;
      for (let c = 0; c < this.columns; c++) {
        const length = data.readInt32BE(p);
        p += 4;
        if (length === -1) out[c]![at] = Number.NaN;
        else if (length === 8) {
          out[c]![at] = data.readDoubleBE(p);
          p += 8;
        } else throw new Error(`COPY field of ${length} bytes: the query's columns must be float8`);
      }
      at++;
    }
    data = data.subarray(p);
    this.#pending = data.length ? Buffer.from(data) : Buffer.alloc(0);
    return at;
  }

  /** Whether the row at `p` is whole in `data`. */
  #whole(data: Buffer, p: number): boolean {
    let q = p + 2;
    for (let c = 0; c < this.columns; c++) {
      if (q + 4 > data.length) return false;
      q += 4 + Math.max(0, data.readInt32BE(q));
    }
    return q <= data.length;
  }
}

/**
 * Opens a batched read of a curve/instance in a range on a connection of its own, which stays
 * with the cursor until `close` (which ends the transaction).
 *
 * Not split: the cursor's state (open flag, transaction, members, batch position) is shared by its
 * close, its batches and its error paths; split, each piece would take all of it.
 *
 * @param db - A connection for the cursor alone.
 * @param target - Finds the curve and instance (inside the transaction).
 * @param range - `[begin, end)`.
 * @param full - The steps of the range when it has a row at each (see `Store.openSeries`), or null.
 * @param release - Called once when the cursor is closed, with whether the connection is broken.
 * @returns The cursor: row count, first and last time, columns, and the batches.
 * @example
 * const cursor = await openPgSeriesCursor(client, (db) => target(db), { begin, end }, null, (broken) => client.release(broken));
 */
export async function openPgSeriesCursor(
  db: PoolClient,
  target: (db: PoolClient) => Promise<ReadTarget>,
  range: TimeRange,
  full: SeriesSpan | null,
  release: (broken: boolean) => void,
): Promise<SeriesCursor> {
  let open = true;
  const close = async (broken = false): Promise<void> => {
    if (!open) return;
    open = false;
    if (broken) return release(true);
    try {
      await db.query('ROLLBACK');
      release(false);
    } catch {
      release(true);
    }
  };
  try {
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { curveId, instanceId } = await target(db);
    const { rows: members } = await db.query<{ id: number; member: number; name: string }>(
      'SELECT id, member, name FROM series WHERE curve_id = $1 AND instance_id = $2 ORDER BY member',
      [curveId, instanceId],
    );
    const ids = members.map((m) => Number(m.id));
    const values = members.some((m) => m.member < 0);
    const scenarioNames = members.filter((m) => m.member >= 0).map((m) => String(m.name));
    const where = `series_id IN (${ids.length ? sqlIntList(ids) : 'NULL'})${rangeSql(range)}`;
    const counted = ids.length === 1 ? 'count(*)' : 'count(DISTINCT ts)';
    const { rows: counts } = await db.query<{ n: string }>(`SELECT ${counted} AS n FROM series_values WHERE ${where}`);
    const rows = Number(counts[0]?.n ?? 0);
    let span: SeriesSpan = { rows, first: Number.NaN, last: Number.NaN };
    if (rows > 0 && full !== null && rows === full.rows) span = full;
    else if (rows > 0) {
      const { rows: ends } = await db.query<{ first: number; last: number }>(
        `SELECT min(ts) AS first, max(ts) AS last FROM series_values WHERE ${where}`,
      );
      span = { rows, first: Number(ends[0]!.first), last: Number(ends[0]!.last) };
    }
    async function* batches(size: number, source?: ColumnSource, form: TimeForm = 'ms'): AsyncGenerator<SeriesBatch> {
      let broken = false;
      try {
        if (rows === 0) return;
        const columns = ids.length === 1 ? 'value' : ids.map((id) => `max(value) FILTER (WHERE series_id = ${id})`).join(', ');
        const grouped = ids.length === 1 ? '' : ' GROUP BY ts';
        const query = `SELECT ts, ${columns} FROM series_values WHERE ${where}${grouped} ORDER BY ts`;
        const copy = db.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`));
        const parser = new CopyRows(ids.length + 1);
        // a read left early leaves the COPY unfinished: the connection is not given back for reuse
        broken = true;
        let done = 0;
        const fresh = () =>
          Array.from({ length: ids.length + 1 }, () => {
            const length = Math.min(size, rows - done);
            return source ? source.take(length) : new Float64Array(length);
          });
        let out = fresh();
        let at = 0;
        for await (const chunk of copy) {
          let rest: Buffer | null = chunk as Buffer;
          for (;;) {
            at = parser.parse(rest, out, at);
            rest = null;
            if (at < out[0]!.length || done + at >= rows) break;
            const [times, ...cols] = out;
            done += at;
            yield inTimeForm({ times: times!, values: values ? cols[0]! : null, scenarios: values ? cols.slice(1) : cols }, form);
            out = fresh();
            at = 0;
          }
        }
        if (at > 0) {
          const [times, ...cols] = out.map((c) => c.subarray(0, at));
          done += at;
          yield inTimeForm({ times: times!, values: values ? cols[0]! : null, scenarios: values ? cols.slice(1) : cols }, form);
        }
        if (done !== rows) throw new Error(`series read brought ${done} rows, ${rows} counted`);
        broken = false;
      } finally {
        await close(broken);
      }
    }
    return { ...span, values, scenarioNames, batches, close: () => close() };
  } catch (err) {
    await close(true);
    throw err;
  }
}
