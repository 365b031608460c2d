/**
 * The store of the decade benchmarks (bench/arrow-stream.ts, bench/arrow-decade.ts,
 * bench/decade-panel.ts): curves of ten years of CET 15-minute values (2015-2024, 350,592 rows
 * each, no gaps) and a user with access to everything, in a fresh directory.
 *
 * @module
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { DuckDbStore } from '../server/src/store';
import { benchCurve } from './bench-curve';

const Q = 900_000;
/** 2025-01-01 00:00 CET. */
const END = Date.UTC(2024, 11, 31, 23);
/** 00:00 CET on the first day of a year. */
const yearStart = (year: number) => Date.UTC(year - 1, 11, 31, 23);
/** Rows of one curve of ten years of quarter-hours (2015-2024). */
export const DECADE_ROWS = (END - yearStart(2015)) / Q;

/** The name of bench curve `k`. */
export const decadeCurve = (k: number): string => `DE Bench ${String(k).padStart(2, '0')} MWh/h 15min Actual`;

/** A store directory holding the decade curves. */
export interface DecadeStore {
  /** The directory (remove it when done). */
  dir: string;
  /** A key that works. */
  key: string;
  /** The curve names. */
  curves: string[];
}

/**
 * Writes `count` decade curves and a bench user into a fresh directory (the store is closed
 * again, so another process can serve it).
 *
 * @param prefix - The temporary directory's name prefix.
 * @param count - How many curves.
 * @param years - Years of values, ending with 2024 (default 10).
 * @returns The directory, key and curve names.
 * @example
 * const { dir, key, curves } = await decadeStore('bench-decade-', 1);
 */
export async function decadeStore(prefix: string, count: number, years = 10): Promise<DecadeStore> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  const curves = Array.from({ length: count }, (_, k) => decadeCurve(k));
  const begin = yearStart(2025 - years);
  const rows = (END - begin) / Q;
  const times = Float64Array.from({ length: rows }, (_, i) => begin + i * Q);
  try {
    await store.importBatch({
      users: [
        { id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] },
      ],
      keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
      curves: curves.map((name) => benchCurve(name)),
    });
    for (const [k, curve] of curves.entries()) {
      const values = Float64Array.from(
        { length: rows },
        (_, i) => Math.round((20_000 + 15_000 * Math.sin(i / 700 + k) + ((i * (k + 3)) % 97) * 13.7) * 100) / 100,
      );
      await store.importBatch({ series: [{ curve, issued: null, tag: null, times, values, scenarios: [], scenarioNames: [] }] });
    }
  } finally {
    await store.close();
  }
  return { dir, key, curves };
}
