/**
 * Running the reference Python client of the protocol beside our own (bench/reference-client.py
 * for the end-to-end benches, bench/skill-reference.py for the skill bench).
 * `REFERENCE_CLIENT_PATH` is the directory holding its Python package, `energyquantified` (put on
 * `PYTHONPATH`; the package's source is public, in the repository
 * `energyquantified/eq-python-client`), `REFERENCE_PYTHON` the interpreter (default
 * `/usr/bin/python3`, which needs requests, pandas, python-dateutil, pytz, tzlocal and
 * websocket-client: on Debian `apt-get install python3-pandas python3-requests python3-dateutil
 * python3-tz python3-tzlocal python3-websocket`). The reference asks for gzip as it always does;
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
  const stdout = await runReferenceScript('reference-client.py', [
    apiUrl,
    key,
    String(runs),
    JSON.stringify(cases),
    options.compression ? 'gzip' : 'identity',
  ]);
  return stdout === null ? null : (JSON.parse(stdout) as Record<string, number[]>);
}

/**
 * Runs a Python script of `bench/` with the reference client on `PYTHONPATH`.
 *
 * @param script - The script's file name in `bench/`.
 * @param args - Its arguments.
 * @returns What it printed, or null when `REFERENCE_CLIENT_PATH` is not set.
 */
export async function runReferenceScript(script: string, args: readonly string[]): Promise<string | null> {
  const refPath = process.env.REFERENCE_CLIENT_PATH;
  if (!refPath) return null;
  const python = process.env.REFERENCE_PYTHON ?? '/usr/bin/python3';
  const { stdout } = await promisify(execFile)(python, [join(__dirname, script), ...args], {
    env: { ...process.env, PYTHONPATH: refPath },
    maxBuffer: 1 << 24,
  });
  return stdout;
}

/** Says once that the comparison is skipped. */
export function referenceSkipped(): void {
  console.log('REFERENCE_CLIENT_PATH is not set: the comparison with the reference Python client is skipped.');
}
