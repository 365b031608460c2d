/**
 * Arrow IPC export and import of tables. The export keeps the zone (the `date` column is a
 * millisecond timestamp with the series' zone) and the header levels (schema metadata
 * `service.frame`, plus per-field `service.levels`), so any Arrow reader (pyarrow, polars,
 * DuckDB, apache-arrow) sees zone-aware times and this package restores the levels.
 *
 * @module
 */
import { fromArrow, toArrow } from 'arquero';
import { dateDay, float64, int32, tableFromIPC, tableToIPC, timestamp, TimeUnit, utf8, type DataType } from '@uwdata/flechette';
import { ParseException } from '../exceptions';
import { arrowZone } from '../wire/arrow';
import type { ColumnKind, FrameLayout } from './assemble-layout';
import { FRAME_INFO, type FrameInfo } from './frame-info';
import { frameLayout, type AnyTableOptions, type Tabular } from './frame-layout';
import { FrameTable, tableFromLayout } from './to-table';

/**
 * Schema metadata key holding the frame information as JSON.
 *
 * @example
 * JSON.parse(tableFromIPC(toArrowIPC(ts)).schema.metadata.get(ARROW_FRAME_KEY)).index //=> ['date']
 */
export const ARROW_FRAME_KEY = 'service.frame';

/**
 * Schema metadata key holding the zone name (also in the frame information).
 *
 * @example
 * tableFromIPC(toArrowIPC(ts)).schema.metadata.get(ARROW_ZONE_KEY) //=> 'CET'
 */
export const ARROW_ZONE_KEY = 'service.zone';

/**
 * Field metadata key holding a value column's header levels as a JSON array.
 *
 * @example
 * tableFromIPC(toArrowIPC(ts)).schema.fields[1].metadata.get(ARROW_LEVELS_KEY)
 * //=> '["DE Consumption MWh/h H Actual","",""]'
 */
export const ARROW_LEVELS_KEY = 'service.levels';

// the zone written into Arrow timestamp types is shared with the Arrow answers (docs/arrow.md)
export { arrowZone };

function arrowType(kind: ColumnKind, zone: string): DataType {
  switch (kind) {
    case 'instant':
      return timestamp(TimeUnit.MILLISECOND, arrowZone(zone));
    case 'local':
      return timestamp(TimeUnit.MILLISECOND);
    case 'date':
      return dateDay();
    case 'integer':
      return int32();
    case 'text':
      return utf8();
    default:
      return float64();
  }
}

/**
 * Encodes a layout as Arrow IPC bytes (stream format) with zone-aware timestamps and the frame
 * information in the schema metadata.
 *
 * @param layout - The layout.
 * @returns The IPC bytes.
 * @example
 * layoutToArrowIPC(layoutTimeseries(ts)) instanceof Uint8Array //=> true
 */
function layoutToArrowIPC(layout: FrameLayout): Uint8Array {
  const table = tableFromLayout(layout, true);
  const types = Object.fromEntries(layout.columns.map((c) => [c.name, arrowType(c.kind, layout.info.zone)]));
  const arrow = toArrow(table, { types });
  for (const field of arrow.schema.fields) {
    const levels = layout.info.levels[field.name];
    if (levels) field.metadata = new Map([[ARROW_LEVELS_KEY, JSON.stringify(levels)]]);
  }
  arrow.schema.metadata = new Map([
    [ARROW_FRAME_KEY, JSON.stringify(layout.info)],
    [ARROW_ZONE_KEY, layout.info.zone],
  ]);
  const bytes = tableToIPC(arrow, { format: 'stream' });
  if (!bytes) throw new ParseException('Arrow encoding produced no bytes');
  return bytes;
}

/**
 * The Arrow schema of a layout as one IPC message (continuation marker, length, flatbuffer): what
 * Parquet writers put under the `ARROW:schema` key so Arrow readers restore zones and metadata.
 *
 * @param layout - The layout.
 * @returns The schema message bytes.
 * @example
 * arrowSchemaOf(layoutTimeseries(ts)).byteLength > 8 //=> true
 */
export function arrowSchemaOf(layout: FrameLayout): Uint8Array {
  const empty = { ...layout, columns: layout.columns.map((c) => ({ ...c, data: c.data.slice(0, 0) })) };
  const stream = layoutToArrowIPC(empty as FrameLayout);
  const length = new DataView(stream.buffer, stream.byteOffset, stream.byteLength).getInt32(4, true);
  return stream.slice(0, 8 + length);
}

/**
 * Converts a data object to Arrow IPC bytes (stream format): the columns of {@link toTable},
 * instants as `Timestamp(ms, zone)` in the series' zone, calendar dates as `Date32`, numbers as
 * `Float64` (NaN where missing), and the header levels and zone in the schema metadata
 * (`service.frame`, `service.zone`) and per field (`service.levels`).
 *
 * @param x - A Timeseries, TimeseriesList, Periodseries, PeriodseriesList, OHLCList,
 *   AbsoluteResult or SRMC.
 * @param opts - As for {@link toTable}.
 * @returns The IPC bytes.
 * @throws ValueError as {@link toTable}.
 * @example
 * tableFromIPC(toArrowIPC(ts)).schema.fields[0].type.timezone //=> 'CET'
 */
export function toArrowIPC(x: Tabular, opts: AnyTableOptions = {}): Uint8Array {
  return layoutToArrowIPC(frameLayout(x, opts));
}

function readInfo(metadata: Map<string, string> | null | undefined): FrameInfo | null {
  const text = metadata?.get(ARROW_FRAME_KEY);
  if (text === undefined) return null;
  try {
    const info = JSON.parse(text) as FrameInfo;
    if (typeof info.zone !== 'string' || !Array.isArray(info.index) || typeof info.levels !== 'object') return null;
    return info;
  } catch {
    throw new ParseException(`Arrow schema metadata ${ARROW_FRAME_KEY} is not valid JSON`);
  }
}

/**
 * Reads Arrow IPC bytes into a table; bytes from {@link toArrowIPC} get their frame
 * information back (zone, index, header levels), so `headerLevels` and `toHtml` work as on the
 * original table.
 *
 * @param bytes - Arrow IPC bytes (stream or file format).
 * @returns The table (dates as JS Dates).
 * @throws ParseException when the frame metadata is not valid JSON.
 * @example
 * headerLevels(fromArrowIPC(toArrowIPC(ensemble))).size //=> 3
 */
export function fromArrowIPC(bytes: Uint8Array | ArrayBuffer): FrameTable {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const arrow = tableFromIPC(data, { useDate: true });
  const table = fromArrow(arrow as unknown as Parameters<typeof fromArrow>[0]);
  const info = readInfo(arrow.schema.metadata);
  const params = info ? ({ [FRAME_INFO]: info } as unknown as Record<string, unknown>) : undefined;
  return new FrameTable(table.data(), table.columnNames(), undefined, undefined, undefined, params);
}
