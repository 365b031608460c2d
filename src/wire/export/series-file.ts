/**
 * Files of exported time series (docs/data-out.md#export): whole histories written chunk by
 * chunk, so that memory stays bounded by one chunk, as CSV in the import format
 * (docs/import-formats.md#csv: `curve,date,value` and `scenario:<name>` columns, dates with their
 * offsets, numbers in their shortest exact form) or as Parquet (one row group per chunk, written
 * with `hyparquet-writer`; `date` a UTC timestamp in milliseconds, delta-encoded, `value` and each
 * `scenario:<name>` a plain uncompressed double, null where missing), with the curve definitions,
 * the zone and the frequency in the Parquet key-value metadata. Where the bytes go is the caller's
 * ({@link ExportSink}): a file on Node, a stream, a buffer in a test.
 *
 * @module
 */
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { ValidationError } from '../../exceptions';
import { epochInt64 } from '../arrow/columns';
import type { Timeseries } from '../../model';
import { CURVE_DEFINITION_FIELDS, type CurveDefinitionJson } from '../save/curve-definition';
import { formatInstants } from '../json';
import type { Zone } from 'luxon';
import { zoneByName } from '../../time';

/** The Parquet logical type of the `date` column. */
const DATE_TYPE = { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' };

/** The formats an export writes. */
export type ExportFormat = 'parquet' | 'csv';

/** Where an export's bytes go, in order. */
export interface ExportSink {
  /** Takes the next bytes (the writer does not reuse them afterwards). */
  write(bytes: Uint8Array): Promise<void>;
  /** No more bytes. */
  end(): Promise<void>;
}

/** One chunk of a curve's series: step starts (epoch ms), values and scenario columns (NaN = missing). */
export interface ExportChunk {
  /** Step starts, ascending. */
  readonly times: Float64Array;
  /** Values, or null for a series of scenarios only. */
  readonly values: Float64Array | null;
  /** One column per scenario. */
  readonly scenarios: readonly Float64Array[];
  /** Scenario names, one per column. */
  readonly scenarioNames: readonly string[];
}

/**
 * The chunk of a loaded series.
 *
 * @param ts - The series.
 * @returns Its columns as a chunk (no scenario names without scenarios).
 * @example
 * exportChunkOf(ts).times === ts.times //=> true
 */
export function exportChunkOf(ts: Timeseries): ExportChunk {
  return { times: ts.times, values: ts.valuesOrNull(), scenarios: ts.scenarios, scenarioNames: ts.hasScenarios() ? ts.scenarioNames : [] };
}

/** Key-value metadata keys of an exported Parquet file. */
export const EXPORT_METADATA_KEYS = Object.freeze({
  /** The curve definitions (a JSON array in the import format's field names). */
  curves: 'service.curves',
  /** The zone of the dates (the curve's; for a file of several curves, the first one's). */
  zone: 'service.zone',
  /** The frequency of the steps. */
  frequency: 'service.frequency',
});

const ENCODER = new TextEncoder();

/** CSV quoting (RFC 4180) of a cell that needs it. */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) || text.trim() !== text ? `"${text.replaceAll('"', '""')}"` : text;
}

function numberCell(x: number): string {
  return x === x ? String(x) : '';
}

/** The bytes collected by hyparquet's writer, handed to the sink at each row group and at the end. */
class SinkByteWriter extends ByteWriter {
  constructor(private readonly sink: ExportSink) {
    super(1 << 20);
  }

  flush(): Promise<void> {
    const bytes = new Uint8Array(this.buffer, 0, this.index).slice();
    this.index = 0;
    return bytes.byteLength === 0 ? Promise.resolve() : this.sink.write(bytes);
  }

  override finish(): Promise<void> {
    return this.flush();
  }
}

/**
 * Writes one export file: one curve's history, or several curves one after the other (a long
 * file, with a `curve` column). Give it the chunks in time order, curve after curve, then
 * {@link finish}. The columns are fixed by the first chunk (an empty file has `date` and `value`).
 *
 * @example
 * const writer = new SeriesFileWriter('parquet', [definition], sink, { curveColumn: false });
 * for await (const chunk of chunks) await writer.add(definition.name as string, chunk);
 * await writer.finish();
 */
export class SeriesFileWriter {
  private parquet: ParquetWriter | null = null;
  /** The `date` column's schema element, labelled a UTC timestamp in ms just before the footer. */
  private dateField: Record<string, unknown> | null = null;
  private scenarioNames: readonly string[] | null = null;
  private hasValues = true;
  private readonly zones = new Map<string, Zone>();
  /** Rows written so far. */
  rows = 0;

  /**
   * @param format - `parquet` or `csv`.
   * @param curves - The definitions of the curves the file holds (import format).
   * @param sink - Where the bytes go.
   * @param options - `curveColumn`: write the curve's name in a column (a long file of several
   *   curves); CSV files always have it (the import format needs it).
   */
  constructor(
    private readonly format: ExportFormat,
    private readonly curves: readonly CurveDefinitionJson[],
    private readonly sink: ExportSink,
    private readonly options: { curveColumn: boolean },
  ) {
    if (format !== 'parquet' && format !== 'csv')
      throw new ValidationError(`format must be parquet or csv, got ${String(format)}`, 'format');
    for (const c of curves) this.zones.set(c.name as string, zoneByName(c.timezone as string));
  }

  /**
   * Writes a chunk of a curve's series.
   *
   * @param curve - The curve's name (one of the file's curves).
   * @param chunk - The chunk.
   * @returns When the bytes are with the sink.
   * @throws ValidationError (parameter `curves`) for a chunk whose columns differ from the
   *   file's (another scenario set in a long file).
   */
  async add(curve: string, chunk: ExportChunk): Promise<void> {
    if (this.scenarioNames === null) await this.start(chunk);
    const names = this.scenarioNames as readonly string[];
    if (
      chunk.scenarioNames.length !== names.length ||
      chunk.scenarioNames.some((n, k) => n !== names[k]) ||
      (chunk.values !== null) !== this.hasValues
    ) {
      throw new ValidationError(
        `The series of '${curve}' has other columns than the file (${names.join(', ') || 'value'}): export it to a file of its own`,
        'curves',
      );
    }
    const n = chunk.times.length;
    if (n === 0) return;
    this.rows += n;
    if (this.format === 'csv') {
      await this.sink.write(ENCODER.encode(this.csvRows(curve, chunk)));
      return;
    }
    const nullable = (column: Float64Array): Float64Array | (number | null)[] => {
      for (let i = 0; i < column.length; i++) if (column[i] !== column[i]) return Array.from(column, (v) => (v === v ? v : null));
      return column;
    };
    // dates of steps delta-encode to a few bits each (and keep their statistics, for readers that
    // skip row groups by date); values go plain and uncompressed, without statistics: several
    // times faster to write than dictionaries tried and dropped, min/max per page and snappy in
    // JavaScript, and the files stay smaller than DuckDB's own (bench/export.ts)
    const double = (name: string, column: Float64Array) => ({
      name,
      data: nullable(column),
      encoding: 'PLAIN' as const,
      codec: 'UNCOMPRESSED' as const,
      statistics: false,
    });
    const columnData = [
      ...(this.options.curveColumn ? [{ name: 'curve', data: new Array<string>(n).fill(curve) }] : []),
      { name: 'date', data: epochInt64(chunk.times, 0, n), encoding: 'DELTA_BINARY_PACKED' as const },
      ...(chunk.values !== null ? [double('value', chunk.values)] : []),
      ...chunk.scenarios.map((column, k) => double(`scenario:${names[k]}`, column)),
    ];
    await (this.parquet as ParquetWriter).write({ columnData, rowGroupSize: n });
  }

  /**
   * Ends the file: the Parquet footer, then the sink's end.
   *
   * @returns When the file is complete.
   */
  async finish(): Promise<void> {
    if (this.scenarioNames === null)
      await this.start({ times: new Float64Array(0), values: new Float64Array(0), scenarios: [], scenarioNames: [] });
    if (this.dateField !== null) this.dateField.logical_type = DATE_TYPE;
    if (this.parquet !== null) await this.parquet.finish();
    await this.sink.end();
  }

  private async start(first: ExportChunk): Promise<void> {
    this.scenarioNames = [...first.scenarioNames];
    this.hasValues = first.values !== null;
    const scenarioColumns = this.scenarioNames.map((n) => `scenario:${n}`);
    if (this.format === 'csv') {
      const header = ['curve', 'date', ...(this.hasValues ? ['value'] : []), ...scenarioColumns].map(csvCell).join(',');
      await this.sink.write(ENCODER.encode(`${header}\n`));
      return;
    }
    const optionalDouble = (name: string) => ({ name, type: 'DOUBLE', repetition_type: 'OPTIONAL' });
    // Plain INT64 while the row groups are written, a UTC timestamp in ms in the footer (finish):
    // the same bytes, but hyparquet-writer turns a column it knows as a timestamp into an array of
    // one BigInt per row again in every row group, about a third of the export's time
    // (docs/performance.md#import-export).
    this.dateField = { name: 'date', type: 'INT64', repetition_type: 'REQUIRED' };
    const fields = [
      ...(this.options.curveColumn ? [{ name: 'curve', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' }] : []),
      this.dateField,
      ...(this.hasValues ? [optionalDouble('value')] : []),
      ...scenarioColumns.map(optionalDouble),
    ];
    const first0 = this.curves[0];
    this.parquet = new ParquetWriter({
      writer: new SinkByteWriter(this.sink),
      schema: [{ name: 'root', num_children: fields.length }, ...fields] as ConstructorParameters<typeof ParquetWriter>[0]['schema'],
      kvMetadata: [
        { key: EXPORT_METADATA_KEYS.curves, value: JSON.stringify(this.curves) },
        { key: EXPORT_METADATA_KEYS.zone, value: String(first0?.timezone ?? 'UTC') },
        { key: EXPORT_METADATA_KEYS.frequency, value: String(first0?.frequency ?? 'NONE') },
      ],
      createdBy: 'service export',
    });
  }

  private csvRows(curve: string, chunk: ExportChunk): string {
    const name = csvCell(curve);
    const dates = formatInstants(chunk.times, this.zones.get(curve) ?? zoneByName('UTC'));
    const { values, scenarios } = chunk;
    const lines = new Array<string>(dates.length);
    for (let i = 0; i < dates.length; i++) {
      let line = `${name},${dates[i]}`;
      if (values !== null) line += `,${numberCell(values[i]!)}`;
      for (const column of scenarios) line += `,${numberCell(column[i]!)}`;
      lines[i] = line;
    }
    return `${lines.join('\n')}\n`;
  }
}

/**
 * The curve definitions as a CSV file of the import format (docs/import-formats.md#csv), so an
 * export directory imports as it is: `service import curves.csv *.csv`.
 *
 * @param curves - The definitions.
 * @returns The CSV text.
 * @example
 * curvesCsv([{ name: 'X', curve_type: 'TIMESERIES', data_type: 'ACTUAL', frequency: 'PT1H', timezone: 'CET', unit: 'MW' }])
 * //=> 'name,curve_type,data_type,frequency,timezone,unit,...,place_key\nX,TIMESERIES,ACTUAL,PT1H,CET,MW,...,\n'
 */
export function curvesCsv(curves: readonly CurveDefinitionJson[]): string {
  const columns = CURVE_DEFINITION_FIELDS;
  const cell = (v: string | string[] | undefined) => csvCell(v === undefined ? '' : Array.isArray(v) ? v.join(' ') : v);
  return `${[columns.join(','), ...curves.map((c) => columns.map((k) => cell(c[k])).join(','))].join('\n')}\n`;
}

/**
 * A file name for a curve's export: the name with `/`, `\` and other characters that file
 * systems refuse replaced by `_`.
 *
 * @param curve - The curve's name.
 * @param format - The format (the extension).
 * @returns The file name.
 * @example
 * exportFileName('DE Wind Power Production MWh/h 15min Actual', 'parquet') //=> 'DE Wind Power Production MWh_h 15min Actual.parquet'
 */
export function exportFileName(curve: string, format: ExportFormat): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused in file names too
  return `${curve.replace(/[/\\:*?"<>|\x00-\x1f]/g, '_')}.${format}`;
}
