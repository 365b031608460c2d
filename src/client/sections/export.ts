/**
 * Bulk export from the client (docs/data-out.md#export): the whole history of many curves
 * written to files, one per curve (or one long file with a `curve` column), as Parquet or CSV.
 * Each curve is loaded in chunks of at most `chunkSteps` steps (the long-load chunks,
 * docs/data-out.md#long-loads) and each chunk written as it arrives (a Parquet row group, CSV
 * lines), so memory stays bounded by a chunk, not by the history. Node only: it writes files.
 * A file is written under a temporary name and renamed when complete: nothing half-written
 * stays behind a failure.
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import { Curve, type Timeseries } from '../../model';
import {
  curveDefinitionJson,
  curveName,
  curvePattern,
  DATE_TIME,
  EXPORT_CHUNK_STEPS,
  exportChunkOf,
  exportFilesIn,
  metadataCurve,
  metadataCurves,
  parseCurve,
  parseCurveList,
  parseDateTimeText,
  patternWords,
  runExport,
  SECTION_CURVE_TYPES,
  timeseriesLoad,
  type CurveInput,
  type DateTimeInput,
  type ExportFormat,
  type ExportResult,
  type RequestLine,
} from '../../wire';
import { nodeProcess } from '../node-only';
import { progressDisplay } from '../progress';
import type { CallOptions } from './load-many';

/**
 * Options of `timeseries.export`.
 *
 * @example
 * const opts: ExportOptions = { dir: 'export', format: 'parquet' };
 */
export interface ExportOptions extends CallOptions {
  /** The directory the files go to (created when missing). */
  dir: string;
  /** `parquet` or `csv`. */
  format: ExportFormat;
  /** Start of the history (inclusive; default 1950-01-01 in each curve's zone). */
  begin?: DateTimeInput;
  /** End (exclusive; default 2050-01-01). */
  end?: DateTimeInput;
  /** `curve` (default): one file per curve; `long`: one file `timeseries.<format>` with a `curve` column. */
  layout?: 'curve' | 'long';
  /** At most this many steps per request and per Parquet row group (default 100,000). */
  chunkSteps?: number;
  /** Show progress per curve (default true: a bar in a notebook or on a terminal). */
  progress?: boolean;
}

/** Default history range: 100 years, the longest one request may cover. */
const DEFAULT_BEGIN = '1950-01-01';
const DEFAULT_END = '2050-01-01';

/** Loads one request line as a series (the section's loader). */
export type SeriesLoader = (line: RequestLine, signal?: AbortSignal) => Promise<Timeseries>;
/** Sends one GET and answers its JSON body. */
export type BodyLoader = (line: RequestLine, signal?: AbortSignal) => Promise<unknown>;

function checkOptions(options: ExportOptions): Required<Pick<ExportOptions, 'dir' | 'format' | 'layout' | 'chunkSteps'>> & {
  begin: string;
  end: string;
} {
  const o = options ?? ({} as ExportOptions);
  if (typeof o.dir !== 'string' || o.dir.trim() === '') throw new ValidationError('Provide dir, the directory to write to', 'dir');
  if (o.format !== 'parquet' && o.format !== 'csv')
    throw new ValidationError(`format must be parquet or csv, got ${String(o.format)}`, 'format');
  const layout = o.layout ?? 'curve';
  if (layout !== 'curve' && layout !== 'long') throw new ValidationError(`layout must be curve or long, got ${String(layout)}`, 'layout');
  const chunkSteps = o.chunkSteps ?? EXPORT_CHUNK_STEPS;
  if (!Number.isInteger(chunkSteps) || chunkSteps < 1)
    throw new ValidationError(`chunkSteps must be a positive integer, got ${String(chunkSteps)}`, 'chunkSteps');
  const begin = o.begin === undefined || o.begin === null ? DEFAULT_BEGIN : DATE_TIME.encode(o.begin, 'begin');
  const end = o.end === undefined || o.end === null ? DEFAULT_END : DATE_TIME.encode(o.end, 'end');
  return { dir: o.dir, format: o.format, layout, chunkSteps, begin, end };
}

/**
 * The curves of an export: a pattern (`*` any text, `?` one character) searched on the service,
 * or a list of curves and names (names looked up).
 *
 * @param curves - A pattern, or curves and names.
 * @param body - Sends a GET.
 * @param signal - Cancels the lookups.
 * @returns The curves (TIMESERIES or SCENARIO_TIMESERIES), in name order for a pattern.
 * @throws ValidationError (parameter `curves`) for an empty list, a pattern that matches no
 *   time-series curve, or a curve of another type.
 */
async function exportCurves(curves: string | Iterable<CurveInput>, body: BodyLoader, signal?: AbortSignal): Promise<Curve[]> {
  const types: readonly string[] = SECTION_CURVE_TYPES.timeseries;
  let found: Curve[];
  if (typeof curves === 'string') {
    const re = curvePattern(curves);
    found = [];
    const q = patternWords(curves);
    for (let page = 1; page <= 10_000; page++) {
      const list = parseCurveList(await body(metadataCurves({ ...(q ? { q } : {}), page, pageSize: 100 }), signal));
      found.push(...list.filter((c) => re.test(c.name) && types.includes(c.curveType.tag)));
      if (list.length < 100) break;
    }
    if (found.length === 0) throw new ValidationError(`No time-series curve matches ${JSON.stringify(curves)}`, 'curves');
    return found;
  }
  if (curves === null || typeof curves !== 'object' || !(Symbol.iterator in curves)) {
    throw new ValidationError('Provide a curve-name pattern or a list of curves', 'curves');
  }
  const list = [...curves];
  if (list.length === 0) throw new ValidationError('Provide at least one curve', 'curves');
  for (const c of list) curveName(c, types);
  found = [];
  for (const c of list) found.push(Curve.isCurve(c) ? c : parseCurve(await body(metadataCurve(curveName(c, types)), signal)));
  for (const c of found) {
    if (!types.includes(c.curveType.tag))
      throw new ValidationError(`The curve '${c.name}' is of type ${c.curveType.tag}; export takes ${types.join(', ')} curves`, 'curves');
  }
  return found;
}

/**
 * Exports the whole history of curves to files (see the module comment).
 *
 * @param curves - A curve-name pattern, or curves and names.
 * @param options - See {@link ExportOptions}.
 * @param series - Loads one chunk.
 * @param body - Sends a lookup GET.
 * @returns The files written.
 * @throws ValidationError naming `curves`, `dir`, `format`, `layout`, `chunkSteps`, `begin` or
 *   `end` before any request (a pattern is searched first); InitializationError in a browser;
 *   the loads' errors (the file being written is removed).
 */
export async function exportTimeseries(
  curves: string | Iterable<CurveInput>,
  options: ExportOptions,
  series: SeriesLoader,
  body: BodyLoader,
): Promise<ExportResult> {
  const o = checkOptions(options);
  const proc = nodeProcess('timeseries.export');
  const begin = parseDateTimeText(o.begin);
  const end = parseDateTimeText(o.end);
  if (begin === undefined) throw new ValidationError(`Not a date-time: ${o.begin}`, 'begin');
  if (end === undefined) throw new ValidationError(`Not a date-time: ${o.end}`, 'end');
  const signal = options.signal;
  const list = await exportCurves(curves, body, signal);
  const byName = new Map(list.map((c) => [c.name, c]));
  const files = await exportFilesIn(o.dir, proc.getBuiltinModule('node:fs/promises'), proc.getBuiltinModule('node:path').join);
  const display = progressDisplay('curves', list.length, options.progress !== false);
  try {
    return await runExport(
      list.map((c) => curveDefinitionJson(c)),
      { format: o.format, layout: o.layout, chunkSteps: o.chunkSteps, begin, end },
      {
        ...files,
        async loadChunk(curve, chunk) {
          return exportChunkOf(
            await series(timeseriesLoad(byName.get(curve.name as string)!, { begin: chunk.begin, end: chunk.end }), signal),
          );
        },
        curveDone: () => display.step(true),
      },
    );
  } finally {
    display.done();
  }
}
