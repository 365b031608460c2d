/**
 * The insert of series values: `INSERT INTO series_values SELECT * FROM` a table function that
 * hands DuckDB the rows of the columns in memory, chunk by chunk. DuckDB runs the insert on its
 * own threads (the JS thread only fills the chunks), and, where the store allows it, on several:
 * compressing and writing the row groups is most of an import's time.
 *
 * @module
 */
import { BIGINT, DOUBLE, DuckDBTableFunction, INTEGER, type DuckDBConnection, type DuckDBDataChunk } from '@duckdb/node-api';
import bindings from '@duckdb/node-bindings';
import { CHUNK_ROWS, putInt64 } from './duckdb-io';

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

/** What one scanning thread holds: the piece it is in, the next row, a chunk's columns as they are copied to DuckDB. */
interface ThreadState {
  piece: number;
  row: number;
  ids: Int32Array;
  /** The times as int64, two 32-bit words a row. */
  words: Int32Array;
  values: Float64Array;
  /** The values' validity, a bit a row (DuckDB's layout: 64-bit words, low bit first). */
  validity: Uint8Array;
}

const FUNCTION = 'series_rows_in_memory';
const sources = new WeakMap<DuckDBConnection, Source>();

function threadState(): ThreadState {
  return {
    piece: -1,
    row: 0,
    ids: new Int32Array(CHUNK_ROWS),
    words: new Int32Array(2 * CHUNK_ROWS),
    values: new Float64Array(CHUNK_ROWS),
    validity: new Uint8Array(CHUNK_ROWS / 8),
  };
}

/** Copies rows `from .. from + n - 1` of a piece to rows `at ..` of the thread's columns; true when a value is missing. */
function stage(local: ThreadState, p: SeriesRows, from: number, at: number, n: number): boolean {
  const { times, values, id } = p;
  local.ids.fill(id, at, at + n);
  // the imported function taken once: under a CommonJS transform each use reads it anew
  const put = putInt64;
  for (let i = 0; i < n; i++) put(local.words, at + i, times[from + i]!);
  if (values instanceof Float64Array) local.values.set(values.subarray(from, from + n), at);
  else for (let i = 0; i < n; i++) local.values[at + i] = values[from + i]!;
  let missing = false;
  for (let i = at; i < at + n; i++) {
    if (local.values[i] !== local.values[i]) {
      missing = true;
      local.validity[i >> 3] = local.validity[i >> 3]! & ~(1 << (i & 7));
    }
  }
  return missing;
}

/**
 * Fills one output chunk for a scanning thread: it keeps to the piece it took until that piece
 * ends, then takes the next free one, so that each piece's rows stay together and in order in
 * what that thread inserts. Small pieces share a chunk. The columns are put together in the
 * thread's own arrays and copied to DuckDB's vectors whole, one copy a column.
 */
function fillChunk(source: Source, next: { piece: number }, local: ThreadState, out: DuckDBDataChunk): void {
  let rows = 0;
  let missing = false;
  local.validity.fill(0xff);
  while (rows < CHUNK_ROWS) {
    const held = source.pieces[local.piece];
    if (held === undefined || local.row >= held.rows) {
      if (next.piece >= source.pieces.length) break;
      local.piece = next.piece++;
      local.row = 0;
      continue;
    }
    const n = Math.min(held.rows - local.row, CHUNK_ROWS - rows);
    if (stage(local, held, local.row, rows, n)) missing = true;
    local.row += n;
    rows += n;
  }
  out.rowCount = rows;
  if (rows === 0) return;
  const vector = (c: number) => bindings.data_chunk_get_vector(out.chunk, c);
  bindings.copy_data_to_vector(vector(0), 0, local.ids.buffer as ArrayBuffer, 0, 4 * rows);
  bindings.copy_data_to_vector(vector(1), 0, local.words.buffer as ArrayBuffer, 0, 8 * rows);
  const values = vector(2);
  bindings.copy_data_to_vector(values, 0, local.values.buffer as ArrayBuffer, 0, 8 * rows);
  if (missing) {
    bindings.vector_ensure_validity_writable(values);
    bindings.copy_data_to_vector_validity(values, 0, local.validity.buffer as ArrayBuffer, 0, Math.ceil(rows / 64) * 8);
  }
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
        info.setInitData(threadState());
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
