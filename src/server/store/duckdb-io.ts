/**
 * Low-level DuckDB helpers of the embedded store: the schema, column reads into typed arrays and
 * bulk appends through data chunks (the fastest insert path of `@duckdb/node-api`).
 *
 * @module
 */
import {
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  SMALLINT,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
  type DuckDBVector,
} from '@duckdb/node-api';

/** Version of the schema below, kept in `store_meta`. */
export const SCHEMA_VERSION = '1';

/**
 * The tables of the embedded store. Instants are epoch ms in DOUBLE columns (exact below 2^53, and
 * read straight into `Float64Array`s); missing values are NULL. `instance_id` 0 means "no
 * instance"; `series.member` -1 is the plain value (or ensemble mean), 0.. the scenarios.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS store_meta (key VARCHAR, value VARCHAR);
CREATE TABLE IF NOT EXISTS curves (id INTEGER, name VARCHAR, curve_type VARCHAR, area VARCHAR,
  area_sink VARCHAR, place_key VARCHAR, categories VARCHAR[], frequency VARCHAR, timezone VARCHAR,
  unit VARCHAR, denominator VARCHAR, data_type VARCHAR, source VARCHAR, commodity VARCHAR,
  instance_issued_timezone VARCHAR, package VARCHAR);
CREATE TABLE IF NOT EXISTS places (key VARCHAR, kind VARCHAR, name VARCHAR, unit VARCHAR,
  fuels VARCHAR[], latitude DOUBLE, longitude DOUBLE, areas VARCHAR[], parent_key VARCHAR);
CREATE TABLE IF NOT EXISTS users (id VARCHAR, name VARCHAR, email VARCHAR, organization VARCHAR,
  blocked BOOLEAN, grants VARCHAR[]);
CREATE TABLE IF NOT EXISTS api_keys (hash VARCHAR, user_id VARCHAR, label VARCHAR, created DOUBLE,
  blocked BOOLEAN);
CREATE TABLE IF NOT EXISTS instances (id INTEGER, curve_id INTEGER, issued DOUBLE, tag VARCHAR,
  created DOUBLE, modified DOUBLE, scenario_names VARCHAR[]);
CREATE TABLE IF NOT EXISTS series (id INTEGER, curve_id INTEGER, instance_id INTEGER,
  member SMALLINT, name VARCHAR);
CREATE TABLE IF NOT EXISTS series_values (series_id INTEGER, ts DOUBLE, value DOUBLE);
CREATE TABLE IF NOT EXISTS periods (curve_id INTEGER, instance_id INTEGER, begin_ts DOUBLE,
  end_ts DOUBLE, value DOUBLE, capacity DOUBLE);
CREATE TABLE IF NOT EXISTS ohlc (curve_id INTEGER, traded DOUBLE, period VARCHAR, delivery DOUBLE,
  open DOUBLE, high DOUBLE, low DOUBLE, close DOUBLE, settlement DOUBLE, volume DOUBLE,
  open_interest DOUBLE);
CREATE TABLE IF NOT EXISTS events (ms DOUBLE, seq INTEGER, type VARCHAR, curve VARCHAR,
  begin_ts DOUBLE, end_ts DOUBLE, issued DOUBLE, tag VARCHAR, created DOUBLE);
`;

/** Kind of a column read by {@link readColumns}: numbers (NULL as NaN) or text. */
export type ColumnKind = 'number' | 'text';

/** Columns read by {@link readColumns}: a `Float64Array` per number column, `string[]` per text column. */
export type ReadColumns = (Float64Array | string[])[];

function grow(array: Float64Array, size: number): Float64Array {
  if (size <= array.length) return array;
  const next = new Float64Array(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/**
 * Runs a query and reads its columns into typed arrays, chunk by chunk.
 *
 * @param conn - The connection.
 * @param sql - The query (`$1`, `$2`, ... for parameters).
 * @param kinds - The kind of each result column, in order.
 * @param params - The parameter values.
 * @returns One array per column, all of the row count's length.
 * @example
 * const [ts, v] = await readColumns(conn, 'SELECT ts, value FROM series_values', ['number', 'number']);
 */
export async function readColumns(conn: DuckDBConnection, sql: string, kinds: readonly ColumnKind[], params: DuckDBValue[] = []): Promise<ReadColumns> {
  const result = await conn.run(sql, params);
  let numbers: Float64Array[] = kinds.map(() => new Float64Array(1024));
  const texts: string[][] = kinds.map(() => []);
  let rows = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const n = chunk.rowCount;
    for (let c = 0; c < kinds.length; c++) {
      const vector = chunk.getColumnVector(c) as DuckDBVector<DuckDBValue>;
      if (kinds[c] === 'text') {
        const out = texts[c];
        for (let i = 0; i < n; i++) out.push(String(vector.getItem(i) ?? ''));
        continue;
      }
      const out = (numbers[c] = grow(numbers[c], rows + n));
      for (let i = 0; i < n; i++) {
        const v = vector.getItem(i);
        out[rows + i] = v === null ? NaN : Number(v);
      }
    }
    rows += n;
  }
  numbers = numbers.map((a) => a.slice(0, rows));
  return kinds.map((kind, c) => (kind === 'text' ? texts[c] : numbers[c]));
}

/**
 * Runs a query and returns its rows as plain JS objects (lists as arrays, NULL as null). For
 * small results (metadata).
 *
 * @param conn - The connection.
 * @param sql - The query.
 * @param params - The parameter values.
 * @returns The rows.
 * @example
 * await readRows(conn, 'SELECT 1 AS one') //=> [{ one: 1 }]
 */
export async function readRows(conn: DuckDBConnection, sql: string, params: DuckDBValue[] = []): Promise<Record<string, unknown>[]> {
  const reader = await conn.runAndReadAll(sql, params);
  return reader.getRowObjectsJS() as Record<string, unknown>[];
}

/** Column kinds of a chunk append: 32-bit integer, 16-bit integer, or double (NaN appended as NULL). */
export type AppendKind = 'int' | 'small' | 'double';

const CHUNK_TYPES: Record<AppendKind, DuckDBType> = { int: INTEGER, small: SMALLINT, double: DOUBLE };
const CHUNK_ROWS = 2048;

/** A column to append: a constant for every row, or an array (one value per row). */
export type AppendColumn = number | ArrayLike<number>;

/**
 * Appends rows through data chunks of 2048 rows: numeric columns only, each either a constant or
 * a column of values; NaN is appended as NULL.
 *
 * @param appender - An appender on the target table (columns in table order).
 * @param kinds - The type of each column.
 * @param columns - The columns (constants or arrays of at least `rows` values).
 * @param rows - Number of rows to append.
 * @returns Nothing.
 * @example
 * appendChunks(appender, ['int', 'double', 'double'], [seriesId, times, values], times.length);
 */
export function appendChunks(appender: DuckDBAppender, kinds: readonly AppendKind[], columns: readonly AppendColumn[], rows: number): void {
  const chunk = DuckDBDataChunk.create(kinds.map((k) => CHUNK_TYPES[k]), CHUNK_ROWS);
  for (let offset = 0; offset < rows; offset += CHUNK_ROWS) {
    const n = Math.min(CHUNK_ROWS, rows - offset);
    chunk.reset();
    chunk.rowCount = n;
    for (let c = 0; c < kinds.length; c++) {
      const vector = chunk.getColumnVector(c) as DuckDBVector<number>;
      const column = columns[c];
      if (typeof column === 'number') {
        const value = Number.isNaN(column) ? null : column;
        for (let i = 0; i < n; i++) vector.setItem(i, value);
      } else {
        for (let i = 0; i < n; i++) {
          const v = column[offset + i];
          vector.setItem(i, Number.isNaN(v) ? null : v);
        }
      }
      vector.flush();
    }
    appender.appendDataChunk(chunk);
  }
}

/**
 * SQL text of a list of integers (ids we allocated ourselves), for `IN (...)`.
 *
 * @param ids - Safe integers.
 * @returns The comma-separated list, or `NULL` for an empty list (matches nothing).
 * @example
 * sqlIntList([3, 4]) //=> '3,4'
 */
export function sqlIntList(ids: Iterable<number>): string {
  const parts: string[] = [];
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new RangeError(`Not an integer id: ${id}`);
    parts.push(String(id));
  }
  return parts.length ? parts.join(',') : 'NULL';
}

/**
 * SQL text of a double (an instant we validated as finite), for inlined constants.
 *
 * @param value - A finite number.
 * @returns Its SQL literal.
 * @example
 * sqlNumber(1.5) //=> '1.5::DOUBLE'
 */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return `${value}::DOUBLE`;
}
