/**
 * Running the reference Python client of the protocol (bench/reference-client.py) for the
 * end-to-end benches: `REFERENCE_CLIENT_PATH` is the directory holding its Python package (put on
 * `PYTHONPATH`), `REFERENCE_PYTHON` the interpreter (default `/usr/bin/python3`, which needs
 * requests, pandas, python-dateutil and pytz). The reference asks for gzip as it always does;
 * with `compression: false` its session asks for `identity` instead, for the comparison at equal
 * encoding with our client on loopback (where ours does not ask for compression by default).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** One case for the reference: label, kind, rows expected and the load's arguments. */
export interface ReferenceCase {
  label: string;
  kind: 'timeseries' | 'instance';
  rows: number;
  [argument: string]: unknown;
}

/**
 * Times the reference client on the cases (load + `to_dataframe()`, after its request interval).
 *
 * @returns Milliseconds per call by case label, or null when `REFERENCE_CLIENT_PATH` is not set.
 */
export async function runReference(
  apiUrl: string,
  key: string,
  runs: number,
  cases: readonly ReferenceCase[],
  options: { compression: boolean },
): Promise<Record<string, number[]> | null> {
  const refPath = process.env.REFERENCE_CLIENT_PATH;
  if (!refPath) return null;
  const python = process.env.REFERENCE_PYTHON ?? '/usr/bin/python3';
  const { stdout } = await promisify(execFile)(
    python,
    [join(__dirname, 'reference-client.py'), apiUrl, key, String(runs), JSON.stringify(cases), options.compression ? 'gzip' : 'identity'],
    { env: { ...process.env, PYTHONPATH: refPath }, maxBuffer: 1 << 24 },
  );
  return JSON.parse(stdout) as Record<string, number[]>;
}

/** Says once that the comparison is skipped. */
export function referenceSkipped(): void {
  console.log('REFERENCE_CLIENT_PATH is not set: the comparison with the reference Python client is skipped.');
}
