/**
 * Test helper: seeds the demo dataset into an in-memory fake store that only implements
 * `importBatch` and keeps every batch, with lookups by curve name.
 */
import { createHash } from 'node:crypto';
import { seedDemo, type SeedDemoOptions, type SeedDemoResult } from '../../../server/src/demo';
import type { CurveRecord, ImportBatch, InstanceRecord, OhlcBlock, PeriodBlock, SeriesBlock } from '../../../server/src/store/types';

/** Everything one seeding wrote. */
export interface Collected {
  result: SeedDemoResult;
  batches: ImportBatch[];
  progress: [number, number, string][];
  curves: Map<string, CurveRecord>;
  /** Plain (non-instance) series by curve name. */
  series: Map<string, SeriesBlock>;
  /** Instance series by curve name. */
  instanceSeries: Map<string, SeriesBlock[]>;
  instances: Map<string, InstanceRecord[]>;
  periods: Map<string, PeriodBlock[]>;
  ohlc: Map<string, OhlcBlock>;
}

/**
 * Seeds into a fake store and indexes what was written.
 *
 * @param opts - Seeding options.
 * @returns The collected batches.
 */
export async function collect(opts: SeedDemoOptions): Promise<Collected> {
  const batches: ImportBatch[] = [];
  const progress: [number, number, string][] = [];
  const result = await seedDemo(
    {
      importBatch: async (b: ImportBatch) => {
        batches.push(b);
      },
    },
    {
      ...opts,
      onProgress: (d, t, l) => progress.push([d, t, l]),
    },
  );
  const c: Collected = {
    result,
    batches,
    progress,
    curves: new Map(),
    series: new Map(),
    instanceSeries: new Map(),
    instances: new Map(),
    periods: new Map(),
    ohlc: new Map(),
  };
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const b of batches) {
    for (const r of b.curves ?? []) c.curves.set(r.name, r);
    for (const s of b.series ?? []) {
      if (s.issued === null) c.series.set(s.curve, s);
      else push(c.instanceSeries, s.curve, s);
    }
    for (const i of b.instances ?? []) push(c.instances, i.curve, i);
    for (const p of b.periods ?? []) push(c.periods, p.curve, p);
    for (const o of b.ohlc ?? []) c.ohlc.set(o.curve, o);
  }
  return c;
}

/**
 * A digest of every batch (records as JSON, arrays as bytes), to compare two seedings.
 *
 * @param batches - The batches.
 * @returns Hex SHA-256.
 */
export function digest(batches: readonly ImportBatch[]): string {
  const h = createHash('sha256');
  const feed = (value: unknown): void => {
    if (value instanceof Float64Array) {
      h.update(`f${value.length}:`);
      h.update(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    } else if (Array.isArray(value)) {
      h.update(`[${value.length}`);
      value.forEach(feed);
    } else if (value !== null && typeof value === 'object') {
      for (const k of Object.keys(value).sort()) {
        h.update(`{${k}:`);
        feed((value as Record<string, unknown>)[k]);
      }
    } else {
      h.update(JSON.stringify(value) ?? 'undefined');
    }
  };
  batches.forEach(feed);
  return h.digest('hex');
}

/**
 * The value of a series at an instant (NaN when absent).
 *
 * @param s - The series.
 * @param ms - Epoch ms.
 * @returns The value.
 */
export function valueAt(s: SeriesBlock, ms: number): number {
  let lo = 0;
  let hi = s.times.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (s.times[mid] === ms) return (s.values as Float64Array)[mid]!;
    if (s.times[mid]! < ms) lo = mid + 1;
    else hi = mid - 1;
  }
  return NaN;
}
