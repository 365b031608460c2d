/**
 * Forecast instances that are not area weather forecasts (full preset): exchange schedules of
 * the German borders and the reservoir filling of NO2.
 */
import type { ImportBatch, InstanceRecord, SeriesBlock } from '../store/types';
import { dayOfYearFrac } from './area-params';
import { forecastModel } from './catalogue-builder';
import { DAY, HOUR, localMidnight, utcDate, addDays } from './demo-time';
import { leadError, modelRuns } from './forecast-errors';
import { ar1, createRng } from './prng';
import type { World } from './world';

/**
 * Exchange schedule forecasts (tag `ec`): the net flow of a border plus an error that grows with
 * lead time, within the capacities, split into its two directions.
 *
 * @param world - The world.
 * @returns One batch per border with forecast curves.
 * @example
 * borderForecasts(smallWorld) //=> []
 */
export function borderForecasts(world: World): ImportBatch[] {
  const { cat, seed, grid } = world;
  const out: ImportBatch[] = [];
  for (const b of cat.borders) {
    const ab = cat.spec(`${b.a}>${b.b}`, 'fc:schedule');
    const ba = cat.spec(`${b.b}>${b.a}`, 'fc:schedule');
    if (!ab || !ba) continue;
    const instances: InstanceRecord[] = [];
    const series: SeriesBlock[] = [];
    const fab = world.coupled.flow.get(`${b.a}>${b.b}`) as Float64Array;
    const fba = world.coupled.flow.get(`${b.b}>${b.a}`) as Float64Array;
    const cab = world.ntc.get(`${b.a}>${b.b}`) as Float64Array;
    const cba = world.ntc.get(`${b.b}>${b.a}`) as Float64Array;
    for (const run of modelRuns(
      seed,
      forecastModel('ec'),
      cat.window.issueStart,
      cat.window.actualEnd,
      `${b.a}~${b.b}`,
      cat.window.issuedUntil,
    )) {
      const h0 = Math.round((run.issued - grid.start) / HOUR);
      const e = leadError(seed, `border/${b.a}~${b.b}/${run.issued}`, run.hours * 4, 0.08, 0.03, 0.5);
      const times = Float64Array.from({ length: run.hours }, (_, h) => run.issued + h * HOUR);
      const va = new Float64Array(run.hours);
      const vb = new Float64Array(run.hours);
      for (let h = 0; h < run.hours; h++) {
        const g = h0 + h;
        const net = Math.min(cab[g]!, Math.max(-cba[g]!, fab[g]! - fba[g]! + e[h * 4]! * b.capacity));
        const v = Math.round(Math.abs(net) * 10) / 10;
        if (net >= 0) va[h] = v;
        else vb[h] = v;
      }
      for (const [spec, values] of [
        [ab, va],
        [ba, vb],
      ] as const) {
        instances.push({
          curve: spec.record.name,
          issued: run.issued,
          tag: run.tag,
          created: run.created,
          modified: run.modified,
          scenarioNames: [],
        });
        series.push({ curve: spec.record.name, issued: run.issued, tag: run.tag, times, values, scenarios: [], scenarioNames: [] });
      }
    }
    out.push({ instances, series });
  }
  return out;
}

/**
 * NO2 reservoir filling forecasts (% of capacity, daily, tag `ec`): lowest in April-May
 * (25-35 %), highest in October (85-90 %), with a slow hydrological anomaly.
 *
 * @param world - The world.
 * @returns The batch, or none when the curve is not in the catalogue.
 * @example
 * fillingForecasts(smallWorld) //=> []
 */
export function fillingForecasts(world: World): ImportBatch[] {
  const { cat, seed } = world;
  const spec = cat.spec('NO2', 'fc:filling');
  if (!spec) return [];
  const w = cat.window;
  const first = addDays(w.historyStart, -5);
  const nDays = Math.round((localMidnight(w.forecastEnd, 'CET') - localMidnight(first, 'CET')) / DAY) + 3;
  const anomaly = ar1(createRng(seed, 'filling/NO2'), nDays, 0.98, 4);
  const truth = (date: string): number => {
    const i = Math.round((localMidnight(date, 'CET') - localMidnight(first, 'CET')) / DAY);
    const doy = dayOfYearFrac(localMidnight(date, 'CET') + 12 * HOUR);
    return Math.min(
      98,
      Math.max(5, 59 + 29.5 * Math.cos((2 * Math.PI * (doy - 288)) / 365.25) + anomaly[Math.max(0, Math.min(nDays - 1, i))]!),
    );
  };
  const instances: InstanceRecord[] = [];
  const series: SeriesBlock[] = [];
  for (const run of modelRuns(seed, forecastModel('ec'), w.issueStart, w.actualEnd, 'NO2/filling', w.issuedUntil)) {
    const day0 = addDays(utcDate(run.issued), 1);
    const days = Array.from({ length: 10 }, (_, k) => addDays(day0, k));
    const e = leadError(seed, `filling/${run.issued}`, 40, 0.3, 0.4, 5);
    const times = Float64Array.from(days, (d) => localMidnight(d, 'CET'));
    const values = Float64Array.from(days, (d, k) => Math.round(Math.min(100, Math.max(0, truth(d) + e[k * 4]!)) * 10) / 10);
    instances.push({
      curve: spec.record.name,
      issued: run.issued,
      tag: run.tag,
      created: run.created,
      modified: run.modified,
      scenarioNames: [],
    });
    series.push({ curve: spec.record.name, issued: run.issued, tag: run.tag, times, values, scenarios: [], scenarioNames: [] });
  }
  return [{ instances, series }];
}
