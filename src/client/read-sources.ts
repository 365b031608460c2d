/**
 * `readSeries` and `readTable`: a real file read through its source description
 * (docs/sources.md) without a service, the same way the service's import reads it (one reader,
 * `src/wire/sources`). Files are read through Node's `fs`, reached at run time
 * (`node-only.ts`); in a browser give the description as an object and the file's content as
 * `data`.
 *
 * @module
 */
import { ValidationError } from '../exceptions';
import { toTable, type FrameTable, type ListTableOptions } from '../frame';
import { Area, Curve, CurveType, DataType, Timeseries, TimeseriesList } from '../model';
import { Frequency } from '../time';
import {
  checkSourceDescription,
  curveFromDefinition,
  gridColumns,
  openSourceData,
  ProblemList,
  readSourceColumns,
  readSourceDescription,
  type CurveRecord,
  type SourceData,
  type SourceDescription,
} from '../wire';
import { nodeProcess } from './node-only';

/** Options of {@link readSeries} and {@link readTable}. */
export interface ReadSourceOptions {
  /** The data file's content (text, bytes or chunks) instead of reading `file` (needed in a browser). */
  data?: SourceData;
  /** Definitions of the stored curves the description names by name only (e.g. from `client.metadata`). */
  curves?: readonly Curve[];
  /** Folder `file` is relative to, for a description given as an object (default: the working folder). */
  baseDir?: string;
}

/** Options of {@link readTable}: those of {@link readSeries} and of `toTable`. */
export type ReadTableOptions = ReadSourceOptions & ListTableOptions;

function describe(source: unknown, options: ReadSourceOptions): { description: SourceDescription; dir: string } {
  if (typeof source === 'string') {
    if (!/\.source\.(ya?ml|json)$/i.test(source))
      throw new ValidationError(
        `expected a source description NAME.source.yaml or NAME.source.json, got ${JSON.stringify(source)}`,
        'source',
      );
    const proc = nodeProcess('readSeries(path)');
    const fs = proc.getBuiltinModule('node:fs');
    const path = proc.getBuiltinModule('node:path');
    let text: string;
    try {
      text = fs.readFileSync(source, 'utf8');
    } catch (err) {
      throw new ValidationError(`cannot read ${source}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 'source');
    }
    return { description: readSourceDescription(text, source), dir: path.dirname(source) };
  }
  if (typeof source !== 'object' || source === null)
    throw new ValidationError('expected a description file path or a description object', 'source');
  return { description: checkSourceDescription(source, 'source'), dir: options.baseDir ?? '.' };
}

/** The data file as chunks (CSV, Arrow) or a range reader (Parquet), through Node's fs. */
async function dataOf(description: SourceDescription, dir: string): Promise<{ data: SourceData; name: string; close(): Promise<void> }> {
  const proc = nodeProcess('readSeries without data');
  const name = proc.getBuiltinModule('node:path').join(dir, description.file);
  try {
    return { ...(await openSourceData(proc.getBuiltinModule('node:fs').promises, name)), name };
  } catch (err) {
    throw new ValidationError(`cannot read ${name}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 'file');
  }
}

function curveModel(record: CurveRecord): Curve {
  const area = (tag: string | null) => (tag === null || tag === '' ? null : Area.byTag(tag));
  return new Curve({
    name: record.name,
    curveType: CurveType.byTag(record.curveType),
    frequency: Frequency.byTag(record.frequency),
    timezone: record.timezone,
    instanceIssuedTimezone: record.instanceIssuedTimezone,
    area: area(record.area),
    areaSink: area(record.areaSink),
    categories: record.categories,
    unit: record.unit,
    denominator: record.denominator,
    dataType: DataType.byTag(record.dataType),
    source: record.source,
    commodity: record.commodity,
  });
}

/**
 * Reads a real file through its source description (docs/sources.md), without a service: one
 * series per mapped column (long layout: per curve), checked as the service's import checks
 * them (dates on the curve's steps, each once).
 *
 * @param source - A description file (`prices.source.yaml`, `.source.json`), or a description object.
 * @param options - The data itself, definitions of curves named by name only, the base folder.
 * @returns The series, in the description's order.
 * @throws ValidationError for a bad argument or an unreadable file; ValueError listing every
 *   problem of the description or the file (`file:line: column: message`).
 * @example
 * const list = await readSeries('data/be-prices.source.yaml');
 * list[0].name //=> 'BE Price Spot EUR/MWh H Actual'
 */
export async function readSeries(source: string | object, options: ReadSourceOptions = {}): Promise<TimeseriesList> {
  const { description, dir } = describe(source, options);
  const problems = new ProblemList();
  let columns: Awaited<ReturnType<typeof readSourceColumns>>;
  let file = description.file;
  if (options.data !== undefined) columns = await readSourceColumns(description, options.data, file, problems);
  else {
    const opened = await dataOf(description, dir);
    file = opened.name;
    try {
      columns = await readSourceColumns(description, opened.data, file, problems);
    } finally {
      await opened.close();
    }
  }
  const out: Timeseries[] = [];
  const known = new Map((options.curves ?? []).map((c) => [c.name, c]));
  for (const c of columns) {
    const given = c.spec.curve;
    let curve: Curve | undefined;
    if (given.name === null) {
      const record = curveFromDefinition(given, problems);
      if (record !== null) curve = curveModel(record);
    } else {
      curve = known.get(given.name);
      if (curve === undefined)
        problems.add(
          given.at,
          'curve',
          `curve ${JSON.stringify(given.name)} is named only: give its definition, or pass it in options.curves`,
        );
    }
    if (curve === undefined) continue;
    if (curve.curveType !== CurveType.TIMESERIES) {
      problems.add(
        given.at,
        'curve',
        `curve ${JSON.stringify(curve.name)} is of type ${curve.curveType.tag}; a source maps TIMESERIES curves`,
      );
      continue;
    }
    const tz = curve.resolution.timezone;
    const grid = gridColumns(
      c,
      { name: curve.name, frequency: curve.frequency.tag, timezone: tz },
      file,
      description.date.column,
      problems,
    );
    if (grid === null) continue;
    out.push(new Timeseries({ curve, resolution: curve.resolution, times: grid.times, values: grid.values }));
  }
  problems.throwIfAny(`Reading ${description.name} failed`, 'nothing was read');
  return new TimeseriesList(out);
}

/**
 * Reads a real file through its source description into a table: `toTable` of
 * {@link readSeries}'s list (a time column and one column per series, with the usual headers).
 *
 * @param source - A description file or object.
 * @param options - Those of {@link readSeries} and of `toTable`.
 * @returns The table.
 * @throws As {@link readSeries}.
 * @example
 * (await readTable('data/opsd.source.yaml')).numCols() //=> 3
 */
export async function readTable(source: string | object, options: ReadTableOptions = {}): Promise<FrameTable> {
  const { data, curves, baseDir, ...table } = options;
  const read: ReadSourceOptions = {};
  if (data !== undefined) read.data = data;
  if (curves !== undefined) read.curves = curves;
  if (baseDir !== undefined) read.baseDir = baseDir;
  return toTable(await readSeries(source, read), table);
}
