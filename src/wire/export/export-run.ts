/**
 * One export run (docs/data-out.md#export), whatever the data comes from (the service through
 * the client or plain HTTP, or the store itself) and wherever the files go: each curve's range
 * split into chunks on step boundaries (the long-load chunks), each chunk loaded one ahead of the
 * one being written, and written as it arrives, so that memory stays bounded by two chunks. A
 * file that fails is removed; `curves.csv` holds the definitions.
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import { displayAsRecord, listCell, type RecordShape } from '../../model/record-display';
import { Frequency, zoneByName } from '../../time';
import type { WireDateTime } from '../formats';
import { rangeChunks, type RangeChunk } from '../requests/range-chunks';
import type { CurveDefinitionJson } from '../save/curve-definition';
import { curvesCsv, exportFileName, SeriesFileWriter, type ExportChunk, type ExportFormat, type ExportSink } from './series-file';

/** The default number of steps per chunk (and Parquet row group). */
export const EXPORT_CHUNK_STEPS = 100_000;

/** What an export run writes. */
export interface ExportRunOptions {
  /** `parquet` or `csv`. */
  format: ExportFormat;
  /** `curve`: one file per curve; `long`: one file `timeseries.<format>` with a `curve` column. */
  layout: 'curve' | 'long';
  /** Steps per chunk. */
  chunkSteps: number;
  /** Start of the history (wall-clock time in each curve's zone without an offset). */
  begin: WireDateTime;
  /** End (exclusive). */
  end: WireDateTime;
}

/** A file being written: its sink, and a way to drop it. */
export interface ExportFile extends ExportSink {
  /** Where it will be once complete. */
  readonly path: string;
  /** Drops what was written. */
  abort(): Promise<void>;
}

/** Where an export run reads and writes. */
export interface ExportIO {
  /** Loads the series of a curve in a chunk's range. */
  loadChunk(curve: CurveDefinitionJson, chunk: RangeChunk): Promise<ExportChunk>;
  /** Opens a file of the export directory for writing. */
  openFile(name: string): Promise<ExportFile>;
  /** Writes a small text file of the export directory whole; answers its path. */
  writeText(name: string, text: string): Promise<string>;
  /** Called as each curve is written. */
  curveDone?(curve: string): void;
  /**
   * The first and last stored step of a curve, when the source knows them cheaply (the store):
   * chunks outside are not loaded (they would be empty). Null: the curve holds nothing;
   * undefined: not known (every chunk is loaded).
   */
  span?(curve: CurveDefinitionJson): Promise<{ first: number; last: number } | null | undefined>;
}

/** One file an export wrote. */
export interface ExportedFile {
  /** Its path. */
  path: string;
  /** The curves it holds. */
  curves: string[];
  /** Rows written. */
  rows: number;
}

/** What an export wrote. A plain object; a cell ending with one shows its files as a table (docs/notebooks.md#display). */
export interface ExportResult {
  /** The data files, in curve order. */
  files: ExportedFile[];
  /** `curves.csv`: the curve definitions in the import format. */
  curvesFile: string;
  /** Rows written in all. */
  rows: number;
}

/** How an export result shows itself: the totals over a row per file. */
const EXPORT_RESULT: RecordShape<ExportResult> = {
  title: 'ExportResult',
  fields: (r) => [
    ['files', r.files.length],
    ['rows', r.rows],
    ['curvesFile', r.curvesFile],
  ],
  items: (r) => ({
    caption: `files · ${r.files.length}`,
    columns: ['path', 'curves', 'rows'],
    rows: r.files.map((f) => [f.path, listCell(f.curves), f.rows]),
  }),
};

/**
 * Runs an export.
 *
 * @param curves - The definitions of the curves (import format), in file order.
 * @param options - Format, layout, chunk size and range.
 * @param io - Where data comes from and files go.
 * @returns The files written.
 * @throws ValidationError (parameter `curves`) for no curves, or curves of other columns in one
 *   long file; what `io` throws. The file being written is removed first.
 * @example
 * await runExport([definition], { format: 'csv', layout: 'curve', chunkSteps: 100_000, begin, end }, io)
 * //~> { files: [{ path: 'out/X.csv', curves: ['X'], rows: 96 }], curvesFile: 'out/curves.csv', rows: 96 }
 */
export async function runExport(curves: readonly CurveDefinitionJson[], options: ExportRunOptions, io: ExportIO): Promise<ExportResult> {
  if (curves.length === 0) throw new ValidationError('No curves to export', 'curves');
  const chunksOf = async function* (curve: CurveDefinitionJson): AsyncGenerator<ExportChunk> {
    const frequency = Frequency.byTag(curve.frequency as string);
    const all = rangeChunks(options.begin, options.end, frequency, zoneByName(curve.timezone as string), options.chunkSteps);
    const span = io.span === undefined ? undefined : await io.span(curve);
    const plan = span === undefined ? all : span === null ? [] : all.filter((c) => c.endMs > span.first && c.beginMs <= span.last);
    let next: Promise<ExportChunk> | null = plan.length > 0 ? io.loadChunk(curve, plan[0]!) : null;
    for (let i = 0; next !== null; i++) {
      const current = next;
      next = i + 1 < plan.length ? io.loadChunk(curve, plan[i + 1]!) : null;
      next?.catch(() => undefined);
      yield await current;
    }
  };
  const write = async (name: string, ofFile: readonly CurveDefinitionJson[]): Promise<ExportedFile> => {
    const file = await io.openFile(name);
    const writer = new SeriesFileWriter(options.format, ofFile, file, { curveColumn: options.layout === 'long' });
    try {
      for (const curve of ofFile) {
        for await (const chunk of chunksOf(curve)) await writer.add(curve.name as string, chunk);
        io.curveDone?.(curve.name as string);
      }
      await writer.finish();
    } catch (err) {
      await file.abort();
      throw err;
    }
    return { path: file.path, curves: ofFile.map((c) => c.name as string), rows: writer.rows };
  };
  const files: ExportedFile[] = [];
  if (options.layout === 'long') files.push(await write(`timeseries.${options.format}`, curves));
  else for (const curve of curves) files.push(await write(exportFileName(curve.name as string, options.format), [curve]));
  const curvesFile = await io.writeText('curves.csv', curvesCsv(curves));
  return displayAsRecord({ files, curvesFile, rows: files.reduce((sum, f) => sum + f.rows, 0) }, EXPORT_RESULT);
}
