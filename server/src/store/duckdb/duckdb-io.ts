/**
 * Low-level DuckDB helpers of the embedded store: the schema, column reads into typed arrays and
 * bulk appends through data chunks (the fastest insert path of `@duckdb/node-api`).
 *
 * @module
 */
import {
  BIGINT,
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  SMALLINT,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
  type DuckDBVector,
  DuckDBTypeId,
} from '@duckdb/node-api';
import bindings from '@duckdb/node-bindings';

/**
 * Version of the schema below, kept in `store_meta`. Version 1 kept `series_values.ts` as DOUBLE;
 * opening such a store converts the column (`migrateTimes` in duckdb-state.ts).
 */
export const SCHEMA_VERSION = '2';

/**
 * The tables of the embedded store. Instants are epoch ms in DOUBLE columns (exact below 2^53, and
 * read straight into `Float64Array`s), except the times of `series_values`, whole epoch ms in a
 * BIGINT column: DuckDB bit-packs them (the full demo's file is half the size) and tests a range
 * on them faster than on ALP-compressed doubles (docs/performance.md#times). Missing values are
 * NULL. `instance_id` 0 means "no instance"; `series.member` -1 is the plain value (or ensemble
 * mean), 0.. the scenarios.
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
CREATE TABLE IF NOT EXISTS key_uses (hash VARCHAR PRIMARY KEY, last_used DOUBLE);
CREATE TABLE IF NOT EXISTS instances (id INTEGER, curve_id INTEGER, issued DOUBLE, tag VARCHAR,
  created DOUBLE, modified DOUBLE, scenario_names VARCHAR[]);
CREATE TABLE IF NOT EXISTS series (id INTEGER, curve_id INTEGER, instance_id INTEGER,
  member SMALLINT, name VARCHAR);
CREATE TABLE IF NOT EXISTS series_values (series_id INTEGER, ts BIGINT, value DOUBLE);
CREATE TABLE IF NOT EXISTS series_spans (series_id INTEGER, rows DOUBLE, first_ts DOUBLE, last_ts DOUBLE,
  step DOUBLE, on_grid BOOLEAN);
CREATE TABLE IF NOT EXISTS instance_blocks (curve_id INTEGER, instance_id INTEGER, ids VARCHAR, data BLOB);
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
export async function readColumns(
  conn: DuckDBConnection,
  sql: string,
  kinds: readonly ColumnKind[],
  params: DuckDBValue[] = [],
): Promise<ReadColumns> {
  // Without parameters the query is one call into DuckDB; with them, three (extract, prepare, run).
  const result = await conn.run(sql, params.length ? params : undefined);
  const typeIds = kinds.map((_, c) => result.columnTypeId(c));
  // The result is materialized, so its row count is known: each column is allocated once.
  const total = result.rowCount;
  const numbers = kinds.map((kind) => (kind === 'number' ? new Float64Array(total) : new Float64Array(0)));
  const texts: string[][] = kinds.map(() => []);
  let rows = 0;
  for (let k = 0; k < result.chunkCount; k++) {
    const chunk = result.getChunk(k);
    const n = chunk.rowCount;
    if (n === 0) continue;
    for (let c = 0; c < kinds.length; c++) {
      if (kinds[c] === 'text') {
        const vector = chunk.getColumnVector(c) as DuckDBVector<DuckDBValue>;
        const out = texts[c]!;
        for (let i = 0; i < n; i++) out.push(String(vector.getItem(i) ?? ''));
        continue;
      }
      const out = numbers[c]!;
      if (!copyNumbers(chunk, c, typeIds[c]!, out, rows)) {
        const vector = chunk.getColumnVector(c) as DuckDBVector<DuckDBValue>;
        for (let i = 0; i < n; i++) {
          const v = vector.getItem(i);
          out[rows + i] = v === null ? Number.NaN : Number(v);
        }
      }
    }
    rows += n;
  }
  return kinds.map((kind, c) => (kind === 'text' ? texts[c]! : numbers[c]!.subarray(0, rows)));
}

/**
 * Copies a DOUBLE, INTEGER or BIGINT column of a chunk into `out` at `at` straight from DuckDB's
 * vector memory (one typed-array copy per chunk instead of a call per value; BIGINT through its
 * two 32-bit halves, exact for the whole epoch ms it holds, below 2^53), NULL as NaN. This goes
 * through `@duckdb/node-bindings`, the C API that `@duckdb/node-api` itself is built on.
 *
 * @param chunk - The chunk.
 * @param c - The column.
 * @param typeId - The column's type.
 * @param out - Where to copy.
 * @param at - First position written in `out`.
 * @param from - First row of the chunk copied (default 0).
 * @param count - Rows copied (default: the rest of the chunk).
 * @returns False for other column types (the caller reads those value by value).
 * @example
 * copyNumbers(chunk, 0, DuckDBTypeId.DOUBLE, out, 0) //=> true
 */
export function copyNumbers(
  chunk: DuckDBDataChunk,
  c: number,
  typeId: DuckDBTypeId,
  out: Float64Array,
  at: number,
  from = 0,
  count = chunk.rowCount - from,
): boolean {
  const n = chunk.rowCount;
  const raw = bindings.data_chunk_get_vector(chunk.chunk, c);
  if (typeId === DuckDBTypeId.BIGINT) {
    // little-endian words: low (unsigned) then high (signed)
    const words = typedView(bindings.vector_get_data(raw, n * 8), Int32Array, 2 * n);
    for (let i = 0; i < count; i++) out[at + i] = words[2 * (from + i) + 1]! * TWO_32 + (words[2 * (from + i)]! >>> 0);
  } else if (typeId === DuckDBTypeId.DOUBLE || typeId === DuckDBTypeId.INTEGER) {
    const source =
      typeId === DuckDBTypeId.DOUBLE
        ? typedView(bindings.vector_get_data(raw, n * 8), Float64Array, n)
        : typedView(bindings.vector_get_data(raw, n * 4), Int32Array, n);
    out.set(from === 0 && count === n ? source : source.subarray(from, from + count), at);
  } else return false;
  const validity = bindings.vector_get_validity(raw, Math.ceil(n / 64) * 8) as Uint8Array | null;
  if (validity) {
    for (let i = from; i < from + count; i++) if ((validity[i >> 3]! & (1 << (i & 7))) === 0) out[at + i - from] = Number.NaN;
  }
  return true;
}

const TWO_32 = 2 ** 32;

/**
 * Copies a BIGINT column of a chunk into `out` at `at` as it is, 8 bytes a row: `out`'s rows then
 * hold the int64 values (Arrow's `Timestamp(ms)` form of the times, `'int64'` in `TimeForm` of
 * store.ts), not float64 numbers. One byte copy per chunk; no conversion per value.
 *
 * @param chunk - The chunk.
 * @param c - The column (BIGINT, no NULL).
 * @param out - Where to copy.
 * @param at - First row written in `out`.
 * @param from - First row of the chunk copied (default 0).
 * @param count - Rows copied (default: the rest of the chunk).
 * @throws Error for a NULL in the copied rows (a time is never NULL).
 * @example
 * copyInt64(chunk, 0, out, 0); new BigInt64Array(out.buffer)[0] //=> 1420066800000n
 */
export function copyInt64(chunk: DuckDBDataChunk, c: number, out: Float64Array, at: number, from = 0, count = chunk.rowCount - from): void {
  const n = chunk.rowCount;
  const raw = bindings.data_chunk_get_vector(chunk.chunk, c);
  const bytes = bindings.vector_get_data(raw, n * 8);
  new Uint8Array(out.buffer, out.byteOffset + 8 * at, 8 * count).set(bytes.subarray(8 * from, 8 * (from + count)));
  const validity = bindings.vector_get_validity(raw, Math.ceil(n / 64) * 8) as Uint8Array | null;
  if (validity) {
    for (let i = from; i < from + count; i++)
      if ((validity[i >> 3]! & (1 << (i & 7))) === 0) throw new Error(`series read: a NULL time at row ${i}`);
  }
}

/** The number when it is a whole number of magnitude at most 2^53 (what a BIGINT column of ours holds). */
function wholeNumber(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > 2 ** 53)
    throw new RangeError(`Not a whole number below 2^53: ${String(v)}`);
  return v;
}

/**
 * Writes a whole number (at most 2^53 in magnitude) into row `at` of an int64 column seen as its
 * 32-bit words (little-endian: low, then high).
 *
 * @param words - The column's words (two per row).
 * @param at - The row.
 * @param v - The number.
 * @returns Nothing.
 * @throws RangeError for a number that is not whole or too large.
 * @example
 * putInt64(words, 0, 2 ** 32 + 5); [words[0], words[1]] //=> [5, 1]
 */
export function putInt64(words: Int32Array, at: number, v: number): void {
  const whole = wholeNumber(v);
  const high = Math.floor(whole / TWO_32);
  words[2 * at] = whole - high * TWO_32;
  words[2 * at + 1] = high;
}

function typedView<T extends Float64Array | Int32Array>(
  bytes: Uint8Array,
  Type: { new (buffer: ArrayBufferLike, offset: number, length: number): T; new (length: number): T; BYTES_PER_ELEMENT: number },
  n: number,
): T {
  if (bytes.byteOffset % Type.BYTES_PER_ELEMENT === 0) return new Type(bytes.buffer, bytes.byteOffset, n);
  const copy = new Type(n);
  new Uint8Array(copy.buffer).set(bytes.subarray(0, n * Type.BYTES_PER_ELEMENT));
  return copy;
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
  const reader = await conn.runAndReadAll(sql, params.length ? params : undefined);
  return reader.getRowObjectsJS() as Record<string, unknown>[];
}

/**
 * Column kinds of a chunk append: 32-bit integer, 16-bit integer, 64-bit integer (whole numbers
 * below 2^53, as epoch ms), double (NaN appended as NULL) or text.
 */
export type AppendKind = 'int' | 'small' | 'big' | 'double' | 'text';

const CHUNK_TYPES: Record<AppendKind, DuckDBType> = { int: INTEGER, small: SMALLINT, big: BIGINT, double: DOUBLE, text: VARCHAR };
/** Rows of a data chunk (DuckDB's vector size). */
export const CHUNK_ROWS = 2048;

/**
 * A column to append: a constant for every row (number, text or `null`), or an array with one
 * value per row (numbers, or texts and nulls for a text column).
 */
export type AppendColumn = number | string | null | ArrayLike<number> | readonly (string | null)[];

type Cell = number | bigint | string | null;
type Items = Float64Array | Int32Array | Int16Array | BigInt64Array;

const ITEM_ARRAYS: Record<AppendKind, (new (n: number) => Items) | null> = {
  int: Int32Array,
  small: Int16Array,
  big: BigInt64Array,
  double: Float64Array,
  text: null,
};
const INT_LIMIT: Record<AppendKind, number> = { int: 2 ** 31, small: 2 ** 15, big: 2 ** 53, double: Infinity, text: 0 };

/**
 * The JS-side buffer of a numeric vector (the `items` that its `flush` copies to DuckDB), when
 * the library has one of the expected type and size; `null` otherwise. Filling it with
 * `TypedArray.set`/`fill` is several times faster than one `setItem` call per cell; when the
 * library's vectors look different, cells are set one by one instead.
 */
function itemsOf(vector: DuckDBVector<Cell>, kind: AppendKind, rows: number): Items | null {
  const type = ITEM_ARRAYS[kind];
  const items = (vector as unknown as { items?: unknown }).items;
  return type !== null && items instanceof type && items.length === rows ? items : null;
}

function hasNaN(values: ArrayLike<number>, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (values[i] !== values[i]) return true;
  return false;
}

/**
 * Fills the vectors of one data chunk from columns of values: typed-array copies where the
 * library's vectors allow them, cell by cell otherwise. Numeric NaN is set as NULL.
 *
 * @example
 * const fill = new ChunkFill(['int', 'big', 'double']);
 * chunk.rowCount = n;
 * fill.open(chunk);
 * fill.put([seriesId, times, values], 0, 0, n);
 * fill.flush();
 */
class ChunkFill {
  private vectors: DuckDBVector<Cell>[] = [];
  private items: (Items | null)[] = [];
  /** True when a NULL was set since {@link ChunkFill.open} (the chunk then needs a reset before reuse). */
  nulls = false;

  /** @param kinds - The type of each column. */
  constructor(private readonly kinds: readonly AppendKind[]) {}

  /** True between {@link ChunkFill.open} and {@link ChunkFill.release}. */
  get isOpen(): boolean {
    return this.vectors.length > 0;
  }

  /**
   * Takes the vectors of a chunk whose row count is set.
   *
   * @param chunk - The chunk (columns of the kinds given).
   * @returns Nothing.
   * @example
   * fill.open(chunk);
   */
  open(chunk: DuckDBDataChunk): void {
    const rows = chunk.rowCount;
    this.vectors = this.kinds.map((_, c) => chunk.getColumnVector(c) as DuckDBVector<Cell>);
    this.items = this.vectors.map((v, c) => itemsOf(v, this.kinds[c]!, rows));
    this.nulls = false;
  }

  /**
   * Sets rows `at .. at + rows - 1` of the chunk from rows `offset ..` of the array columns
   * (constants repeat).
   *
   * @param columns - One column per kind.
   * @param offset - First row of the array columns.
   * @param at - First row of the chunk.
   * @param rows - Number of rows.
   * @returns Nothing.
   * @throws Error when a value does not fit its column (e.g. a fraction in an integer column).
   * @example
   * fill.put([7, times, values], 0, 0, times.length);
   */
  put(columns: readonly AppendColumn[], offset: number, at: number, rows: number): void {
    if (columns.length !== this.kinds.length) throw new RangeError(`Expected ${this.kinds.length} columns, got ${columns.length}`);
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      if (column === null || typeof column === 'number' || typeof column === 'string') this.fillConstant(c, column, at, rows);
      else this.fillArray(c, column, offset, at, rows);
    }
  }

  /**
   * Copies what was set to the chunk's DuckDB vectors (the vectors stay taken).
   *
   * @returns Nothing.
   * @example
   * fill.flush();
   */
  flush(): void {
    for (const vector of this.vectors) vector.flush();
  }

  /**
   * Lets the vectors go (after the chunk was reset: they belonged to its old state).
   *
   * @returns Nothing.
   * @example
   * fill.release();
   */
  release(): void {
    this.vectors = [];
    this.items = [];
  }

  private fillConstant(c: number, value: Cell, at: number, n: number): void {
    const plain = typeof value === 'number' && Number.isNaN(value) ? null : value;
    // a BIGINT column takes a whole number as a bigint
    const cell = this.kinds[c] === 'big' && plain !== null ? BigInt(wholeNumber(plain)) : plain;
    const items = this.items[c];
    const limit = INT_LIMIT[this.kinds[c]!];
    if (items instanceof BigInt64Array && typeof cell === 'bigint') {
      items.fill(cell, at, at + n);
      return;
    }
    if (
      items &&
      !(items instanceof BigInt64Array) &&
      typeof cell === 'number' &&
      (this.kinds[c] === 'double' || (Number.isInteger(cell) && cell >= -limit && cell < limit))
    ) {
      items.fill(cell, at, at + n);
      return;
    }
    if (cell === null) this.nulls = true;
    const vector = this.vectors[c]!;
    for (let i = at; i < at + n; i++) vector.setItem(i, cell);
  }

  private fillArray(c: number, column: ArrayLike<number> | readonly (string | null)[], from: number, at: number, n: number): void {
    if (this.kinds[c] === 'big') {
      this.fillBig(c, column as ArrayLike<number | null>, from, at, n);
      return;
    }
    const items = this.items[c];
    if (items instanceof Float64Array && column instanceof Float64Array && !hasNaN(column, from, from + n)) {
      items.set(column.subarray(from, from + n), at);
      return;
    }
    const vector = this.vectors[c]!;
    for (let i = 0; i < n; i++) {
      const v = column[from + i]!;
      if (v === null || v !== v) {
        vector.setItem(at + i, null);
        this.nulls = true;
      } else vector.setItem(at + i, v);
    }
  }

  /** Writes whole numbers into a BIGINT column through its two 32-bit halves (NaN and null as NULL). */
  private fillBig(c: number, column: ArrayLike<number | null>, from: number, at: number, n: number): void {
    const items = this.items[c];
    const words = items instanceof BigInt64Array ? new Int32Array(items.buffer, items.byteOffset, 2 * items.length) : null;
    const vector = this.vectors[c]!;
    for (let i = 0; i < n; i++) {
      const v = column[from + i];
      if (v === null || v === undefined || v !== v) {
        vector.setItem(at + i, null);
        this.nulls = true;
        continue;
      }
      if (words === null) vector.setItem(at + i, BigInt(wholeNumber(v)));
      else putInt64(words, at + i, v);
    }
  }
}

/**
 * Appends rows to a table through one reused data chunk of 2048 rows, filling every chunk before
 * it is handed to the appender whatever the sizes of the pieces appended (many small blocks make
 * full chunks, not many partial ones). Numeric NaN is appended as NULL. Rows reach the appender
 * when a chunk fills, on {@link ChunkWriter.flush} and on {@link ChunkWriter.close}.
 *
 * @example
 * const writer = new ChunkWriter(await conn.createAppender('series_values'), ['int', 'double', 'double']);
 * writer.append([seriesId, times, values], 0, times.length);
 * writer.close();
 */
export class ChunkWriter {
  private readonly chunk: DuckDBDataChunk;
  private readonly fill: ChunkFill;
  private filled = 0;
  private readonly hasText: boolean;

  /**
   * @param appender - An appender on the target table (columns in table order).
   * @param kinds - The type of each column.
   */
  constructor(
    private readonly appender: DuckDBAppender,
    private readonly kinds: readonly AppendKind[],
  ) {
    this.chunk = DuckDBDataChunk.create(
      kinds.map((k) => CHUNK_TYPES[k]),
      CHUNK_ROWS,
    );
    this.fill = new ChunkFill(kinds);
    this.hasText = kinds.includes('text');
  }

  /**
   * Appends rows `offset .. offset + rows - 1` of the array columns (constants repeat).
   *
   * @param columns - One column per kind.
   * @param offset - First row of the array columns.
   * @param rows - Number of rows.
   * @returns Nothing.
   * @throws Error when a value does not fit its column (e.g. a fraction in an integer column).
   * @example
   * writer.append([7, times, values], 0, times.length);
   */
  append(columns: readonly AppendColumn[], offset: number, rows: number): void {
    if (columns.length !== this.kinds.length) throw new RangeError(`Expected ${this.kinds.length} columns, got ${columns.length}`);
    let done = 0;
    while (done < rows) {
      if (!this.fill.isOpen) this.fill.open(this.chunk);
      const n = Math.min(CHUNK_ROWS - this.filled, rows - done);
      this.fill.put(columns, offset + done, this.filled, n);
      this.filled += n;
      done += n;
      if (this.filled === CHUNK_ROWS) this.emit();
    }
  }

  /**
   * Hands the rows buffered so far to the appender (the appender still buffers them; use the
   * appender's own flush to reach the table).
   *
   * @returns Nothing.
   * @example
   * writer.flush();
   */
  flush(): void {
    if (this.filled > 0) this.emit();
  }

  /**
   * Flushes and closes the appender (its rows then reach the table).
   *
   * @returns Nothing.
   * @example
   * writer.close();
   */
  close(): void {
    this.flush();
    this.appender.closeSync();
  }

  private emit(): void {
    this.fill.flush();
    const partial = this.filled < CHUNK_ROWS;
    if (partial) this.chunk.rowCount = this.filled;
    this.appender.appendDataChunk(this.chunk);
    this.filled = 0;
    if (partial || this.fill.nulls || this.hasText) {
      // A fresh start: full size again, no NULL mask, no string heap; the cached JS vectors
      // belonged to the old state.
      this.chunk.reset();
      this.chunk.rowCount = CHUNK_ROWS;
      this.fill.release();
    }
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
 * SQL text literal of a string (quotes doubled), for inlined constants: a query without
 * parameters is one call into DuckDB instead of three. Null for text with a control character,
 * which the caller binds as a parameter instead.
 *
 * @param value - The text.
 * @returns Its SQL literal, or null.
 * @example
 * sqlText("o'brien") //=> "'o''brien'"
 */
export function sqlText(value: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * A text in a query: its literal ({@link sqlText}), or, for text that has none, a parameter
 * appended to `params`.
 *
 * @param value - The text.
 * @param params - The query's parameters so far.
 * @returns The SQL for the value: its literal or `$n`.
 * @example
 * const params = []; `lower(tag) = ${sqlTextOrParam('ec', params)}` //=> "lower(tag) = 'ec'"
 */
export function sqlTextOrParam(value: string, params: DuckDBValue[]): string {
  const literal = sqlText(value);
  if (literal !== null) return literal;
  params.push(value);
  return `$${params.length}`;
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

/**
 * SQL text of a bound on the whole epoch ms of `series_values.ts`: the least whole number at or
 * above it, as an integer literal (so the comparison stays on the BIGINT column and DuckDB can
 * use its statistics). For whole `ts`, `ts >= x` is `ts >= ceil(x)` and `ts < x` is `ts < ceil(x)`.
 *
 * @param ms - A finite instant.
 * @returns Its SQL literal.
 * @example
 * sqlTime(1.5) //=> '2'
 */
export function sqlTime(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError(`Not a finite number: ${ms}`);
  return String(Math.ceil(ms));
}
