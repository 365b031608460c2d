/**
 * The skill evaluation itself (docs/skill.md): forecast instances lined up with an actual on
 * their value times, errors bucketed by lead time, aggregated per tag and bucket and per
 * instance. Pure: the client loads the series, this computes.
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import type { Timeseries } from '../../model';
import { unitText } from '../../model/series-units';
import { firstAtOrAfter, shiftMillis, type ZoneInput } from '../../time';
import { valuesOrMembersMean } from '../members-mean';
import { ErrorSums } from './accumulators';
import { leadBuckets, type LeadTimesOption } from './lead-times';
import {
  DEFAULT_SKILL_METRICS,
  ENSEMBLE_METRICS,
  issuedText,
  SKILL_METRICS,
  SkillResult,
  type IssueRow,
  type SkillMetric,
  type SkillRow,
} from './skill-result';

/**
 * The reference of the skill score: `'persistence'` (the last actual known at issue time, for
 * every lead) or the instances of another tag of the same curve issued at the same time.
 *
 * @example
 * const ref: SkillReference = { tag: 'gfs' };
 */
export type SkillReference = 'persistence' | { tag: string };

/**
 * Options of {@link evaluateSkill}.
 *
 * @example
 * const opts: EvaluateSkillOptions = { leadTimes: 'day-ahead', metrics: ['mae', 'bias'] };
 */
export interface EvaluateSkillOptions {
  /** Lead buckets (default `{ step: 'PT1H', max: 'P10D' }`). */
  leadTimes?: LeadTimesOption | null;
  /** Metrics (default n, mae, rmse, bias, mape, skill); `n` is always computed. */
  metrics?: readonly SkillMetric[] | null;
  /** Reference of the skill score (default persistence). */
  reference?: SkillReference | null;
  /** Tags to evaluate, in row order (default every tag of `forecasts` but a reference tag, sorted). */
  tags?: readonly string[] | null;
  /** Zone of issue days for `'day-ahead'` and of `byIssue()` times (default UTC). */
  issueZone?: ZoneInput | null;
  /** Name of the forecast curve (default the first forecast's name). */
  curve?: string | null;
}

/**
 * Checks a `metrics` option.
 *
 * @param metrics - The option.
 * @returns The metrics in table order, `n` first.
 * @throws ValidationError naming `metrics` for an unknown name or an empty list.
 * @example
 * skillMetrics(['bias', 'mae']) //=> ['n', 'mae', 'bias']
 */
export function skillMetrics(metrics: readonly SkillMetric[] | null | undefined): SkillMetric[] {
  if (metrics === null || metrics === undefined) return [...DEFAULT_SKILL_METRICS];
  if (!Array.isArray(metrics) || metrics.length === 0)
    throw new ValidationError(`metrics must be a non-empty list of ${SKILL_METRICS.join(', ')}`, 'metrics');
  for (const m of metrics) {
    if (!SKILL_METRICS.includes(m)) throw new ValidationError(`Unknown metric '${String(m)}'; use ${SKILL_METRICS.join(', ')}`, 'metrics');
  }
  return SKILL_METRICS.filter((m) => m === 'n' || metrics.includes(m));
}

/**
 * Whether a metric list needs ensemble members.
 *
 * @param metrics - The metrics.
 * @returns True when one of crps, spreadSkill, rankHistogram is asked for.
 * @example
 * needsMembers(['mae', 'crps']) //=> true
 */
export function needsMembers(metrics: readonly SkillMetric[]): boolean {
  return metrics.some((m) => ENSEMBLE_METRICS.includes(m));
}

/**
 * Checks a `reference` option.
 *
 * @param reference - The option.
 * @returns The reference.
 * @throws ValidationError naming `reference`.
 * @example
 * skillReference(undefined) //=> 'persistence'
 */
export function skillReference(reference: SkillReference | null | undefined): SkillReference {
  if (reference === null || reference === undefined || reference === 'persistence') return 'persistence';
  if (typeof reference === 'object' && typeof reference.tag === 'string') return { tag: reference.tag.toLowerCase() };
  throw new ValidationError(`reference must be 'persistence' or { tag }, got ${JSON.stringify(reference)}`, 'reference');
}

/** The end of the actual's step starting at `ms` (fixed steps: plus the step; calendar steps: the next local start). */
function stepEndOf(actual: Timeseries): (ms: number) => number {
  const { frequency, zone } = actual.resolution;
  if (frequency.unit === 'minute') {
    const step = frequency.size * 60_000;
    return (ms) => ms + step;
  }
  return (ms) => shiftMillis(ms, frequency, 1, zone);
}

/**
 * The last actual value known at an issue time: the value of the latest step that ended at or
 * before it (missing values skipped), NaN when there is none.
 *
 * @param times - The actual's step starts.
 * @param values - The actual's values.
 * @param stepEnd - Step end of a step start.
 * @param issued - The issue time.
 * @returns The value or NaN.
 * @example
 * persistenceValue(Float64Array.of(0, 10, 20), Float64Array.of(1, 2, 3), (t) => t + 10, 25) //=> 2
 */
export function persistenceValue(times: Float64Array, values: Float64Array, stepEnd: (ms: number) => number, issued: number): number {
  let j = firstAtOrAfter(times, issued) - 1;
  while (j >= 0 && stepEnd(times[j]!) > issued) j--;
  while (j >= 0 && Number.isNaN(values[j]!)) j--;
  return j >= 0 ? values[j]! : Number.NaN;
}

/** The key of a reference instance: tag and issue time. */
const keyOf = (tag: string, issued: number): string => `${tag}\u0000${issued}`;

/**
 * Evaluates forecast instances against an actual (docs/skill.md): for every value of every
 * instance whose lead bucket is in reach and whose actual is present, the error (forecast minus
 * actual) counts in its tag's bucket and in its instance; ensembles add CRPS, spread and rank
 * per value time. The series must be on the actual's time grid (same frequency; the client
 * resamples first): values are matched on equal step starts.
 *
 * @param forecasts - The instances (each with its `instance`: issue time and tag).
 * @param actual - The actual series.
 * @param options - Lead buckets, metrics, reference, tags, issue zone, curve name.
 * @returns The result.
 * @throws ValidationError naming `tags` when no forecast is left to evaluate, `reference` for a bad
 *   reference, `metrics` for unknown metrics, `leadTimes` for bad buckets, and `actual` when the
 *   actual has no values or its frequency differs from the forecasts'.
 * @example
 * evaluateSkill(instances, actual, { leadTimes: { step: 'PT6H', max: 'P2D' } }).metric('ec', 'mae')
 */
export function evaluateSkill(forecasts: readonly Timeseries[], actual: Timeseries, options: EvaluateSkillOptions = {}): SkillResult {
  const metrics = skillMetrics(options.metrics);
  const reference = skillReference(options.reference);
  const withMembers = needsMembers(metrics);
  if (!actual.hasValues()) throw new ValidationError(`The actual '${actual.name ?? ''}' has no values`, 'actual');
  const first = forecasts[0];
  const issueZone = options.issueZone ?? 'UTC';
  const buckets = leadBuckets(options.leadTimes, { valueZone: first?.resolution.zone ?? 'UTC', issueZone });
  for (const f of forecasts) {
    if (!f.resolution.frequency.equals(actual.resolution.frequency)) {
      throw new ValidationError(
        `The actual's frequency ${actual.resolution.frequency.tag} differs from the forecast's ${f.resolution.frequency.tag}; resample one of them`,
        'actual',
      );
    }
  }
  const tagOf = (ts: Timeseries): string => (ts.instance?.tag ?? '').toLowerCase();
  const present = [...new Set(forecasts.map(tagOf))];
  const refTag = reference === 'persistence' ? null : reference.tag;
  const tags = options.tags ? [...new Set(options.tags.map((t) => t.toLowerCase()))] : present.filter((t) => t !== refTag).sort();
  const chosen = forecasts.filter((f) => f.instance !== null && tags.includes(tagOf(f)));
  if (chosen.length === 0) throw new ValidationError('No forecast instance to evaluate in the selection', 'tags');

  const refSeries = new Map<string, Timeseries>();
  for (const f of forecasts)
    if (refTag !== null && tagOf(f) === refTag && f.instance) refSeries.set(keyOf(refTag, f.instance.issued.toMillis()), f);

  const pass: Pass = {
    actualTimes: actual.times,
    actualValues: actual.values,
    stepEnd: stepEndOf(actual),
    buckets,
    refTag,
    refSeries,
    withMembers,
    scratch: new Float64Array(Math.max(1, ...chosen.map((f) => f.scenarios.length))),
  };
  const cells = new Map<string, ErrorSums[]>(tags.map((t) => [t, []]));
  const issues: IssueSums[] = [];
  for (const f of chosen) {
    const tag = tagOf(f);
    const issued = f.instance!.issued.toMillis();
    issues.push({ tag, issued, sums: addInstance(f, issued, cells.get(tag)!, pass) });
  }
  const zoneText = typeof issueZone === 'string' ? issueZone : issueZone.name;
  return new SkillResult({
    curve: options.curve ?? first?.name ?? '',
    actual: actual.name ?? '',
    unit: (first === undefined ? null : unitText(first)) ?? unitText(actual),
    tags,
    leadKind: buckets.kind,
    metrics,
    reference: refTag === null ? 'persistence' : `tag:${refTag}`,
    rows: skillRows(tags, cells, buckets),
    issues: issueRowsOf(issues, tags, zoneText),
    issueZone: zoneText,
  });
}

/** What the pass over the instances shares: the actual, the buckets and the reference. */
interface Pass {
  actualTimes: Float64Array;
  actualValues: Float64Array;
  stepEnd: ReturnType<typeof stepEndOf>;
  buckets: ReturnType<typeof leadBuckets>;
  /** The reference tag, or null for persistence. */
  refTag: string | null;
  /** The reference's instances by tag and issue time. */
  refSeries: ReadonlyMap<string, Timeseries>;
  withMembers: boolean;
  /** Room for one step's members. */
  scratch: Float64Array;
}

/** One instance's error sums over all its lead times. */
interface IssueSums {
  tag: string;
  issued: number;
  sums: ErrorSums;
}

/**
 * Adds one instance's errors to its tag's lead buckets (`row`), lining its steps up with the
 * actual's (and the reference's): a step without an actual value is left out.
 *
 * @returns The instance's own sums over all lead times.
 */
function addInstance(f: Timeseries, issued: number, row: ErrorSums[], pass: Pass): ErrorSums {
  const own = new ErrorSums();
  const values = valuesOrMembersMean(f);
  const members = pass.withMembers ? f.scenarios : [];
  const rankBins = members.length > 0 ? members.length + 1 : 0;
  let persistence = Number.NaN;
  let refTimes: Float64Array | null = null;
  let refValues: Float64Array | null = null;
  if (pass.refTag === null) persistence = persistenceValue(pass.actualTimes, pass.actualValues, pass.stepEnd, issued);
  else {
    const ref = pass.refSeries.get(keyOf(pass.refTag, issued));
    if (ref) {
      refTimes = ref.times;
      refValues = valuesOrMembersMean(ref);
    }
  }
  const times = f.times;
  let j = firstAtOrAfter(pass.actualTimes, times[0] ?? 0);
  let r = refTimes === null ? 0 : firstAtOrAfter(refTimes, times[0] ?? 0);
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    while (j < pass.actualTimes.length && pass.actualTimes[j]! < t) j++;
    if (j >= pass.actualTimes.length) break;
    if (pass.actualTimes[j] !== t) continue;
    const y = pass.actualValues[j]!;
    if (Number.isNaN(y)) continue;
    const b = pass.buckets.bucketOf(issued, t);
    if (b < 0) continue;
    let cell = row[b];
    if (cell === undefined) {
      for (let k = row.length; k <= b; k++) row.push(new ErrorSums());
      cell = row[b]!;
    }
    const v = values[i]!;
    if (v === v) {
      let ref = persistence;
      if (refTimes !== null && refValues !== null) {
        while (r < refTimes.length && refTimes[r]! < t) r++;
        ref = r < refTimes.length && refTimes[r] === t ? refValues[r]! : Number.NaN;
      } else if (pass.refTag !== null) ref = Number.NaN;
      cell.add(v, y, ref);
      own.add(v, y, ref);
    }
    if (members.length > 0) {
      let m = 0;
      for (const column of members) {
        const x = column[i]!;
        if (x === x) pass.scratch[m++] = x;
      }
      if (m > 0) {
        cell.addMembers(pass.scratch, m, y, rankBins);
        own.addMembers(pass.scratch, m, y, 0);
      }
    }
  }
  return own;
}

/** The table's rows: tag by lead bucket, up to the last bucket any tag filled. */
function skillRows(tags: readonly string[], cells: ReadonlyMap<string, ErrorSums[]>, buckets: ReturnType<typeof leadBuckets>): SkillRow[] {
  const bucketCount = Math.max(0, ...[...cells.values()].map((row) => lastFilled(row) + 1));
  const rows: SkillRow[] = [];
  for (const tag of tags) {
    const row = cells.get(tag)!;
    for (let b = 0; b < bucketCount; b++) {
      const s = row[b] ?? new ErrorSums();
      rows.push({
        tag,
        bucket: b,
        lead: buckets.label(b),
        leadStart: buckets.start(b),
        n: s.n,
        mae: s.mae(),
        rmse: s.rmse(),
        bias: s.bias(),
        mape: s.mape(),
        skill: s.skill(),
        crps: s.crps(),
        spreadSkill: s.spreadSkill(),
        rankHistogram: s.ranks === null ? null : [...s.ranks],
      });
    }
  }
  return rows;
}

/** The per-instance rows, by tag (in `tags` order) then issue time. */
function issueRowsOf(issues: IssueSums[], tags: readonly string[], zoneText: string): IssueRow[] {
  return issues
    .sort((a, b) => tags.indexOf(a.tag) - tags.indexOf(b.tag) || a.issued - b.issued)
    .map(({ tag, issued, sums }) => ({
      tag,
      issued: issuedText(issued, zoneText),
      issuedMillis: issued,
      n: sums.n,
      mae: sums.mae(),
      rmse: sums.rmse(),
      bias: sums.bias(),
      mape: sums.mape(),
      crps: sums.crps(),
    }));
}

/** The index of the last bucket with any case, -1 when none. */
function lastFilled(row: readonly ErrorSums[]): number {
  for (let b = row.length - 1; b >= 0; b--) if (row[b]!.n > 0 || row[b]!.nEns > 0) return b;
  return -1;
}
