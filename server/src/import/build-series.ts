/**
 * Series blocks of an import: the dates of a TIMESERIES, SCENARIO_TIMESERIES or INSTANCE curve,
 * read in the curve's zone (or already instants, from a source file), on the curve's step grid,
 * each date once, sorted.
 *
 * @module
 */
import { Frequency, floorMillis, zoneByName } from 'service/time';
import { gridColumns } from '#wire';
import type { CurveRecord, SeriesBlock } from '../store';
import type { BuildContext } from './build-context';
import type { RawSeries } from './raw-document';

/**
 * Curve types whose data are series.
 *
 * @example
 * SERIES_CURVE_TYPES.includes('INSTANCE') //=> true
 */
const SERIES_CURVE_TYPES: readonly string[] = Object.freeze(['TIMESERIES', 'SCENARIO_TIMESERIES', 'INSTANCE']);

function checkShape(raw: RawSeries, curveType: string, ctx: BuildContext): boolean {
  const at = raw.at;
  if (curveType === 'TIMESERIES' && raw.scenarioNames.length > 0) {
    ctx.problems.add(
      at,
      'scenarios',
      `curve ${JSON.stringify(raw.curve)} is a TIMESERIES curve: it takes a value per date and no scenarios`,
    );
    return false;
  }
  if (curveType === 'SCENARIO_TIMESERIES' && raw.scenarioNames.length === 0) {
    ctx.problems.add(
      at,
      'scenarios',
      `curve ${JSON.stringify(raw.curve)} is a SCENARIO_TIMESERIES curve: give its scenarios (CSV scenario:<name> columns, JSON "s")`,
    );
    return false;
  }
  if (curveType !== 'SCENARIO_TIMESERIES' && !raw.hasValue) {
    ctx.problems.add(at, 'value', `curve ${JSON.stringify(raw.curve)} (${curveType}) needs a value per date`);
    return false;
  }
  if (new Set(raw.scenarioNames).size !== raw.scenarioNames.length) {
    ctx.problems.add(at, 'scenarios', 'scenario names must be unique');
    return false;
  }
  return true;
}

/** The columns of a series given as dates in text: read in the curve's zone, on its steps, each once, sorted. */
function pointColumns(
  raw: RawSeries,
  curve: CurveRecord,
  ctx: BuildContext,
): { times: Float64Array; values: Float64Array; scenarios: Float64Array[] } | null {
  const { problems } = ctx;
  const freq = Frequency.byTag(curve.frequency);
  const zone = zoneByName(curve.timezone);
  const before = problems.size;
  const seen = new Map<number, number>();
  const order: number[] = [];
  const times: number[] = [];
  raw.points.forEach((p, k) => {
    const at = { file: raw.at.file, line: p.line };
    const ms = ctx.instant(p.date, zone, at, 'date');
    if (ms === null) return;
    if (freq !== Frequency.NONE && floorMillis(ms, freq, zone) !== ms) {
      problems.add(at, 'date', `${JSON.stringify(p.date)} is not the start of a ${curve.frequency} step in ${curve.timezone}`);
      return;
    }
    const other = seen.get(ms);
    if (other !== undefined) {
      problems.add(at, 'date', `duplicate date ${JSON.stringify(p.date)}: the same instant as line ${other}`);
      return;
    }
    seen.set(ms, p.line);
    order.push(k);
    times.push(ms);
  });
  if (problems.size > before) return null;
  const sorted = order.map((k, i) => [times[i], k] as const).sort((a, b) => a[0]! - b[0]!);
  const n = sorted.length;
  const out = {
    times: Float64Array.from(sorted, (s) => s[0]!),
    values: new Float64Array(n),
    scenarios: raw.scenarioNames.map(() => new Float64Array(n)),
  };
  sorted.forEach(([, k], i) => {
    const p = raw.points[k]!;
    out.values[i] = p.value;
    out.scenarios.forEach((col, s) => {
      col[i] = p.scenarios[s] ?? Number.NaN;
    });
  });
  return out;
}

/**
 * Builds the store block of one series of an import file.
 *
 * @param raw - The series as read.
 * @param ctx - The build's shared state (problems, curves, instances).
 * @returns The block, or `null` when it has problems or no dates.
 * @example
 * (await buildSeries(raw, ctx))?.times.length //=> 96
 */
export async function buildSeries(raw: RawSeries, ctx: BuildContext): Promise<SeriesBlock | null> {
  const { problems } = ctx;
  const curve = ctx.curve(raw.curve, SERIES_CURVE_TYPES, raw.at, 'series');
  if (curve === null) return null;
  const instance = ctx.instance(curve, raw.instance, raw.at);
  if (instance === undefined || !checkShape(raw, curve.curveType, ctx)) return null;
  if (raw.resolution !== null) {
    const given = Frequency.isValidTag(raw.resolution.frequency) ? Frequency.byTag(raw.resolution.frequency).tag : raw.resolution.frequency;
    if (given !== curve.frequency || raw.resolution.timezone !== curve.timezone) {
      problems.add(
        raw.at,
        'resolution',
        `the series has resolution ${given} ${raw.resolution.timezone}, the curve ${curve.frequency} ${curve.timezone}; import data at the curve's own resolution`,
      );
      return null;
    }
  }
  const grid = raw.columns ? gridColumns(raw.columns, curve, raw.columns.file, raw.columns.field, problems) : null;
  const columns = raw.columns ? grid && { ...grid, scenarios: [] } : pointColumns(raw, curve, ctx);
  if (columns === null || columns.times.length === 0) return null;
  const { times, values } = columns;
  const key = instance === null ? curve.name : `${curve.name}|${instance.issued}|${instance.tag}`;
  if (!ctx.claimRange(key, times[0] as number, times[times.length - 1] as number, raw.at)) return null;
  const block: SeriesBlock = {
    curve: curve.name,
    issued: instance?.issued ?? null,
    tag: instance?.tag ?? null,
    times,
    values: raw.hasValue ? values : null,
    scenarios: columns.scenarios,
    scenarioNames: [...raw.scenarioNames],
  };
  if (instance !== null) await ctx.addInstance(curve, instance, block.scenarioNames);
  return block;
}
