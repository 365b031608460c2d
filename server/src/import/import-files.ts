/**
 * The import of CSV and JSON files (docs/import-formats.md) and source files (docs/sources.md)
 * into a store: every file is read and checked, all of them together become one batch, and the
 * batch goes through `store.importBatch`, atomically: a failed import changes nothing. The events the import appends
 * to the log are pushed to subscribers by the push feed like those of any other write.
 *
 * @module
 */
import { promises as fsPromises, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { ValueError } from 'service/exceptions';
import { openSourceData, type SourceData } from '#wire';
import type { EventRecord, ImportResult, Store } from '../store';
import { buildImportBatch, type BuiltBatch } from './build-batch';
import { ProblemList, type ImportProblem } from '#wire';
import type { RawDocument } from './raw-document';
import { readCsv } from './read-csv';
import { readJson } from './read-json';
import { isSourceDescription, readSourceFile, sourceDataFile } from './read-source-file';

/** One file's content to import. */
export interface ImportSource {
  /** The file's name (for messages; its extension gives the format when `format` is absent). */
  name: string;
  /** The file's text. */
  text: string;
  /** `csv` or `json` (default: from the name's extension). */
  format?: 'csv' | 'json';
  /** A source description's data file (docs/sources.md): its content... */
  data?: SourceData;
  /** ... and its name. */
  dataName?: string;
}

/** Options of an import. */
export interface ImportFilesOptions {
  /** Current time in epoch ms, for instance `created`/`modified` (default `Date.now`). */
  clock?: () => number;
  /** Check only: build the batch but write nothing. */
  dryRun?: boolean;
}

/** What an import did (or, for a dry run, would do). */
export interface ImportSummary {
  /** Number of files. */
  files: number;
  /** Curves created. */
  newCurves: string[];
  /** Every curve the import defines or writes data of (created or updated), sorted. */
  curves: string[];
  /** Instances created or modified. */
  instances: number;
  /** Data blocks (series, period series, OHLC lists). */
  blocks: number;
  /** Values written (each scenario counts), periods and OHLC rows. */
  values: number;
  /** Events appended to the log (none for a dry run). */
  events: EventRecord[];
}

/**
 * Reads one source into a document.
 *
 * @param source - Name, text and optional format.
 * @param problems - Receives the problems found.
 * @returns The document.
 * @example
 * readSource({ name: 'wind.csv', text }, problems).series.length //=> 1
 */
function readSource(source: ImportSource, problems: ProblemList): RawDocument {
  const ext = extname(source.name).toLowerCase();
  const format = source.format ?? (ext === '.csv' ? 'csv' : ext === '.json' ? 'json' : null);
  if (format === 'csv') return readCsv(source.name, source.text, problems);
  if (format === 'json') return readJson(source.name, source.text, problems);
  problems.add({ file: source.name, line: 0 }, null, 'unknown file type: name CSV files *.csv and JSON files *.json');
  return { file: source.name, curves: [], series: [], periods: [], ohlc: [] };
}

/**
 * Reads one source into a document, a source description with its data file included.
 *
 * @param source - Name, text, optional format, and a description's data.
 * @param problems - Receives the problems found.
 * @returns The document.
 * @example
 * (await readAnySource({ name: 'be.source.yaml', text, data, dataName: 'be.csv' }, problems)).series.length //=> 1
 */
export async function readAnySource(source: ImportSource, problems: ProblemList): Promise<RawDocument> {
  if (isSourceDescription(source.name)) return readSourceFile(source.name, source.text, source.data, source.dataName, problems);
  return readSource(source, problems);
}

async function readAll(sources: readonly ImportSource[], problems: ProblemList): Promise<RawDocument[]> {
  const docs: RawDocument[] = [];
  for (const s of sources) docs.push(await readAnySource(s, problems));
  return docs;
}

function countValues(result: Pick<ImportResult, 'values' | 'periods' | 'ohlcRows'>): number {
  return result.values + result.periods + result.ohlcRows;
}

/**
 * Checks sources without writing anything.
 *
 * @param store - The store (for stored curves and instances).
 * @param sources - The files' contents.
 * @param options - Clock.
 * @returns The problems found (empty when the import would succeed).
 * @example
 * await checkSources(store, [{ name: 'bad.csv', text: 'curve,date,value\nX,2024-13-01,1\n' }])
 * //=> [{ file: 'bad.csv', line: 2, field: 'curve', message: 'unknown curve "X": ...' }]
 */
export async function checkSources(
  store: Store,
  sources: readonly ImportSource[],
  options: ImportFilesOptions = {},
): Promise<ImportProblem[]> {
  const problems = new ProblemList();
  const docs = await readAll(sources, problems);
  await buildImportBatch(docs, store, problems, (options.clock ?? Date.now)());
  return problems.items;
}

/**
 * Imports documents already read (by {@link readSource}, or built by a program such as the live
 * demo) into a store in one atomic batch.
 *
 * @param store - The store.
 * @param docs - The documents.
 * @param options - Clock, dry run.
 * @param problems - Problems found while reading the documents, if any (reported with the others).
 * @returns What was imported.
 * @throws ValueError listing every problem (`file:line: field: message`), or naming the store's
 *   refusal; the store is then unchanged.
 * @example
 * (await importDocuments(store, [doc])).blocks //=> 1
 */
export async function importDocuments(
  store: Store,
  docs: readonly RawDocument[],
  options: ImportFilesOptions = {},
  problems = new ProblemList(),
): Promise<ImportSummary> {
  const built = await buildImportBatch(docs, store, problems, (options.clock ?? Date.now)());
  problems.throwIfAny();
  return importBuilt(store, built, docs.length, options);
}

/**
 * Writes a batch already built and checked (by {@link buildImportBatch}, here or on the import
 * thread) in one atomic import, or, for a dry run, only counts it.
 *
 * @param store - The store.
 * @param built - The batch and the curves it creates.
 * @param files - Number of files it came from.
 * @param options - Dry run.
 * @returns What was imported.
 * @throws ValueError naming the store's refusal; the store is then unchanged.
 * @example
 * (await importBuilt(store, built, 2)).files //=> 2
 */
export async function importBuilt(
  store: Store,
  built: BuiltBatch,
  files: number,
  options: Pick<ImportFilesOptions, 'dryRun'> = {},
): Promise<ImportSummary> {
  const { batch, newCurves } = built;
  const docs = { length: files };
  const blocks = (batch.series?.length ?? 0) + (batch.periods?.length ?? 0) + (batch.ohlc?.length ?? 0);
  const instances = batch.instances?.length ?? 0;
  const curves = [
    ...new Set(
      [...(batch.curves ?? []), ...(batch.series ?? []), ...(batch.periods ?? []), ...(batch.ohlc ?? [])].map((r) =>
        'name' in r ? r.name : r.curve,
      ),
    ),
  ].sort();
  if (options.dryRun) {
    let values = 0;
    for (const s of batch.series ?? []) values += s.times.length * ((s.values ? 1 : 0) + s.scenarios.length);
    for (const p of batch.periods ?? []) values += p.begins.length;
    for (const o of batch.ohlc ?? []) values += o.traded.length;
    return { files: docs.length, newCurves, curves, instances, blocks, values, events: [] };
  }
  let result: ImportResult;
  try {
    result = await store.importBatch(batch);
  } catch (err) {
    throw new ValueError(`Import failed; nothing was imported: ${(err as Error).message}`);
  }
  return { files: docs.length, newCurves, curves, instances, blocks, values: countValues(result), events: result.events };
}

/**
 * Imports sources into a store in one atomic batch.
 *
 * @param store - The store.
 * @param sources - The files' contents.
 * @param options - Clock, dry run.
 * @returns What was imported.
 * @throws ValueError listing every problem (`file:line: field: message`) when a file is bad, or
 *   naming the store's refusal; the store is then unchanged.
 * @example
 * (await importSources(store, [{ name: 'wind.csv', text }])).events.length //=> 1
 */
export async function importSources(
  store: Store,
  sources: readonly ImportSource[],
  options: ImportFilesOptions = {},
): Promise<ImportSummary> {
  const problems = new ProblemList();
  const docs = await readAll(sources, problems);
  return importDocuments(store, docs, options, problems);
}

/**
 * Imports files into a store in one atomic batch (`service import FILE...`).
 *
 * @param store - The store, or its opening: the files are read and checked while it opens.
 * @param paths - The files (`*.csv`, `*.json`, source descriptions `*.source.yaml` whose data
 *   files are read as they stream in).
 * @param options - Clock, dry run.
 * @returns What was imported.
 * @throws ValueError listing every problem when a file cannot be read or is bad, or the error
 *   of a store that did not open; the store is then unchanged.
 * @example
 * (await importFiles(store, ['curves.csv', 'wind.csv'])).newCurves //=> ['DE Wind Power Production MWh/h 15min Actual']
 */
export async function importFiles(
  store: Store | Promise<Store>,
  paths: readonly string[],
  options: ImportFilesOptions = {},
): Promise<ImportSummary> {
  // an opening that fails is reported when the store is needed, after the files are read
  Promise.resolve(store).catch(() => undefined);
  if (paths.length === 0) throw new ValueError('No files to import');
  const problems = new ProblemList();
  const sources: ImportSource[] = [];
  const open: (() => Promise<void>)[] = [];
  const cannot = (path: string, err: unknown) =>
    problems.add({ file: path, line: 0 }, null, `cannot read the file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  try {
    for (const path of paths) {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (err) {
        cannot(path, err);
        continue;
      }
      const source: ImportSource = { name: path, text };
      const file = isSourceDescription(path) ? sourceDataFile(path, text, new ProblemList()) : null;
      if (file !== null) {
        const dataName = join(dirname(path), file);
        try {
          const { data, close } = await openSourceData(fsPromises, dataName);
          open.push(close);
          Object.assign(source, { data, dataName });
        } catch (err) {
          cannot(dataName, err);
        }
      }
      sources.push(source);
    }
    problems.throwIfAny();
    const docs = await readAll(sources, problems);
    return await importDocuments(await store, docs, options, problems);
  } finally {
    for (const close of open) await close();
  }
}
