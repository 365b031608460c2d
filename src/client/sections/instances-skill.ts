/**
 * How `instances.skill` fetches (docs/skill.md#fetching): the forecast's instances in bulk, tag
 * by tag, as `instances.load` answers of up to 25 instances (10 with members) over windows of
 * issue time, run `loadMany`-style (concurrent within the client's throttle, with its progress
 * display); then the actual over the instances' reach. The evaluation itself is the engine's
 * (`src/engine/skill`).
 *
 * @module
 */
import type { DateTime } from 'luxon';
import { ValidationError } from '../../exceptions';
import { needsMembers, skillMetrics, skillReference, type LeadTimesOption, type SkillMetric, type SkillReference } from '../../engine';
import { Curve, Timeseries, type Instance, type TimeseriesList } from '../../model';
import { Frequency, toDateTime, type FrequencyTag, type ZoneInput } from '../../time';
import { SECTION_CURVE_TYPES, type CurveInput, type DateTimeInput } from '../../wire';
import { runMany, type ManyOptions } from './load-many';

/**
 * Options of `instances.skill`.
 *
 * @example
 * const opts: InstancesSkillOptions = { actual: 'DE Wind Power Production MWh/h 15min Actual', begin: '2025-01-01', end: '2025-02-01', tags: ['ec', 'gfs'], leadTimes: 'day-ahead' };
 */
export interface InstancesSkillOptions extends ManyOptions {
  /** The actual: a TIMESERIES curve (or its name), loaded over the instances' reach, or a Timeseries already held. */
  actual: CurveInput | Timeseries;
  /** Tags to evaluate (default every tag of the curve but a reference tag). */
  tags?: string | readonly string[] | null;
  /** First issue time (inclusive); without an offset, wall-clock time in the curve's issue zone. */
  begin: DateTimeInput;
  /** Last issue time (exclusive). */
  end: DateTimeInput;
  /** Lead buckets: `{ step, max }` (ISO 8601 durations, default `{ step: 'PT1H', max: 'P10D' }`) or `'day-ahead'`. */
  leadTimes?: LeadTimesOption | null;
  /** Resample forecasts and actual to this frequency (average) before comparing; default the curve's. */
  frequency?: Frequency | FrequencyTag | null;
  /** Metrics (default n, mae, rmse, bias, mape, skill; add crps, spreadSkill, rankHistogram for ensembles). */
  metrics?: readonly SkillMetric[] | null;
  /** Reference of the skill score: `'persistence'` (default) or `{ tag }`, another tag of the curve. */
  reference?: SkillReference | null;
}

/** The options checked, before any request. */
export interface SkillPlan {
  tags: string[] | null;
  begin: DateTime;
  end: DateTime;
  frequency: Frequency | null;
  metrics: SkillMetric[];
  reference: SkillReference;
  members: boolean;
  leadTimes: LeadTimesOption | null;
  actual: CurveInput | Timeseries;
  many: ManyOptions;
}

const fail = (reason: string, parameter: string): never => {
  throw new ValidationError(reason, parameter);
};

/** A date option as a DateTime in `zone`. */
function dateOption(value: DateTimeInput | null | undefined, name: string, zone: ZoneInput): DateTime {
  if (value === null || value === undefined) return fail(`Provide ${name} (an issue date-time)`, name);
  try {
    return toDateTime(value as Parameters<typeof toDateTime>[0], zone);
  } catch (err) {
    return fail(`${name}: ${(err as Error).message}`, name);
  }
}

/**
 * Checks the options of `instances.skill` that need no curve metadata (before any request).
 *
 * @param curve - The forecast curve.
 * @param options - The options.
 * @returns The plan with dates read in UTC (re-read in the curve's issue zone by {@link datesIn}).
 * @throws ValidationError naming the option.
 * @example
 * checkSkillOptions('X', { actual: 'Y', begin: '2025-01-01', end: '2025-02-01' }).metrics //=> ['n', 'mae', 'rmse', 'bias', 'mape', 'skill']
 */
export function checkSkillOptions(curve: CurveInput, options: InstancesSkillOptions): SkillPlan {
  if (options === null || typeof options !== 'object') return fail('Provide the options: actual, begin, end', 'options');
  if (curve === null || curve === undefined || curve === '') return fail('Provide a Curve or a curve name', 'curve');
  if (Curve.isCurve(curve) && !SECTION_CURVE_TYPES.instances.includes(curve.curveType.tag as 'INSTANCE')) {
    fail(`The forecast curve must be of type INSTANCE, but '${curve.name}' is ${curve.curveType.tag}`, 'curve');
  }
  const actual = options.actual;
  if (actual === null || actual === undefined || actual === '') fail('Provide the actual: a curve, its name, or a Timeseries', 'actual');
  if (Curve.isCurve(actual) && !SECTION_CURVE_TYPES.timeseries.includes(actual.curveType.tag as 'TIMESERIES')) {
    fail(`The actual curve must be of type TIMESERIES, but '${actual.name}' is ${actual.curveType.tag}`, 'actual');
  }
  if (typeof actual !== 'string' && !Curve.isCurve(actual) && !Timeseries.isTimeseries(actual))
    fail('actual must be a curve, its name, or a Timeseries', 'actual');
  const tags =
    options.tags === null || options.tags === undefined ? null : typeof options.tags === 'string' ? [options.tags] : [...options.tags];
  if (tags !== null && (tags.length === 0 || tags.some((t) => typeof t !== 'string')))
    fail('tags must be a tag or a non-empty list of tags', 'tags');
  const begin = dateOption(options.begin, 'begin', 'UTC');
  const end = dateOption(options.end, 'end', 'UTC');
  let frequency: Frequency | null = null;
  if (options.frequency !== null && options.frequency !== undefined) {
    try {
      frequency = Frequency.isFrequency(options.frequency) ? options.frequency : Frequency.byTag(options.frequency);
    } catch (err) {
      fail(`frequency: ${(err as Error).message}`, 'frequency');
    }
    if (frequency!.unit === 'none') fail('frequency must have a fixed step, not NONE', 'frequency');
  }
  const metrics = skillMetrics(options.metrics);
  const { concurrency, progress, onProgress, signal } = options;
  return {
    tags: tags === null ? null : [...new Set(tags.map((t) => t.toLowerCase()))],
    begin,
    end,
    frequency,
    metrics,
    reference: skillReference(options.reference),
    members: needsMembers(metrics),
    leadTimes: options.leadTimes ?? null,
    actual,
    many: { concurrency, progress, onProgress, signal },
  };
}

/**
 * The issue range read in the curve's issue zone (dates without an offset are wall-clock times there).
 *
 * @param options - The caller's `begin` and `end`.
 * @param zone - The curve's issue zone.
 * @returns `[begin, end)` in epoch ms.
 * @throws ValidationError naming `end` when it is not after `begin`.
 * @example
 * datesIn({ begin: '2025-01-01', end: '2025-01-02' }, 'UTC') //=> [1735689600000, 1735776000000]
 */
export function datesIn(options: Pick<InstancesSkillOptions, 'begin' | 'end'>, zone: ZoneInput): [number, number] {
  const begin = dateOption(options.begin, 'begin', zone).toMillis();
  const end = dateOption(options.end, 'end', zone).toMillis();
  if (!(end > begin)) fail('end must be after begin', 'end');
  return [begin, end];
}

/**
 * One window of issue times to load: one tag, `[from, to]` (inclusive, whole seconds).
 *
 * @example
 * const w: IssueWindow = { tag: 'ec', from: 0, to: 86_399_000 };
 */
export interface IssueWindow {
  /** The tag. */
  tag: string;
  /** Earliest issue time, epoch ms (inclusive). */
  from: number;
  /** Latest issue time, epoch ms (inclusive). */
  to: number;
}

/**
 * Cuts `[begin, end)` into windows expected to hold one instance fewer than a request's limit, from
 * the issue times of the newest instances (a first list of up to `limit`): when they are all
 * there is, one window per `limit` of them; otherwise windows as wide as `limit - 1` of their mean
 * spacing.
 *
 * @param tag - The tag.
 * @param listed - Issue times of the newest instances in the range (newest first), at most `listLimit`.
 * @param listLimit - How many the list could return.
 * @param begin - Range start (inclusive), ms.
 * @param end - Range end (exclusive), ms.
 * @param limit - Instances per load request (25, or 10 with members).
 * @returns The windows, oldest first (none when nothing was listed).
 * @example
 * issueWindows('ec', [3e6, 2e6, 1e6], 25, 0, 4e6, 2).length //=> 2
 */
export function issueWindows(
  tag: string,
  listed: readonly number[],
  listLimit: number,
  begin: number,
  end: number,
  limit: number,
): IssueWindow[] {
  if (listed.length === 0) return [];
  const out: IssueWindow[] = [];
  if (listed.length < listLimit) {
    const times = [...listed].sort((a, b) => a - b);
    for (let i = 0; i < times.length; i += limit) {
      out.push({ tag, from: times[i]!, to: times[Math.min(times.length, i + limit) - 1]! });
    }
    return out;
  }
  const newest = listed[0]!;
  const oldest = listed[listed.length - 1]!;
  const spacing = Math.max(1000, (newest - oldest) / (listed.length - 1));
  const width = Math.max(1000, Math.floor(((limit - 1) * spacing) / 1000) * 1000);
  for (let from = begin; from < end; from += width) out.push({ tag, from, to: Math.min(from + width, end) - 1000 });
  return out;
}

/**
 * Loads every instance of the windows: each window is one `instances.load` request of up to
 * `limit`, newest first, and again below the oldest one received while an answer is full. The
 * windows run `loadMany`-style.
 *
 * @param windows - The windows.
 * @param limit - Instances per request.
 * @param load - Loads the newest instances of one tag issued in `[from, to]`.
 * @param many - Concurrency, progress, `onProgress`, signal.
 * @returns The instances (each a Timeseries with its `instance`), window by window.
 * @throws PartialLoadError naming the windows that failed (as `loadMany` names curves).
 * @example
 * await loadWindows(windows, 25, (w) => client.instances.load(curve, { tags: w.tag, ... }), {})
 */
export async function loadWindows(
  windows: readonly IssueWindow[],
  limit: number,
  load: (window: IssueWindow) => Promise<TimeseriesList>,
  many: ManyOptions,
): Promise<Timeseries[]> {
  if (windows.length === 0) return [];
  const labels = windows.map((w) => `${w.tag} ${new Date(w.from).toISOString()}..${new Date(w.to).toISOString()}`);
  const loadOne = async (_label: unknown, index: number): Promise<Timeseries[]> => {
    const window = windows[index]!;
    const out: Timeseries[] = [];
    let to = window.to;
    for (let round = 0; round < 10_000 && to >= window.from; round++) {
      const got = [...(await load({ ...window, to }))];
      out.push(...got);
      if (got.length < limit) break;
      const oldest = Math.min(...got.map((ts) => (ts.instance as Instance).issued.toMillis()));
      to = oldest - 1000;
    }
    return out;
  };
  const loaded = await runMany(labels, loadOne, many, (xs) => xs, 'instance batches');
  return loaded.flat();
}
