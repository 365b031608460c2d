/**
 * Reading a series of the embedded store in batches of rows (docs/arrow.md#streamed), for answers
 * sent while they are read: one transaction sees one snapshot, so the row count told before the
 * first batch is the count the batches bring. Rows come in time order, the members of a scenario
 * series pivoted by the engine into one column each (null where a member has no row at a time,
 * as the whole read of `readSeriesBlock` does).
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { copyNumbers, readColumns, readRows, sqlNumber } from './duckdb-io';
import type { ReadTarget } from './duckdb-read';
import type { SeriesBatch, SeriesCursor, TimeRange } from './store';

function rangeSql(range: TimeRange): string {
  let out = '';
  if (range.begin !== undefined) out += ` AND ts >= ${sqlNumber(range.begin)}`;
  if (range.end !== undefined) out += ` AND ts < ${sqlNumber(range.end)}`;
  return out;
}

/**
 * Opens a batched read of a curve/instance in a range. The connection must stay with the cursor
 * until `close` (which ends the transaction).
 *
 * @param conn - A connection for the cursor alone.
 * @param target - The curve and instance.
 * @param range - `[begin, end)`.
 * @param release - Called once when the cursor is closed (gives the connection back).
 * @returns The cursor: row count, first and last time, columns, and the batches.
 * @example
 * const cursor = await openSeriesCursor(conn, target, { begin, end }, release);
 * for await (const batch of cursor.batches(65536)) send(batch);
 */
export async function openSeriesCursor(
  conn: DuckDBConnection,
  target: ReadTarget,
  range: TimeRange,
  release: () => void,
): Promise<SeriesCursor> {
  let open = true;
  const close = async (): Promise<void> => {
    if (!open) return;
    open = false;
    try {
      await conn.run('ROLLBACK');
    } finally {
      release();
    }
  };
  try {
    await conn.run('BEGIN TRANSACTION');
    const members = await readRows(
      conn,
      `SELECT id, member, name FROM series WHERE curve_id = ${target.curveId} AND instance_id = ${target.instanceId} ORDER BY member`,
    );
    const ids = members.map((m) => Number(m.id));
    const values = members.some((m) => Number(m.member) < 0);
    const scenarioNames = members.filter((m) => Number(m.member) >= 0).map((m) => String(m.name));
    const where = `series_id IN (${ids.length ? ids.join(',') : 'NULL'})${rangeSql(range)}`;
    const [count, first, last] = (await readColumns(conn, `SELECT count(DISTINCT ts), min(ts), max(ts) FROM series_values WHERE ${where}`, [
      'number',
      'number',
      'number',
    ])) as [Float64Array, Float64Array, Float64Array];
    const rows = count[0] ?? 0;
    const sql =
      ids.length === 1
        ? `SELECT ts, value FROM series_values WHERE ${where} ORDER BY ts`
        : `SELECT ts, ${ids.map((id) => `max(value) FILTER (WHERE series_id = ${id})`).join(', ')}
          FROM series_values WHERE ${where} GROUP BY ts ORDER BY ts`;
    async function* batches(size: number): AsyncGenerator<SeriesBatch> {
      try {
        if (rows === 0 || ids.length === 0) return;
        const result = await conn.stream(sql);
        const types = ids.map((_, c) => result.columnTypeId(c + 1));
        const timeType = result.columnTypeId(0);
        let columns = ids.map(() => new Float64Array(size));
        let times = new Float64Array(size);
        let filled = 0;
        const cut = (n: number): SeriesBatch => {
          const out = columns.map((c) => c.subarray(0, n));
          return {
            times: times.subarray(0, n),
            values: values ? out[0]! : null,
            scenarios: values ? out.slice(1) : out,
          };
        };
        for (;;) {
          const chunk = await result.fetchChunk();
          if (chunk === null || chunk.rowCount === 0) break;
          let done = 0;
          while (done < chunk.rowCount) {
            const n = Math.min(size - filled, chunk.rowCount - done);
            let copied = copyNumbers(chunk, 0, timeType, times, filled, done, n);
            for (let c = 0; c < ids.length; c++) copied = copyNumbers(chunk, c + 1, types[c]!, columns[c]!, filled, done, n) && copied;
            if (!copied) throw new Error('series read: a column is not DOUBLE');
            filled += n;
            done += n;
            if (filled === size) {
              yield cut(size);
              columns = ids.map(() => new Float64Array(size));
              times = new Float64Array(size);
              filled = 0;
            }
          }
        }
        if (filled > 0) yield cut(filled);
      } finally {
        await close();
      }
    }
    return {
      rows,
      first: rows === 0 ? Number.NaN : first[0]!,
      last: rows === 0 ? Number.NaN : last[0]!,
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
