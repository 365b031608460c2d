/**
 * Skill charts (docs/skill.md#table): a metric of a skill result against lead time, one line per
 * tag, or the rank histograms of its ensembles.
 *
 * @module
 */
import { ValidationError, ValueError } from '../exceptions';
import { SKILL_METRICS, SkillResult, type NumericSkillMetric, type SkillMetric } from '../engine/skill';
import { Chart } from './chart';
import { jsonNumber, seriesColor, topLevel, valueEncoding, type ChartOptions } from './spec-parts';

/** Options of {@link skillChart}. */
export interface SkillChartOptions extends ChartOptions {
  /** The metric drawn (default `'mae'`); `'rankHistogram'` draws the rank histograms. */
  metric?: SkillMetric;
}

/** Axis titles of the metrics. */
const METRIC_TITLES: Readonly<Record<SkillMetric, string>> = Object.freeze({
  n: 'Pairs',
  mae: 'MAE',
  rmse: 'RMSE',
  bias: 'Bias (forecast - actual)',
  mape: 'MAPE (%)',
  skill: 'Skill score',
  crps: 'CRPS',
  spreadSkill: 'Spread-skill ratio',
  rankHistogram: 'Count',
});

/** Metrics in the unit of the values. */
const IN_UNIT: ReadonlySet<SkillMetric> = new Set(['mae', 'rmse', 'bias', 'crps']);

/** The rank-histogram chart: one bar group per tag with members. */
function rankChart(result: SkillResult, options: SkillChartOptions): Chart {
  const rows: Record<string, unknown>[] = [];
  const tags: string[] = [];
  for (const tag of result.tags) {
    const counts = result.rankHistogram(tag);
    if (counts === null) continue;
    tags.push(tag);
    counts.forEach((c, rank) => rows.push({ rank, count: c, s: tag }));
  }
  if (rows.length === 0)
    throw new ValueError("The result has no rank histogram: evaluate an ensemble with metrics including 'rankHistogram'");
  const spec = topLevel(options, `Rank histogram: ${result.curve}`, {
    data: { values: rows },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'rank', type: 'ordinal', title: 'Rank of the actual among the members', axis: { labelOverlap: true } },
      y: valueEncoding('count', options.valueTitle === undefined ? METRIC_TITLES.rankHistogram : options.valueTitle),
      ...(tags.length > 1 ? { color: seriesColor('s', tags), xOffset: { field: 's' } } : {}),
      tooltip: [
        { field: 's', type: 'nominal', title: 'Tag' },
        { field: 'rank', type: 'ordinal', title: 'Rank' },
        { field: 'count', type: 'quantitative', title: 'Count' },
      ],
    },
  });
  return new Chart({ kind: 'rank-histogram', spec, series: tags.length, points: rows.length, fallback: options.fallback });
}

/**
 * A skill chart: a metric against lead time (hours, or days ahead), one line per tag, with points
 * and a tooltip; or, with `metric: 'rankHistogram'`, the rank histogram of each tag with members.
 *
 * @param result - The result of `instances.skill` (or `evaluateSkill`).
 * @param options - `metric` (default `'mae'`), title, size, value title, fallback.
 * @returns The chart.
 * @throws ValidationError for an unknown metric or one the result lacks, and a bad width or height;
 *   ValueError when there is nothing to draw.
 * @example
 * skillChart(result, { metric: 'bias' }).spec.encoding.x.title //=> 'Lead time (days ahead)'
 */
export function skillChart(result: SkillResult, options: SkillChartOptions = {}): Chart {
  if (!SkillResult.isSkillResult(result)) throw new ValidationError('skillChart takes the result of instances.skill', 'result');
  const metric = options.metric ?? 'mae';
  if (!SKILL_METRICS.includes(metric))
    throw new ValidationError(`Unknown metric '${String(metric)}'; use ${SKILL_METRICS.join(', ')}`, 'metric');
  if (!result.metrics.includes(metric))
    throw new ValidationError(`The result has no '${metric}' (it has ${result.metrics.join(', ')})`, 'metric');
  if (metric === 'rankHistogram') return rankChart(result, options);
  const rows = result.rows
    .filter((r) => r.n > 0 || Number.isFinite(r[metric as NumericSkillMetric]))
    .map((r) => ({ x: r.leadStart, lead: r.lead, v: jsonNumber(r[metric as NumericSkillMetric]), s: r.tag }));
  if (rows.length === 0) throw new ValueError('The result has no values to draw');
  const days = result.leadKind === 'day-ahead';
  const unit = IN_UNIT.has(metric) && result.unit ? ` (${result.unit})` : '';
  const encoding: Record<string, unknown> = {
    x: {
      field: 'x',
      type: 'quantitative',
      title: days ? 'Lead time (days ahead)' : 'Lead time (hours)',
      axis: days ? { tickMinStep: 1 } : {},
    },
    y: valueEncoding('v', options.valueTitle === undefined ? `${METRIC_TITLES[metric]}${unit}` : options.valueTitle),
    color: seriesColor('s', result.tags),
    tooltip: [
      { field: 's', type: 'nominal', title: 'Tag' },
      { field: 'lead', type: 'nominal', title: 'Lead' },
      { field: 'v', type: 'quantitative', title: METRIC_TITLES[metric], format: ',.3~f' },
    ],
  };
  const spec = topLevel(options, `${METRIC_TITLES[metric]} by lead time: ${result.curve}`, {
    data: { values: rows },
    mark: { type: 'line', point: true, strokeWidth: 1.5 },
    encoding,
  });
  return new Chart({ kind: 'skill', spec, series: result.tags.length, points: rows.length, fallback: options.fallback });
}
