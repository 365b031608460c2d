/**
 * The live demo mode (`service serve --live`): every few seconds it issues a new instance of a
 * forecast curve (the previous instance's values, re-forecast with noise, from the next step
 * after "now" over the same horizon) and revises actual curves (the last values changed a
 * little, and new values appended up to "now"). Both go through the import path (the same
 * checks and the store's atomic `importBatch`), so their events reach push-feed subscribers like
 * any other write. Curves are taken in turn from the store's INSTANCE/FORECAST and
 * TIMESERIES/ACTUAL curves.
 *
 * @module
 */
import type { FastifyInstance } from 'fastify';
import { Frequency, UTC, floorMillis, shiftMillis, zoneByName } from 'service/time';
import { formatInstant } from '#wire';
import { createRng, type Rng } from './prng';
import { importDocuments, type ImportSummary, type RawDocument, type RawPoint, type RawSeries } from '../import';
import type { CurveRecord, SeriesBlock, Store } from '../store';

/** Options of the live demo. */
export interface LiveOptions {
  /** Milliseconds between rounds (default 5000). */
  intervalMs?: number;
  /** Forecast curves that get a new instance per round (default 1). */
  forecasts?: number;
  /** Actual curves revised per round (default 2). */
  actuals?: number;
  /** Random seed (default 1). */
  seed?: number;
  /** Current time in epoch ms (default `Date.now`). */
  clock?: () => number;
  /** Called after each round with what it imported. */
  onRound?: (summary: ImportSummary) => void;
  /** Called when a round fails (default: ignored; the next round tries again). */
  onError?: (err: unknown) => void;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Most steps one new forecast instance or one actuals revision writes. */
const MAX_STEPS = 2_000;
/** Most steps appended to an actual curve per round. */
const MAX_APPEND = 96;
const LOOKBACK_DAYS = [2, 14, 60, 400, 1500];
const SOURCE = 'live-demo';

function valueAt(block: SeriesBlock, column: Float64Array, t: number): number {
  const times = block.times;
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0) return Number.NaN;
  if (t >= times[hi]!) return column[hi]!;
  if (t <= times[0]!) return column[0]!;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return column[lo]!;
}

function jitter(rng: Rng, value: number, sd: number, floorAtZero: boolean): number {
  if (!Number.isFinite(value)) return value;
  const v = Math.round(value * (1 + sd * rng.normal()) * 1000) / 1000;
  return floorAtZero && v < 0 ? 0 : v;
}

function series(curve: CurveRecord, points: RawPoint[], extra: Partial<RawSeries>): RawSeries {
  return {
    at: { file: SOURCE, line: 0 },
    curve: curve.name,
    instance: null,
    hasValue: true,
    scenarioNames: [],
    resolution: null,
    points,
    ...extra,
  };
}

/**
 * The live demo loop over a store.
 *
 * @param store - The store to write to.
 * @param options - Interval, curves per round, seed, clock, callbacks.
 * @example
 * const live = new LiveDemo(store, { intervalMs: 2000 });
 * live.start();
 * await live.stop();
 */
export class LiveDemo {
  private readonly rng: Rng;
  private readonly clock: () => number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private round = 0;
  private stopped = true;

  constructor(
    private readonly store: Store,
    private readonly options: LiveOptions = {},
  ) {
    this.rng = createRng(options.seed ?? 1, SOURCE);
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Starts the rounds (the first after one interval).
   *
   * @returns Nothing.
   * @example
   * live.start()
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then(
          (summary) => summary && this.options.onRound?.(summary),
          (err) => this.options.onError?.(err),
        )
        .finally(() => this.schedule());
    }, this.options.intervalMs ?? 5000);
    this.timer.unref();
  }

  /**
   * Stops the rounds and waits for a running one to finish.
   *
   * @returns When stopped.
   * @example
   * await live.stop()
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }

  /**
   * Runs one round now: new forecast instances and revised actuals, imported in one batch.
   *
   * @returns What was imported, or `null` when the store has no suitable curves.
   * @throws ValueError when the import is refused (the store is then unchanged).
   * @example
   * (await live.tick())?.events.length //=> 3
   */
  async tick(): Promise<ImportSummary | null> {
    const k = this.round++;
    const now = this.clock();
    const pick = async (curveType: string, dataType: string, count: number): Promise<CurveRecord[]> => {
      const all = (await this.store.searchCurves({ curveType, dataType, pageSize: Number.MAX_SAFE_INTEGER })).items.filter(
        (c) => c.frequency !== 'NONE',
      );
      const n = Math.min(count, all.length);
      return Array.from({ length: n }, (_, i) => all[(k * count + i) % all.length]!);
    };
    const doc: RawDocument = { file: SOURCE, curves: [], series: [], periods: [], ohlc: [] };
    for (const curve of await pick('INSTANCE', 'FORECAST', this.options.forecasts ?? 1)) {
      const s = await this.forecast(curve, now);
      if (s) doc.series.push(s);
    }
    for (const curve of await pick('TIMESERIES', 'ACTUAL', this.options.actuals ?? 2)) {
      const s = await this.revision(curve, now);
      if (s) doc.series.push(s);
    }
    if (doc.series.length === 0) return null;
    return importDocuments(this.store, [doc], { clock: this.clock });
  }

  private async forecast(curve: CurveRecord, now: number): Promise<RawSeries | null> {
    const [latest] = await this.store.listInstances(curve.name, { limit: 1 });
    if (!latest) return null;
    const prev = await this.store.readSeries(curve.name, {}, { issued: latest.issued, tag: latest.tag });
    const n = prev.times.length;
    if (n === 0) return null;
    const freq = Frequency.byTag(curve.frequency);
    const zone = zoneByName(curve.timezone);
    const issued = Math.max(Math.floor(now / MINUTE) * MINUTE, latest.issued + MINUTE);
    const span = prev.times[n - 1]! - prev.times[0]!;
    const first = shiftMillis(floorMillis(issued, freq, zone), freq, 1, zone);
    const points: RawPoint[] = [];
    const floor = prev.values ? prev.values.every((v) => !(v < 0)) : true;
    for (let t = first; t <= first + span && points.length < MAX_STEPS; t = shiftMillis(t, freq, 1, zone)) {
      const lead = (t - issued) / DAY;
      const sd = 0.02 + 0.01 * lead;
      points.push({
        line: 0,
        date: formatInstant(t, zone),
        value: prev.values ? jitter(this.rng, valueAt(prev, prev.values, t), sd, floor) : Number.NaN,
        scenarios: prev.scenarios.map((col) => jitter(this.rng, valueAt(prev, col, t), sd * 1.5, floor)),
      });
    }
    const issuedZone = zoneByName(curve.instanceIssuedTimezone ?? 'UTC');
    return series(curve, points, {
      instance: { issued: formatInstant(issued, issuedZone), tag: latest.tag, created: formatInstant(now, UTC) },
      hasValue: prev.values !== null,
      scenarioNames: [...prev.scenarioNames],
    });
  }

  private async recent(curve: CurveRecord, now: number): Promise<SeriesBlock | null> {
    for (const days of LOOKBACK_DAYS) {
      const block = await this.store.readSeries(curve.name, { begin: now - days * DAY, end: now + 1 }, null, { scenarios: false });
      if (block.times.length > 0 && block.values !== null) return block;
    }
    return null;
  }

  private async revision(curve: CurveRecord, now: number): Promise<RawSeries | null> {
    const block = await this.recent(curve, now);
    if (block === null || block.values === null) return null;
    const values = block.values;
    const freq = Frequency.byTag(curve.frequency);
    const zone = zoneByName(curve.timezone);
    const n = block.times.length;
    const floor = values.every((v) => !(v < 0));
    const points: RawPoint[] = [];
    for (let i = Math.max(0, n - 4); i < n; i++) {
      points.push({ line: 0, date: formatInstant(block.times[i]!, zone), value: jitter(this.rng, values[i]!, 0.01, floor), scenarios: [] });
    }
    let last = values[n - 1]!;
    for (
      let t = shiftMillis(block.times[n - 1]!, freq, 1, zone);
      t <= now && points.length < MAX_APPEND + 4;
      t = shiftMillis(t, freq, 1, zone)
    ) {
      last = jitter(this.rng, last, 0.02, floor);
      points.push({ line: 0, date: formatInstant(t, zone), value: last, scenarios: [] });
    }
    return series(curve, points, {});
  }
}

/**
 * Runs the live demo with an app: rounds start when the app is ready and stop when it closes.
 *
 * @param app - The app (not yet listening).
 * @param store - The store to write to.
 * @param options - Interval, curves per round, seed, clock, callbacks.
 * @returns The live demo.
 * @example
 * attachLive(app, store, { intervalMs: 5000 });
 */
export function attachLive(app: FastifyInstance, store: Store, options: LiveOptions = {}): LiveDemo {
  const live = new LiveDemo(store, options);
  app.addHook('onReady', async () => live.start());
  app.addHook('preClose', async () => live.stop());
  return live;
}
