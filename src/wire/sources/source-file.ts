/**
 * A source's data file, CSV, Parquet or Arrow IPC, read row by row into the {@link SourceReader}:
 * CSV text as it arrives (chunks of any size, so a large file is never held whole), Parquet one
 * row group at a time (hyparquet; snappy pages through hysnappy's wasm), Arrow IPC with
 * flechette. Timestamp columns are instants; other cells are texts or numbers. No Node built-in
 * here: the caller hands the bytes (Node reads files in `src/client/read-sources.ts` and in the
 * service's import).
 *
 * @module
 */
import { tableFromIPC } from '@uwdata/flechette';
import { parquetMetadataAsync, parquetRead, parquetSchema, type AsyncBuffer } from 'hyparquet';
import { snappyUncompressor } from 'hysnappy';
import { allFlat, readFlatColumns } from './parquet-flat';
import { CsvStream } from './csv-records';
import { ProblemList } from './problems';
import type { SourceDescription } from './source-description';
import { SourceReader, type SourceColumns } from './source-reader';

/**
 * A data file's content: its text, its bytes, its chunks as they are read, or (Parquet) a
 * buffer read by ranges.
 */
export type SourceData = string | Uint8Array | AsyncIterable<string | Uint8Array> | AsyncBuffer;

/** The kind of a data file, from its name. */
export function sourceKind(file: string): 'csv' | 'parquet' | 'arrow' {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  return ext === 'parquet' ? 'parquet' : ext === 'arrow' || ext === 'feather' || ext === 'ipc' ? 'arrow' : 'csv';
}

function isAsyncBuffer(data: SourceData): data is AsyncBuffer {
  return (
    typeof data === 'object' && 'byteLength' in data && typeof (data as AsyncBuffer).slice === 'function' && !(data instanceof Uint8Array)
  );
}

async function readCsv(reader: SourceReader, data: SourceData, file: string, delimiter: string, problems: ProblemList): Promise<void> {
  let header = true;
  const csv = new CsvStream(
    (r) => {
      if (header) {
        header = false;
        reader.header(
          r.fields.map((f) => f.trim()),
          r.line,
        );
      } else reader.row(r.fields, r.line);
    },
    (e) => problems.add({ file, line: e.line }, null, `CSV syntax: ${e.message}`),
    delimiter,
  );
  const decoder = new TextDecoder();
  if (typeof data === 'string') csv.push(data);
  else if (data instanceof Uint8Array) csv.push(decoder.decode(data));
  else if (Symbol.asyncIterator in data) {
    for await (const chunk of data) csv.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    csv.push(decoder.decode());
  } else throw new TypeError('CSV data must be text, bytes or chunks');
  csv.end();
  if (header) problems.add({ file, line: 1 }, null, 'the file has no header row');
}

async function wholeBytes(data: SourceData): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data;
  if (typeof data === 'string') throw new TypeError('Parquet and Arrow data must be bytes, not text');
  if (isAsyncBuffer(data)) return new Uint8Array(await data.slice(0, data.byteLength));
  const parts: Uint8Array[] = [];
  for await (const chunk of data) parts.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

async function readParquet(reader: SourceReader, data: SourceData, file: string, problems: ProblemList): Promise<void> {
  let buffer: AsyncBuffer;
  if (isAsyncBuffer(data)) buffer = data;
  else {
    const bytes = await wholeBytes(data);
    buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  let metadata: Awaited<ReturnType<typeof parquetMetadataAsync>>;
  try {
    metadata = await parquetMetadataAsync(buffer);
  } catch (err) {
    problems.add({ file, line: 0 }, null, `not a Parquet file: ${(err as Error).message}`);
    return;
  }
  const names = parquetSchema(metadata).children.map((c) => c.element.name);
  if (!reader.header(names, 1)) return;
  reader.expect(Number(metadata.num_rows));
  // only the columns the description reads are decoded (the others stay empty), snappy in wasm
  const used = reader.columnsRead();
  const reading = new Set(used);
  const compressors = { SNAPPY: snappyUncompressor() };
  // timestamps as epoch ms numbers, not a Date per cell
  const parsers = {
    timestampFromMilliseconds: (ms: bigint) => Number(ms),
    timestampFromMicroseconds: (us: bigint) => Number(us / 1000n),
    timestampFromNanoseconds: (ns: bigint) => Number(ns / 1_000_000n),
  };
  // flat columns (all a source file has, as a rule) are read page by page, without list assembly
  const flat = allFlat(metadata);
  let rowStart = 0;
  // one row group at a time, column by column: memory stays that of a row group
  for (const [g, group] of metadata.row_groups.entries()) {
    const rows = Number(group.num_rows);
    const start = rowStart;
    if (flat) {
      const decoded = await readFlatColumns(buffer, metadata, g, used, { compressors, parsers });
      const byIndex = new Map(used.map((k, i) => [k, decoded[i] as ArrayLike<unknown>]));
      reader.rows(
        names.map((_, k) => byIndex.get(k) ?? []),
        rows,
        start + 2,
      );
      rowStart = start + rows;
      continue;
    }
    // a column read in one piece is taken as it is; one in several pages is copied together
    const pieces: { data: ArrayLike<unknown>; from: number }[][] = names.map(() => []);
    const at = new Map(names.map((name, k) => [name, k]));
    await parquetRead({
      file: buffer,
      metadata,
      columns: used.map((k) => names[k] as string),
      compressors,
      rowStart: start,
      rowEnd: start + rows,
      parsers,
      onChunk: ({ columnName, columnData, rowStart: from }) => {
        pieces[at.get(columnName) as number]?.push({ data: columnData, from });
      },
    });
    const columns = pieces.map((list, k) => {
      if (!reading.has(k)) return [];
      const one = list[0];
      if (list.length === 1 && one !== undefined && one.from === start && one.data.length === rows) return one.data;
      const column: unknown[] = new Array(rows).fill(null);
      for (const { data, from } of list) {
        const last = Math.min(data.length, start + rows - from);
        for (let i = Math.max(0, start - from); i < last; i++) column[from - start + i] = data[i];
      }
      return column;
    });
    reader.rows(columns, rows, start + 2);
    rowStart = start + rows;
  }
}

async function readArrow(reader: SourceReader, data: SourceData, file: string, problems: ProblemList): Promise<void> {
  let table: ReturnType<typeof tableFromIPC>;
  try {
    table = tableFromIPC(await wholeBytes(data), { useDate: false, useBigInt: false });
  } catch (err) {
    problems.add({ file, line: 0 }, null, `not an Arrow IPC file: ${(err as Error).message}`);
    return;
  }
  const names = table.schema.fields.map((f) => f.name);
  if (!reader.header(names, 1)) return;
  reader.rows(
    names.map((_, k) => table.getChildAt(k).toArray() as ArrayLike<unknown>),
    table.numRows,
    2,
  );
}

/** The part of an open file of Node's `fs/promises` a data file is read with. */
interface OpenFile {
  stat(): Promise<{ size: number }>;
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<unknown>;
  createReadStream(options: { autoClose: boolean }): AsyncIterable<string | Uint8Array>;
  close(): Promise<void>;
}

/**
 * Opens a data file for {@link readSourceColumns}: CSV and Arrow as a stream of chunks, Parquet as
 * a buffer read by ranges. Node's `fs/promises` is passed in, so that this module holds no Node
 * built-in (the browser build of the client has this file too).
 *
 * @param fs - Node's `fs/promises` (or `fs.promises`).
 * @param path - The data file.
 * @returns The data, and how to close the file when done.
 * @throws Node's error when the file cannot be opened.
 * @example
 * const { data, close } = await openSourceData(require('node:fs/promises'), 'prices.csv');
 */
export async function openSourceData(
  fs: { open(path: string, flags: 'r'): Promise<OpenFile> },
  path: string,
): Promise<{ data: SourceData; close(): Promise<void> }> {
  const handle = await fs.open(path, 'r');
  const close = () => handle.close();
  if (sourceKind(path) !== 'parquet') return { data: handle.createReadStream({ autoClose: false }), close };
  const { size } = await handle.stat();
  const slice = async (start: number, end = size): Promise<ArrayBuffer> => {
    const bytes = new Uint8Array(end - start);
    await handle.read(bytes, 0, bytes.length, start);
    return bytes.buffer;
  };
  return { data: { byteLength: size, slice }, close };
}

/**
 * Reads a source's data file into one column set per mapped series.
 *
 * @param description - The checked description.
 * @param data - The data file's content.
 * @param file - The data file's name, for messages (default: `description.file`).
 * @param problems - Receives every problem (default: a new list, thrown at the end).
 * @returns The columns, in the description's order (checked against no curve yet).
 * @throws ValueError listing every problem, when no list is given.
 * @example
 * (await readSourceColumns(description, 'date,price\n2024-01-01 00:00,50\n'))[0].values //=> Float64Array [50]
 */
export async function readSourceColumns(
  description: SourceDescription,
  data: SourceData,
  file: string = description.file,
  problems?: ProblemList,
): Promise<SourceColumns[]> {
  const list = problems ?? new ProblemList();
  const reader = new SourceReader(description, file, list);
  const kind = sourceKind(description.file);
  if (kind === 'csv') await readCsv(reader, data, file, description.csv.delimiter, list);
  else if (kind === 'parquet') await readParquet(reader, data, file, list);
  else await readArrow(reader, data, file, list);
  const columns = reader.finish();
  if (problems === undefined) list.throwIfAny();
  return columns;
}
