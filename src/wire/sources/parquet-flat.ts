/**
 * The flat columns of a Parquet row group, read page by page with hyparquet's page decoding but
 * without its list assembly: hyparquet's reader puts every value of an optional column into a JS
 * array (the assembly of nested lists, which a flat column does not need), a cost of its own
 * beside the decoding. Here a page without missing values is taken as it is decoded (a
 * `Float64Array` for doubles), a page with missing values gets `null` in their places, and the
 * pages of a column are joined into one column of the row group's length.
 *
 * @module
 */
import type { AsyncBuffer, Compressors, FileMetaData, ParquetParsers } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { convert, convertWithDictionary, DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { readPlain } from 'hyparquet/src/plain.js';
import { getMaxDefinitionLevel, getSchemaPath, isFlatColumn } from 'hyparquet/src/schema.js';
import type { ColumnDecoder, DecodedArray } from 'hyparquet/src/types.js';

/** One decoded page: its values and, when some are missing, the definition level of each row. */
interface Page {
  values: DecodedArray;
  levels: number[] | null;
}

/** How the pages are decoded: hyparquet's decompressors and value parsers. */
export interface FlatReadOptions {
  /** Decompressors by codec (as `parquetRead` takes them). */
  compressors?: Compressors;
  /** Value parsers (as `parquetRead` takes them). */
  parsers?: Partial<ParquetParsers>;
}

/**
 * Whether every column of the file is flat (a top-level value, not a list, map or group), the
 * columns {@link readFlatColumns} reads.
 *
 * @param metadata - The file's metadata.
 * @returns True when all are.
 * @example
 * allFlat(await parquetMetadataAsync(file)) //=> true
 */
export function allFlat(metadata: FileMetaData): boolean {
  const group = metadata.row_groups[0];
  if (group === undefined) return true;
  return group.columns.every((c) => c.meta_data !== undefined && isFlatColumn(getSchemaPath(metadata.schema, c.meta_data.path_in_schema)));
}

/** The pages of one column chunk, decoded. */
function readPages(bytes: ArrayBuffer, decoder: ColumnDecoder, rows: number): Page[] {
  const reader = { view: new DataView(bytes), offset: 0 };
  const maxLevel = getMaxDefinitionLevel(decoder.schemaPath);
  const pages: Page[] = [];
  let dictionary: DecodedArray | undefined;
  let read = 0;
  while (read < rows && reader.offset < bytes.byteLength - 1) {
    const header = parquetHeader(reader);
    const body = new Uint8Array(bytes, reader.offset, header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    if (header.type === 'DICTIONARY_PAGE') {
      const size = Number(header.uncompressed_page_size);
      const page = decompressPage(body, size, decoder.codec, decoder.compressors);
      const plain = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
      const count = header.dictionary_page_header?.num_values ?? 0;
      dictionary = convert(readPlain(plain, decoder.type, count, decoder.element.type_length), decoder);
      continue;
    }
    let data: ReturnType<typeof readDataPage>;
    let encoding: string;
    let nulls: boolean;
    let count: number;
    if (header.type === 'DATA_PAGE_V2' && header.data_page_header_v2) {
      const h = header.data_page_header_v2;
      data = readDataPageV2(body, header, decoder);
      encoding = h.encoding;
      nulls = h.num_nulls > 0;
      count = h.num_rows;
    } else if (header.type === 'DATA_PAGE' && header.data_page_header) {
      const h = header.data_page_header;
      const page = decompressPage(body, Number(header.uncompressed_page_size), decoder.codec, decoder.compressors);
      data = readDataPage(page, h, decoder);
      encoding = h.encoding;
      // hyparquet drops the levels of a version 1 page without a missing value
      nulls = data.definitionLevels !== undefined && data.definitionLevels.length > 0;
      count = h.num_values;
    } else continue; // an index page
    const values = convertWithDictionary(data.dataPage, dictionary, encoding as never, decoder);
    const levels = nulls && maxLevel > 0 ? (data.definitionLevels ?? null) : null;
    pages.push({ values, levels: levels?.some((l) => l !== maxLevel) ? levels : null });
    read += count;
  }
  return pages;
}

/** The pages of a column joined into one of `rows` values (a missing value as null). */
function joinPages(pages: readonly Page[], rows: number, maxLevel: number): ArrayLike<unknown> {
  const one = pages[0];
  if (pages.length === 1 && one !== undefined && one.levels === null && one.values.length === rows) return one.values;
  if (pages.every((p) => p.levels === null && p.values instanceof Float64Array)) {
    const out = new Float64Array(rows);
    let at = 0;
    for (const p of pages) {
      out.set((p.values as Float64Array).subarray(0, rows - at), at);
      at += Math.min(p.values.length, rows - at);
    }
    if (at === rows) return out;
  }
  const out: unknown[] = new Array(rows).fill(null);
  let at = 0;
  for (const { values, levels } of pages) {
    if (levels === null) {
      for (let i = 0; i < values.length && at < rows; i++) out[at++] = values[i];
      continue;
    }
    let v = 0;
    for (let i = 0; i < levels.length && at < rows; i++) out[at++] = levels[i] === maxLevel ? values[v++] : null;
  }
  return out;
}

/**
 * Reads columns of one row group of a file whose columns are all flat ({@link allFlat}).
 *
 * @param file - The file.
 * @param metadata - Its metadata.
 * @param group - The row group's index.
 * @param columns - Indexes of the columns to read (in the file's order of columns).
 * @param options - Decompressors and parsers.
 * @returns One column per index, of the row group's length (a missing value as null).
 * @throws Error from hyparquet for a page it cannot decode.
 * @example
 * const [times, values] = await readFlatColumns(file, metadata, 0, [0, 3], { compressors });
 */
export async function readFlatColumns(
  file: AsyncBuffer,
  metadata: FileMetaData,
  group: number,
  columns: readonly number[],
  options: FlatReadOptions = {},
): Promise<ArrayLike<unknown>[]> {
  const rowGroup = metadata.row_groups[group];
  if (rowGroup === undefined) throw new RangeError(`No row group ${group}`);
  const rows = Number(rowGroup.num_rows);
  const parsers = { ...DEFAULT_PARSERS, ...options.parsers };
  return Promise.all(
    columns.map(async (k) => {
      const meta = rowGroup.columns[k]?.meta_data;
      if (meta === undefined) throw new Error(`parquet column ${k} has no metadata`);
      const schemaPath = getSchemaPath(metadata.schema, meta.path_in_schema);
      const element = schemaPath[schemaPath.length - 1]!.element;
      const decoder: ColumnDecoder = {
        pathInSchema: meta.path_in_schema,
        element,
        schemaPath,
        ...(options.compressors ? { compressors: options.compressors } : {}),
        ...meta,
        parsers,
      };
      const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
      const bytes = await file.slice(start, start + Number(meta.total_compressed_size));
      return joinPages(readPages(bytes, decoder, rows), rows, getMaxDefinitionLevel(schemaPath));
    }),
  );
}
