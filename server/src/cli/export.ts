/**
 * `service export`: the whole history of the time-series curves a pattern picks, written to a
 * directory as Parquet or CSV (docs/data-out.md#export), one file per curve (or one long file),
 * with `curves.csv` holding their definitions, so the directory imports as it is. From the store
 * in `--data DIR` (the service must not be running on it), or from a running service with
 * `--url`. Each curve is read in chunks on step boundaries and each chunk written as it arrives.
 *
 * @module
 */
import * as fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ValidationError, ValueError, errorFromResponse } from 'service/exceptions';
import {
  curveDefinitionJson,
  curvePattern,
  EXPORT_CHUNK_STEPS,
  exportChunkOf,
  exportFilesIn,
  formatRequestLine,
  metadataCurves,
  parseCurveList,
  parseDateTimeText,
  parseTimeseries,
  patternWords,
  runExport,
  timeseriesLoad,
  type CurveDefinitionJson,
  type ExportChunk,
  type ExportIO,
  type ExportResult,
  type RangeChunk,
  type RequestLine,
  type WireDateTime,
} from '#wire';
import type { CurveRecord, Store } from '../store';
import { intOption, remoteOption, storeOption, TARGET_OPTIONS } from './cli-args';
import type { CliIO } from './cli-io';
import { oneStore, openStore } from './open-store';

/** Curve types an export writes. */
const TYPES: readonly string[] = ['TIMESERIES', 'SCENARIO_TIMESERIES'];

/** Options of `service export`. */
export interface ExportCommand {
  /** The data directory (default `./data`), when not reading from `url`. */
  data: string;
  /** A `postgres://` URL of the shared store. */
  store?: string;
  /** API root of a running service. */
  url?: string;
  /** API key for `url`. */
  key?: string;
  /** File holding the API key for `url`. */
  keyFile?: string;
  /** The curve-name pattern. */
  curves: string;
  /** `parquet` or `csv`. */
  format: 'parquet' | 'csv';
  /** The output directory. */
  out: string;
  /** `curve` or `long`. */
  layout: 'curve' | 'long';
  /** Start (default 1950-01-01). */
  begin: WireDateTime;
  /** End (default 2050-01-01). */
  end: WireDateTime;
  /** Steps per chunk. */
  chunkSteps: number;
}

function dateArg(value: string | undefined, name: string, fallback: string): WireDateTime {
  const parsed = parseDateTimeText(value ?? fallback);
  if (parsed === undefined)
    throw new ValidationError(`--${name} must be a date or date-time (YYYY-MM-DD[ HH:MM]), got ${JSON.stringify(value)}`, name);
  return parsed;
}

/**
 * Parses the arguments of `service export`.
 *
 * @param args - Arguments after `export`.
 * @returns The command.
 * @throws ValidationError for a missing or bad option.
 * @example
 * parseExport(['--data', 'd', '--curves', 'DE * Actual', '--format', 'csv', '--out', 'x']).layout //=> 'curve'
 */
export function parseExport(args: string[]): ExportCommand {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...TARGET_OPTIONS,
      curves: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      long: { type: 'boolean' },
      begin: { type: 'string' },
      end: { type: 'string' },
      'chunk-steps': { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new ValidationError(`Unexpected argument ${JSON.stringify(positionals[0])}`, 'args');
  const store = storeOption(values.store);
  oneStore(values.data, store);
  if (values.curves === undefined || values.curves.trim() === '')
    throw new ValidationError('--curves PATTERN is required (e.g. "DE * 15min Actual")', 'curves');
  curvePattern(values.curves);
  if (values.format !== 'parquet' && values.format !== 'csv')
    throw new ValidationError(`--format must be parquet or csv, got ${JSON.stringify(values.format)}`, 'format');
  if (values.out === undefined || values.out === '') throw new ValidationError('--out DIR is required', 'out');
  const out: ExportCommand = {
    data: values.data ?? 'data',
    ...(store === undefined ? {} : { store }),
    curves: values.curves,
    format: values.format,
    out: values.out,
    layout: values.long ? 'long' : 'curve',
    begin: dateArg(values.begin, 'begin', '1950-01-01'),
    end: dateArg(values.end, 'end', '2050-01-01'),
    chunkSteps: intOption(values['chunk-steps'], 'chunk-steps', 1, 10_000_000, EXPORT_CHUNK_STEPS),
  };
  Object.assign(out, remoteOption({ ...values, store }));
  return out;
}

/**
 * A stored curve's definition in the import format's field names.
 *
 * @param c - The record.
 * @returns The definition.
 * @example
 * definitionOfRecord(record).curve_type //=> 'TIMESERIES'
 */
function definitionOfRecord(c: CurveRecord): CurveDefinitionJson {
  const out: CurveDefinitionJson = {
    name: c.name,
    curve_type: c.curveType,
    data_type: c.dataType,
    frequency: c.frequency,
    timezone: c.timezone,
    unit: c.unit,
    categories: [...c.categories],
  };
  const optional: [string, string | null][] = [
    ['area', c.area],
    ['area_sink', c.areaSink],
    ['denominator', c.denominator],
    ['source', c.source],
    ['commodity', c.commodity],
    ['instance_issued_timezone', c.instanceIssuedTimezone],
    ['place_key', c.placeKey],
    ['package', c.package],
  ];
  for (const [key, value] of optional) if (value !== null && value !== '') out[key] = value;
  return out;
}

async function storeCurves(store: Store, pattern: string): Promise<CurveDefinitionJson[]> {
  const re = curvePattern(pattern);
  const q = patternWords(pattern);
  const found: CurveDefinitionJson[] = [];
  for (let page = 1; ; page++) {
    const result = await store.searchCurves({ ...(q ? { q } : {}), page, pageSize: 500 });
    for (const c of result.items) if (re.test(c.name) && TYPES.includes(c.curveType)) found.push(definitionOfRecord(c));
    if (page >= result.lastPage) break;
  }
  return found;
}

async function fromStore(command: ExportCommand, io: CliIO): Promise<ExportResult> {
  let store: Store;
  try {
    store = await openStore(command);
  } catch (err) {
    if (command.store !== undefined) throw err;
    throw new ValueError(
      `${(err as Error).message}\nIs a service running on ${command.data}? Export from it instead: ` +
        'service export --url http://127.0.0.1:7070/api --key-file KEYFILE ...',
    );
  }
  try {
    const curves = await storeCurves(store, command.curves);
    const loadChunk = async (curve: CurveDefinitionJson, chunk: RangeChunk): Promise<ExportChunk> => {
      const block = await store.readSeries(curve.name as string, { begin: chunk.beginMs, end: chunk.endMs });
      return { times: block.times, values: block.values, scenarios: block.scenarios, scenarioNames: block.scenarioNames };
    };
    // the stored span of a curve, from a batched read opened and closed again (a store without
    // them, or with every reader busy, leaves it unknown: then every chunk is read)
    const span = async (curve: CurveDefinitionJson) => {
      const cursor = (await store.openSeries?.(curve.name as string, {})) ?? null;
      if (cursor === null) return undefined;
      await cursor.close();
      return cursor.rows === 0 ? null : { first: cursor.first, last: cursor.last };
    };
    return await exportCurves(command, curves, io, loadChunk, span);
  } finally {
    await store.close();
  }
}

async function fromService(command: ExportCommand, io: CliIO): Promise<ExportResult> {
  const key = command.key ?? readFileSync(command.keyFile as string, 'utf8').trim();
  const get = async (line: RequestLine): Promise<unknown> => {
    const url = `${command.url}${formatRequestLine(line)}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { 'X-API-Key': key } });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new ValueError(`Cannot reach the service at ${command.url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response.status, text, {}) ?? new ValueError(`GET ${url}: HTTP ${response.status}`);
    return JSON.parse(text);
  };
  const re = curvePattern(command.curves);
  const q = patternWords(command.curves);
  const curves: CurveDefinitionJson[] = [];
  for (let page = 1; page <= 10_000; page++) {
    const list = parseCurveList(await get(metadataCurves({ ...(q ? { q } : {}), page, pageSize: 100 })));
    for (const c of list) {
      if (!re.test(c.name) || !TYPES.includes(c.curveType.tag)) continue;
      curves.push(curveDefinitionJson(c));
    }
    if (list.length < 100) break;
  }
  return exportCurves(command, curves, io, async (curve, chunk) =>
    exportChunkOf(parseTimeseries(await get(timeseriesLoad(curve.name as string, { begin: chunk.begin, end: chunk.end })))),
  );
}

async function exportCurves(
  command: ExportCommand,
  curves: CurveDefinitionJson[],
  io: CliIO,
  loadChunk: ExportIO['loadChunk'],
  span?: ExportIO['span'],
): Promise<ExportResult> {
  if (curves.length === 0) throw new ValueError(`No time-series curve matches ${JSON.stringify(command.curves)}`);
  const files = await exportFilesIn(command.out, fs, join);
  let done = 0;
  return runExport(
    curves,
    { format: command.format, layout: command.layout, chunkSteps: command.chunkSteps, begin: command.begin, end: command.end },
    { ...files, loadChunk, ...(span ? { span } : {}), curveDone: (name) => io.out(`  ${++done}/${curves.length} ${name}`) },
  );
}

/**
 * Runs `service export`.
 *
 * @param command - The parsed options.
 * @param io - Output.
 * @returns The exit status (0 when exported).
 * @throws ValueError for no matching curve or an unreachable service; the store's errors.
 * @example
 * await runExportCommand(parseExport(['--data', dir, '--curves', '*', '--format', 'parquet', '--out', 'x']), io) //=> 0
 */
export async function runExportCommand(command: ExportCommand, io: CliIO): Promise<number> {
  const result = command.url === undefined ? await fromStore(command, io) : await fromService(command, io);
  io.out(
    `Exported ${result.files.length} file${result.files.length === 1 ? '' : 's'}, ${result.rows} rows to ${command.out} (definitions in ${result.curvesFile})`,
  );
  return 0;
}
