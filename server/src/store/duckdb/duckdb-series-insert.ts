/**
 * The insert of series values: `INSERT INTO series_values SELECT * FROM` a table function that
 * hands DuckDB the rows of the columns in memory, chunk by chunk. DuckDB runs the insert on its
 * own threads (the JS thread only fills the chunks), and, where the store allows it, on several:
 * compressing and writing the row groups is most of an import's time.
 *
 * @module
 */
import { BIGINT, DOUBLE, DuckDBTableFunction, INTEGER, type DuckDBConnection, type DuckDBDataChunk } from '@duckdb/node-api';
import { CHUNK_ROWS, ChunkFill } from './duckdb-io';

/** The rows of one series: `rows` times and values (NaN stored as NULL). */
export interface SeriesRows {
  /** The series id. */
  id: number;
  /** Whole epoch ms, at least `rows` of them. */
  times: ArrayLike<number>;
  /** The values, at least `rows` of them. */
  values: ArrayLike<number>;
  /** Number of rows. */
  rows: number;
}

/** The rows the connection's next insert takes, and the first error met while handing them over. */
interface Source {
  pieces: readonly SeriesRows[];
  failure: unknown;
}

/** What one scanning thread holds: the piece it is in, the next row, its chunk filler. */
interface ThreadState {
  piece: number;
  row: number;
  fill: ChunkFill;
}

const FUNCTION = 'series_rows_in_memory';
const sources = new WeakMap<DuckDBConnection, Source>();

/**
 * Fills one output chunk for a scanning thread: it keeps to the piece it took until that piece
 * ends, then takes the next free one, so that each piece's rows stay together and in order in
 * what that thread inserts. Small pieces share a chunk.
 */
function fillChunk(source: Source, next: { piece: number }, local: ThreadState, out: DuckDBDataChunk): void {
  const runs: number[] = [];
  let rows = 0;
  while (rows < CHUNK_ROWS) {
    const held = source.pieces[local.piece];
    if (held === undefined || local.row >= held.rows) {
      if (next.piece >= source.pieces.length) break;
      local.piece = next.piece++;
      local.row = 0;
      continue;
    }
    const n = Math.min(held.rows - local.row, CHUNK_ROWS - rows);
    runs.push(local.piece, local.row, n);
    local.row += n;
    rows += n;
  }
  out.rowCount = rows;
  if (rows === 0) return;
  local.fill.open(out);
  let at = 0;
  for (let k = 0; k < runs.length; k += 3) {
    const p = source.pieces[runs[k]!]!;
    const n = runs[k + 2]!;
    local.fill.put([p.id, p.times, p.values], runs[k + 1]!, at, n);
    at += n;
  }
  local.fill.flush();
  local.fill.release();
}

/**
 * Registers the table function that {@link insertSeriesRows} inserts from, on a connection that
 * has no transaction open (a registration inside one would leave with its rollback).
 *
 * @param conn - The connection.
 * @returns Nothing.
 * @example
 * registerSeriesInsert(conn);
 */
export function registerSeriesInsert(conn: DuckDBConnection): void {
  if (sources.has(conn)) return;
  const source: Source = { pieces: [], failure: null };
  conn.registerTableFunction(
    DuckDBTableFunction.create({
      name: FUNCTION,
      bindFunction: (info) => {
        info.addResultColumn('series_id', INTEGER);
        info.addResultColumn('ts', BIGINT);
        info.addResultColumn('value', DOUBLE);
        info.setCardinality(
          source.pieces.reduce((sum, p) => sum + p.rows, 0),
          true,
        );
      },
      initFunction: (info) => {
        info.setInitData({ piece: 0 });
        info.setMaxThreads(Math.max(1, source.pieces.length));
      },
      localInitFunction: (info) => {
        info.setInitData({ piece: -1, row: 0, fill: new ChunkFill(['int', 'big', 'double']) } satisfies ThreadState);
      },
      mainFunction: (info, out) => {
        try {
          fillChunk(source, info.initData as { piece: number }, info.localInitData as ThreadState, out);
        } catch (err) {
          source.failure ??= err;
          info.setError(err instanceof Error ? err.message : String(err));
        }
      },
    }),
  );
  sources.set(conn, source);
}

/**
 * Inserts the rows of series into `series_values`, in the connection's transaction. With
 * `parallel`, DuckDB inserts on all its threads (its `preserve_insertion_order` is off for the
 * statement; a setting of the whole database, so only for a store nothing else reads meanwhile):
 * each series' rows stay together and in time order, the series follow each other in any order.
 * Without, the rows are stored in the order given.
 *
 * @param conn - The connection (in a transaction), with {@link registerSeriesInsert} done.
 * @param pieces - The rows; each series id at most once.
 * @param parallel - Whether the insert may run on several threads.
 * @returns Nothing.
 * @throws the error met while handing the rows over (e.g. a time that is not a whole number), or DuckDB's.
 * @example
 * registerSeriesInsert(conn);
 * await insertSeriesRows(conn, [{ id: 7, times, values, rows: times.length }], false);
 */
export async function insertSeriesRows(conn: DuckDBConnection, pieces: readonly SeriesRows[], parallel: boolean): Promise<void> {
  if (pieces.every((p) => p.rows === 0)) return;
  const source = sources.get(conn);
  if (source === undefined) throw new Error('insertSeriesRows: registerSeriesInsert was not called on this connection');
  source.pieces = pieces;
  source.failure = null;
  try {
    if (parallel) await conn.run('SET preserve_insertion_order = false');
    try {
      await conn.run(`INSERT INTO series_values SELECT * FROM ${FUNCTION}()`);
    } finally {
      if (parallel) await conn.run('RESET preserve_insertion_order');
    }
  } catch (err) {
    throw source.failure ?? err;
  } finally {
    source.pieces = [];
    source.failure = null;
  }
}
