/**
 * Parquet export of tables (docs/arrow.md#files), written with `hyparquet-writer`: the columns of
 * `toTable`, instants as `TIMESTAMP(MILLIS, adjusted to UTC)`, wall-clock times as zone-less
 * timestamps, calendar dates as `DATE`, numbers as `DOUBLE` (null where missing). Parquet types
 * carry no zone, so the file's key-value metadata keeps it: `ARROW:schema` (the Arrow schema of
 * `toArrowIPC`, which pyarrow and polars apply: zone-aware times, header levels per field), and
 * `service.frame` / `service.zone` as in the Arrow export.
 *
 * @module
 */
import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import type { LayoutColumn } from './assemble-layout';
import { frameLayout, type AnyTableOptions, type Tabular } from './frame-layout';
import { ARROW_FRAME_KEY, ARROW_ZONE_KEY, arrowSchemaOf } from './to-arrow';

const DAY = 86_400_000;

function base64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function numbers(data: Float64Array): Float64Array | (number | null)[] {
  for (let i = 0; i < data.length; i++) if (data[i] !== data[i]) return Array.from(data, (v) => (v === v ? v : null));
  return data;
}

function times(data: Float64Array): (bigint | null)[] {
  return Array.from(data, (v) => (v === v ? BigInt(v) : null));
}

function source(column: LayoutColumn): { column: ColumnSource; schema: Record<string, unknown> } {
  const name = column.name;
  const element = { name, repetition_type: 'OPTIONAL' } as const;
  switch (column.kind) {
    case 'instant':
    case 'local': {
      const logical = { type: 'TIMESTAMP', isAdjustedToUTC: column.kind === 'instant', unit: 'MILLIS' } as const;
      return { column: { name, data: times(column.data as Float64Array) }, schema: { ...element, type: 'INT64', logical_type: logical } };
    }
    case 'date': {
      const days = Array.from(column.data as Float64Array, (v) => (v === v ? Math.floor(v / DAY) : null));
      return { column: { name, data: days }, schema: { ...element, type: 'INT32', converted_type: 'DATE' } };
    }
    case 'integer':
      return { column: { name, data: [...(column.data as readonly (number | null)[])] }, schema: { ...element, type: 'INT32' } };
    case 'text':
      return {
        column: { name, data: [...(column.data as readonly string[])] },
        schema: { ...element, type: 'BYTE_ARRAY', converted_type: 'UTF8' },
      };
    default:
      return { column: { name, data: numbers(column.data as Float64Array) }, schema: { ...element, type: 'DOUBLE' } };
  }
}

/**
 * Converts a data object (a series, a list of them such as a `loadMany` panel, OHLC records, ...)
 * to the bytes of a Parquet file with the columns of {@link toTable}, the zone and the header
 * levels kept in its metadata (docs/arrow.md#files).
 *
 * @param x - A Timeseries, TimeseriesList, Periodseries, PeriodseriesList, OHLCList,
 *   AbsoluteResult or SRMC.
 * @param opts - As for {@link toTable}.
 * @returns The Parquet file bytes.
 * @throws ValueError as {@link toTable}.
 * @example
 * toParquet(ts).byteLength > 0 //=> true
 */
export function toParquet(x: Tabular, opts: AnyTableOptions = {}): Uint8Array {
  const layout = frameLayout(x, opts);
  const parts = layout.columns.map(source);
  const root = { name: 'root', num_children: parts.length };
  const buffer = parquetWriteBuffer({
    columnData: parts.map((p) => p.column),
    schema: [root, ...parts.map((p) => p.schema)] as Parameters<typeof parquetWriteBuffer>[0]['schema'],
    kvMetadata: [
      { key: 'ARROW:schema', value: base64(arrowSchemaOf(layout)) },
      { key: ARROW_FRAME_KEY, value: JSON.stringify(layout.info) },
      { key: ARROW_ZONE_KEY, value: layout.info.zone },
    ],
  });
  return new Uint8Array(buffer);
}
