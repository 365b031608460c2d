/**
 * Forecast issue schedules and forecast errors: errors are smooth in lead time and grow with it
 * (docs/demo-data.md#value-ranges); ensemble members scatter around the ensemble mean with a
 * spread that also grows with lead time, so the members bracket the truth most of the time.
 */
import type { ForecastModel } from './catalogue-builder';
import { HOUR, MINUTE, dateRange, utcMidnight, weekday } from './demo-time';
import { splineToGrid } from './grid';
import { ar1, createRng } from './prng';

/** One forecast run. */
export interface Run {
  tag: string;
  issued: number;
  created: number;
  modified: number | null;
  /** Horizon in hours. */
  hours: number;
  /** Ensemble members (0 for deterministic runs). */
  members: number;
}

/**
 * The runs of a model issued on the days [from, to), in issue order.
 *
 * @param seed - Dataset seed (created/modified jitter).
 * @param model - The model.
 * @param from - First issue day.
 * @param to - End day (exclusive).
 * @param scope - Distinguishes the runs of different curves (their `created` jitter).
 * @param until - Epoch ms of "now": runs created later are left out, later edits are not made
 *   (default `Infinity`).
 * @returns Runs.
 * @example
 * modelRuns(1, FORECAST_MODELS.ec, '2025-01-01', '2025-01-02', 'DE').map((r) => new Date(r.issued).toISOString().slice(11, 13))
 * //=> ['00', '12']
 */
export function modelRuns(seed: number, model: ForecastModel, from: string, to: string, scope: string, until = Infinity): Run[] {
  const out: Run[] = [];
  for (const date of dateRange(from, to)) {
    if (model.weekdays && !model.weekdays.includes(weekday(date))) continue;
    for (const hour of model.runs) {
      const issued = utcMidnight(date) + hour * HOUR;
      const rng = createRng(seed, `run/${scope}/${model.tag}/${issued}`);
      const created = issued + Math.round(model.createdAfter + rng.range(-20, 20)) * MINUTE;
      const edited = rng.next() < 0.1 ? created + Math.round(rng.range(30, 180)) * MINUTE : null;
      if (created > until) continue;
      const modified = edited !== null && edited <= until ? edited : null;
      out.push({ tag: model.tag, issued, created, modified, hours: model.horizon(hour), members: model.members });
    }
  }
  return out;
}

/**
 * A forecast error path over a horizon, one value per 15 minutes: standard deviation
 * `base + growth * leadDays`, smooth in lead time (hourly knots).
 *
 * @param seed - Dataset seed.
 * @param key - Stream key (area, variable, tag, issue time, member).
 * @param steps - Number of 15-minute steps.
 * @param base - Standard deviation at lead 0.
 * @param growth - Added standard deviation per day of lead time.
 * @param cap - Largest standard deviation.
 * @returns Errors.
 * @example
 * leadError(1, 'k', 8, 0.5, 0.3, 5).length //=> 8
 */
export function leadError(seed: number, key: string, steps: number, base: number, growth: number, cap = Infinity): Float64Array {
  const knots = ar1(createRng(seed, `fc-error/${key}`), Math.ceil(steps / 4) + 2, 0.97, 1);
  const u = splineToGrid(knots, 4, steps);
  for (let j = 0; j < steps; j++) u[j]! *= Math.min(cap, base + (growth * j) / (4 * 24));
  return u;
}

/**
 * A model's constant bias for a variable (models disagree a little systematically).
 *
 * @param seed - Dataset seed.
 * @param tag - The model tag.
 * @param key - Area and variable.
 * @param size - Standard deviation of the bias.
 * @returns The bias.
 * @example
 * modelBias(1, 'ec', 'DE/temp', 0) //=> 0
 */
export function modelBias(seed: number, tag: string, key: string, size: number): number {
  return size * createRng(seed, `bias/${tag}/${key}`).normal();
}
