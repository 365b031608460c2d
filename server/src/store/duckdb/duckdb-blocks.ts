/**
 * Instance blocks of the embedded store (docs/arrow.md#instance-blocks): the columns of an
 * instance that has members (an ensemble: 51 members and a mean make 52 series) kept side by side
 * in one BLOB, so that loading it is one row read instead of a scan and a pivot of one row per
 * member and time. `series_values` stays the data of record; a block is a columnar copy of it.
 *
 * - Layout of `data`: float64, native byte order: `[rows, series, times[rows], column 1[rows],
 *   ..., column k[rows]]`, the columns in the order of the `ids` stored beside it (the value
 *   series first when there is one, then the members in member order), NaN where a series has
 *   no value at a time (the pivot of `readSeriesBlock`). A block whose header does not match its
 *   length (another byte order, say) is not used.
 * - An import deletes the blocks of the instances it writes, in its own transaction; a read of
 *   an instance that finds no block reads the rows as before, and the store then writes the block
 *   on its write connection, after the imports queued before it, from the rows as they are then.
 * - A read inside a transaction sees the blocks of its own snapshot, never one of other rows.
 * - Blocks larger than {@link BLOCK_MAX_BYTES} are not written (those instances are read from
 *   the rows).
 *
 * @module
 */
import { BLOB, INTEGER, LIST, VARCHAR, blobValue, listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { DuckDBBlobVector } from '@duckdb/node-api';
import { stepRange } from 'service/time';
import type { TimeRange } from '../store';

/** The largest block written: 64 MiB (8 M values, a 51-member hourly forecast of 18 years). */
const BLOCK_MAX_BYTES = 64 * 1024 * 1024;

/** The columns of a block: ascending times and one column per series id. */
export interface BlockColumns {
  times: Float64Array;
  columns: Float64Array[];
}

/**
 * Encodes columns into a block's bytes (see the module's layout).
 *
 * @param block - Times and one column per series, all of the times' length.
 * @returns The bytes.
 * @example
 * encodeBlock({ times: Float64Array.of(0, 1), columns: [Float64Array.of(5, 6)] }).byteLength //=> 48
 */
export function encodeBlock(block: BlockColumns): Uint8Array {
  const rows = block.times.length;
  const out = new Float64Array(2 + rows * (1 + block.columns.length));
  out[0] = rows;
  out[1] = block.columns.length;
  out.set(block.times, 2);
  block.columns.forEach((column, k) => {
    if (column.length !== rows) throw new RangeError(`block column ${k} has ${column.length} rows, not ${rows}`);
    out.set(column, 2 + rows * (1 + k));
  });
  return new Uint8Array(out.buffer);
}

/**
 * Decodes a block's bytes (views of them; an unaligned input is copied first), or null when the
 * header does not describe the bytes (then the block is not used).
 *
 * @param bytes - The stored bytes.
 * @param series - The number of series the caller expects.
 * @returns The columns, or null.
 * @example
 * decodeBlock(encodeBlock({ times: Float64Array.of(0), columns: [Float64Array.of(5)] }), 1)?.columns[0] //=> Float64Array [5]
 */
export function decodeBlock(bytes: Uint8Array, series: number): BlockColumns | null {
  if (bytes.byteLength < 16 || bytes.byteLength % 8 !== 0) return null;
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const all = new Float64Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 8);
  const rows = all[0]!;
  if (all[1] !== series || !Number.isInteger(rows) || rows < 0 || all.length !== 2 + rows * (1 + series)) return null;
  const at = (k: number) => all.subarray(2 + rows * k, 2 + rows * (k + 1));
  return { times: at(0), columns: Array.from({ length: series }, (_, k) => at(k + 1)) };
}

/**
 * The rows of a block in a range `[begin, end)` (views).
 *
 * @param block - The block.
 * @param range - The range (either end open).
 * @returns Its times and columns in the range.
 * @example
 * sliceBlock({ times: Float64Array.of(0, 1, 2), columns: [Float64Array.of(5, 6, 7)] }, { begin: 1, end: 2 }).columns[0] //=> Float64Array [6]
 */
export function sliceBlock(block: BlockColumns, range: TimeRange): BlockColumns {
  const { times } = block;
  const [lo, hi] = stepRange(times, range.begin ?? Number.NEGATIVE_INFINITY, range.end ?? Number.POSITIVE_INFINITY);
  if (lo === 0 && hi === times.length) return block;
  return { times: times.subarray(lo, hi), columns: block.columns.map((c) => c.subarray(lo, hi)) };
}

/** The `ids` text of a block: the series ids of its columns, in order. */
const blockIds = (ids: readonly number[]): string => ids.join(',');

/**
 * Reads the block of a curve/instance whose columns are the series `ids`, or null (none, written
 * for other series, or not readable).
 *
 * @param conn - A connection.
 * @param curveId - The curve's id.
 * @param instanceId - The instance's id.
 * @param ids - The series ids expected, in column order.
 * @returns Its columns (views of one fresh copy of the bytes), or null.
 * @example
 * (await readBlock(conn, 3, 12, [40, 41, 42]))?.columns.length //=> 3
 */
export async function readBlock(
  conn: DuckDBConnection,
  curveId: number,
  instanceId: number,
  ids: readonly number[],
): Promise<BlockColumns | null> {
  const result = await conn.run(
    `SELECT ids, data FROM instance_blocks WHERE curve_id = ${Math.trunc(curveId)} AND instance_id = ${Math.trunc(instanceId)}`,
  );
  if (result.chunkCount === 0) return null;
  const chunk = result.getChunk(0);
  if (chunk.rowCount !== 1 || chunk.getColumnVector(0).getItem(0) !== blockIds(ids)) return null;
  // a fresh copy of the bytes from DuckDB's memory (getItemBytes avoids a second, Buffer copy)
  const bytes = (chunk.getColumnVector(1) as DuckDBBlobVector).getItemBytes(0);
  return bytes === null ? null : decodeBlock(bytes, ids.length);
}

/**
 * Deletes the blocks of curve/instance pairs (in the transaction that changes their rows).
 *
 * @param conn - The connection (in a transaction).
 * @param pairs - `[curveId, instanceId]` of each instance whose rows change.
 * @returns Nothing.
 * @example
 * await clearBlocks(conn, [[3, 12]]);
 */
export async function clearBlocks(conn: DuckDBConnection, pairs: readonly (readonly [number, number])[]): Promise<void> {
  const own = pairs.filter(([, instanceId]) => instanceId !== 0);
  if (own.length === 0) return;
  await conn.run(
    `DELETE FROM instance_blocks USING (SELECT unnest($1) AS c, unnest($2) AS i) AS r
    WHERE instance_blocks.curve_id = r.c AND instance_blocks.instance_id = r.i`,
    [listValue(own.map(([c]) => c)), listValue(own.map(([, i]) => i))],
    [LIST(INTEGER), LIST(INTEGER)],
  );
}

/**
 * Writes the block of a curve/instance in one transaction (on the store's write connection,
 * between imports), replacing any. Nothing is written past {@link BLOCK_MAX_BYTES}.
 *
 * @param conn - The write connection (no transaction open).
 * @param curveId - The curve's id.
 * @param instanceId - The instance's id.
 * @param ids - The series ids of the columns, in order.
 * @param block - The columns, read from the rows on this connection.
 * @returns Whether a block was written.
 * @example
 * await writeBlock(conn, 3, 12, [40, 41], { times, columns: [mean, e00] }) //=> true
 */
export async function writeBlock(
  conn: DuckDBConnection,
  curveId: number,
  instanceId: number,
  ids: readonly number[],
  block: BlockColumns,
): Promise<boolean> {
  if (8 * (2 + block.times.length * (1 + ids.length)) > BLOCK_MAX_BYTES) return false;
  const params: DuckDBValue[] = [curveId, instanceId, blockIds(ids), blobValue(encodeBlock(block))];
  await conn.run('BEGIN TRANSACTION');
  try {
    await conn.run(`DELETE FROM instance_blocks WHERE curve_id = $1 AND instance_id = $2`, [curveId, instanceId], [INTEGER, INTEGER]);
    await conn.run('INSERT INTO instance_blocks VALUES ($1, $2, $3, $4)', params, [INTEGER, INTEGER, VARCHAR, BLOB]);
    await conn.run('COMMIT');
  } catch (err) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw err;
  }
  return true;
}
