/**
 * Long histories for chosen demo curves (docs/demo-data.md#long-histories): `service seed ...
 * --history-years N --curves PATTERN` gives every time-series curve of the dataset whose name
 * matches the pattern values from N years before the anchor up to where its demo data begins, so
 * decade-long loads and panels have data. The values are synthetic and deterministic for a
 * seed, anchor and curve name: a yearly and a daily cycle plus a slowly varying random part,
 * scaled to the curve's own demo values (their mean and spread, never below their minimum when
 * that is not negative), written through `store.importBatch` like any import.
 *
 * @module
 */
import { ValidationError } from 'service/exceptions';
import { Frequency, stepStarts, zoneByName } from 'service/time';
import { curvePattern } from '#wire';
import type { CurveRecord, ImportBatch, SeriesBlock, TimeRange } from '../store';
import { buildCatalogue } from './catalogue';
import { addMonths, localMidnight } from './demo-time';
import type { Preset } from './demo-window';
import { createRng } from './prng';

/** The store operations the long histories need. */
interface HistoryStore {
  importBatch(batch: ImportBatch): Promise<unknown>;
  readSeries(curve: string, range: TimeRange): Promise<SeriesBlock>;
}

/** Options of {@link seedLongHistory}. */
export interface LongHistoryOptions {
  /** The dataset's preset. */
  preset: Preset;
  /** The dataset's anchor date, `YYYY-MM-DD`. */
  anchor: string;
  /** The seed (the dataset's). */
  seed: number;
  /** Years of history before the anchor, 1 to 30. */
  years: number;
  /** Curve names to extend: `*` any text, `?` one character, case-insensitive, whole name. */
  curves: string;
  /** Called after each curve with the curves done, their total and the curve's name. */
  onProgress?: (done: number, total: number, label: string) => void;
}

/** What {@link seedLongHistory} wrote. */
export interface LongHistoryResult {
  /** The curves extended, by name. */
  curves: string[];
  /** Values written. */
  values: number;
}

/** Most years of history. */
export const MAX_HISTORY_YEARS = 30;

/**
 * The curves of a dataset that `--curves` picks: time-series curves (not instances, periods or
 * scenarios) with a fixed step, whose names match.
 *
 * @param preset - The dataset's preset.
 * @param anchor - Its anchor date.
 * @param pattern - The `--curves` pattern.
 * @returns The curve records, by name.
 * @throws ValidationError naming `curves` when the pattern is empty or picks no such curve.
 * @example
 * historyCurves('small', '2025-01-15', 'DE Wind * 15min Actual').length //=> 1
 */
export function historyCurves(preset: Preset, anchor: string, pattern: string): CurveRecord[] {
  if (pattern.trim() === '') throw new ValidationError('--curves must name curves (a pattern with * and ?), got an empty text', 'curves');
  const match = curvePattern(pattern);
  const picked = buildCatalogue(preset, anchor)
    .curves.filter((c) => c.curveType === 'TIMESERIES' && Frequency.byTag(c.frequency).isIterable && match.test(c.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  if (picked.length === 0)
    throw new ValidationError(`--curves ${JSON.stringify(pattern)} matches no time-series curve of the ${preset} dataset`, 'curves');
  return picked;
}

/** Mean, spread and floor of a curve's demo values (NaN skipped). */
interface Scale {
  mean: number;
  spread: number;
  floor: number;
  ceiling: number;
}

function scaleOf(values: Float64Array | null): Scale {
  let n = 0;
  let sum = 0;
  let sq = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values ?? []) {
    if (v !== v) continue;
    n++;
    sum += v;
    sq += v * v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (n === 0) return { mean: 100, spread: 25, floor: 0, ceiling: Number.POSITIVE_INFINITY };
  const mean = sum / n;
  const spread = Math.sqrt(Math.max(0, sq / n - mean * mean)) || Math.abs(mean) / 4 || 1;
  return { mean, spread, floor: lo >= 0 ? 0 : Number.NEGATIVE_INFINITY, ceiling: hi + spread };
}

const YEAR_MS = 365.2425 * 86_400_000;

/**
 * The synthetic values of one curve at some times (deterministic for seed and curve name).
 *
 * @param seed - The seed.
 * @param name - The curve name.
 * @param times - Step starts, epoch ms, ascending.
 * @param stepMinutes - Minutes per step (sets how fast the random part varies).
 * @param scale - The curve's scale.
 * @returns The values, two decimals.
 * @example
 * historyValues(1, 'X', times, 15, { mean: 10, spread: 2, floor: 0, ceiling: 30 }).length //=> times.length
 */
function historyValues(seed: number, name: string, times: Float64Array, stepMinutes: number, scale: Scale): Float64Array {
  const rng = createRng(seed, `history/${name}`);
  const phase = rng.range(0, 2 * Math.PI);
  const phi = Math.exp(-stepMinutes / 720); // the random part forgets in about half a day
  const kick = Math.sqrt(1 - phi * phi);
  const out = new Float64Array(times.length);
  let x = rng.normal();
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    x = phi * x + kick * rng.normal();
    const season = Math.cos((2 * Math.PI * t) / YEAR_MS + phase);
    const day = Math.sin((2 * Math.PI * (t % 86_400_000)) / 86_400_000 - Math.PI / 2);
    const v = scale.mean + scale.spread * (0.6 * x + 0.5 * season + 0.3 * day);
    out[i] = Math.round(Math.min(scale.ceiling, Math.max(scale.floor, v)) * 100) / 100;
  }
  return out;
}

/**
 * Writes the long histories: for every picked curve, values from N years before the anchor (local
 * midnight in the curve's zone) up to its first demo value (the demo data then goes on without a
 * gap). Seed the dataset first: the histories are scaled to its values.
 *
 * @param store - The seeded store.
 * @param options - Preset, anchor and seed of the dataset; years and curves.
 * @returns The curves extended and the values written.
 * @throws ValidationError naming `history-years` or `curves` for bad options.
 * @example
 * await seedLongHistory(store, { preset: 'small', anchor: '2025-01-15', seed: 1, years: 10, curves: 'DE * 15min Actual' })
 */
export async function seedLongHistory(store: HistoryStore, options: LongHistoryOptions): Promise<LongHistoryResult> {
  const { years } = options;
  if (!Number.isInteger(years) || years < 1 || years > MAX_HISTORY_YEARS)
    throw new ValidationError(`--history-years must be an integer from 1 to ${MAX_HISTORY_YEARS}, got ${years}`, 'history-years');
  const curves = historyCurves(options.preset, options.anchor, options.curves);
  const start = addMonths(options.anchor, -12 * years);
  let values = 0;
  for (const [k, curve] of curves.entries()) {
    const demo = await store.readSeries(curve.name, {});
    const freq = Frequency.byTag(curve.frequency);
    const begin = localMidnight(start, curve.timezone);
    const end = demo.times.length > 0 ? demo.times[0]! : localMidnight(options.anchor, curve.timezone);
    if (end > begin) {
      const times = stepStarts(begin, end, freq, zoneByName(curve.timezone));
      const stepMinutes = times.length > 1 ? (times[1]! - times[0]!) / 60_000 : 60;
      const series = historyValues(options.seed, curve.name, times, stepMinutes, scaleOf(demo.values));
      await store.importBatch({
        series: [{ curve: curve.name, issued: null, tag: null, times, values: series, scenarios: [], scenarioNames: [] }],
      });
      values += times.length;
    }
    options.onProgress?.(k + 1, curves.length, curve.name);
  }
  return { curves: curves.map((c) => c.name), values };
}
