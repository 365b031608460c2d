/**
 * `service import FILE...`: imports CSV and JSON files (docs/import-formats.md) and source files
 * (a `NAME.source.yaml` description with its data file, docs/sources.md) in one atomic batch.
 * By default into the store in `--data DIR` (the service must not be running on it: the embedded
 * store allows one process); with `--url`, into a running service through
 * `POST {api}/import/`, so that push-feed subscribers get the events at once. Bad files are
 * reported with file, line and field, and nothing is imported.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { ValidationError, ValueError } from 'service/exceptions';
import { formatProblem, importFiles, isSourceDescription, ProblemList, sourceDataFile, type ImportSummary } from '../import';
import type { Store } from '../store';
import { remoteOption, storeOption, TARGET_OPTIONS } from './cli-args';
import { oneStore, openStore } from './open-store';
import type { CliIO } from './cli-io';

/** Options of `service import`. */
export interface ImportOptions {
  /** The files. */
  files: string[];
  /** The data directory (default `./data`), when not sending to `url`. */
  data: string;
  /** A `postgres://` URL: import into the shared store (a service may be running on it). */
  store?: string;
  /** API root of a running service, e.g. `http://127.0.0.1:7070/api`. */
  url?: string;
  /** API key for `url` (or read from `keyFile`). */
  key?: string;
  /** File holding the API key for `url`. */
  keyFile?: string;
  /** Check only; write nothing. */
  dryRun: boolean;
}

/**
 * Parses the arguments of `service import`.
 *
 * @param args - Arguments after `import`.
 * @returns The options.
 * @throws ValidationError for a bad option, no files, or `--url` without a key.
 * @example
 * parseImport(['--data', 'd', 'wind.csv']) //=> { files: ['wind.csv'], data: 'd', dryRun: false }
 */
export function parseImport(args: string[]): ImportOptions {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...TARGET_OPTIONS,
      'dry-run': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new ValidationError('No files given: service import FILE...', 'files');
  const store = storeOption(values.store);
  oneStore(values.data, store);
  const out: ImportOptions = {
    files: positionals,
    data: values.data ?? 'data',
    dryRun: values['dry-run'] ?? false,
    ...(store === undefined ? {} : { store }),
  };
  Object.assign(out, remoteOption(values));
  return out;
}

function report(
  summary: Pick<ImportSummary, 'files' | 'newCurves' | 'blocks' | 'values' | 'instances'>,
  events: number,
  dryRun: boolean,
  io: CliIO,
): void {
  const verb = dryRun ? 'Checked' : 'Imported';
  io.out(
    `${verb} ${summary.files} file${summary.files === 1 ? '' : 's'}: ${summary.newCurves.length} new curves, ${summary.instances} instances, ` +
      `${summary.blocks} blocks, ${summary.values} values${dryRun ? ' (nothing written)' : `, ${events} events`}`,
  );
  for (const name of summary.newCurves) io.out(`  new curve: ${name}`);
}

async function importLocal(options: ImportOptions, io: CliIO): Promise<number> {
  // the store opens (DuckDB's own threads) while the files are read; nothing else reads it while
  // the command imports, so the values go in on all of DuckDB's threads
  const opening = openStore(options, {}, { exclusiveWrites: true }).catch((err: Error): Promise<Store> => {
    if (options.store !== undefined) throw err;
    throw new ValueError(
      `${err.message}\nIs a service running on ${options.data}? Send the files to it instead: ` +
        'service import --url http://127.0.0.1:7070/api --key-file KEYFILE FILE...',
    );
  });
  try {
    const summary = await importFiles(opening, options.files, { dryRun: options.dryRun });
    report(summary, summary.events.length, options.dryRun, io);
    return 0;
  } finally {
    await (await opening.catch(() => null))?.close();
  }
}

async function importRemote(options: ImportOptions, io: CliIO): Promise<number> {
  const key = options.key ?? readFileSync(options.keyFile as string, 'utf8').trim();
  const read = (name: string, encoding: 'utf8' | 'base64'): string => {
    try {
      return readFileSync(name, encoding);
    } catch (err) {
      throw new ValueError(
        `${formatProblem({ file: name, line: 0, field: null, message: `cannot read the file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` })}`,
      );
    }
  };
  const files = options.files.map((name) => {
    const text = read(name, 'utf8');
    const file = isSourceDescription(name) ? sourceDataFile(name, text, new ProblemList()) : null;
    if (file === null) return { name, text };
    // a source description travels with its data file: text, or base64 for Parquet and Arrow
    const dataName = join(dirname(name), file);
    const binary = /\.(parquet|arrow|feather|ipc)$/i.test(file);
    return {
      name,
      text,
      data: binary ? { name: dataName, base64: read(dataName, 'base64') } : { name: dataName, text: read(dataName, 'utf8') },
    };
  });
  let response: Response;
  try {
    response = await fetch(`${options.url}/import/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify({ files, dry_run: options.dryRun }),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ValueError(`Cannot reach the service at ${options.url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ValueError(typeof body.message === 'string' ? body.message : `The service answered HTTP ${response.status}`);
  const summary = {
    files: Number(body.files),
    newCurves: (body.new_curves as string[]) ?? [],
    blocks: Number(body.blocks),
    values: Number(body.values),
    instances: Number(body.instances),
  };
  report(summary, Number(body.events), options.dryRun, io);
  return 0;
}

/**
 * Runs `service import`.
 *
 * @param options - The parsed options.
 * @param io - Output.
 * @returns The exit status (0 when imported).
 * @throws ValueError listing every problem (`file:line: field: message`); nothing is imported then.
 * @example
 * await runImport(parseImport(['--data', dir, 'curves.csv', 'wind.csv']), io) //=> 0
 */
export async function runImport(options: ImportOptions, io: CliIO): Promise<number> {
  return options.url === undefined ? importLocal(options, io) : importRemote(options, io);
}
