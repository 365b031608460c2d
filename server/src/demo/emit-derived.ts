/**
 * The model-made time series of an area: BACKCAST (forecast models run over history),
 * SYNTHETIC hydro series, hydro NORMALs, the holiday VALUE curve and the long-term price
 * SCENARIO.
 */
import type { SeriesBlock } from '../store/types';
import { areaParams, dayOfYearFrac, windFactor } from './area-params';
import { holidayShare, solarOutput } from './area-outputs';
import { addDays, dateRange, dayStarts, localMidnight, monthDates, HOUR } from './demo-time';
import { splineToGrid } from './grid';
import { ar1, createRng } from './prng';
import { roundValues, seriesBlock, stepMeans, type Columns } from './series-slice';
import { precipitationNormal } from './weather';
import type { World } from './world';

/**
 * Backcast, synthetic, hydro-normal, holiday and long-term scenario series of one area.
 *
 * Not split: a list of derived curves of an area (backcasts, normals of prices, capacities), each a
 * few lines over the same window and emitter.
 *
 * @param world - The world.
 * @param tag - The area.
 * @returns Series blocks.
 * @example
 * areaDerived(world, 'DE')[0].curve //=> 'DE Consumption MWh/h 15min Backcast'
 */
export function areaDerived(world: World, tag: string): SeriesBlock[] {
  const { cat, grid, seed } = world;
  const t = world.areas.get(tag);
  if (!t) return [];
  const area = t.area;
  const zone = area.zone;
  const w = cat.window;
  const out: SeriesBlock[] = [];
  const emit = (role: string, cols: Columns, decimals = 2) => {
    const spec = cat.spec(tag, role);
    if (spec) out.push(seriesBlock(spec.record.name, { times: cols.times, values: roundValues(cols.values, decimals) }));
  };
  const begin = localMidnight(w.historyStart, zone);
  const end = localMidnight(w.actualEnd, zone);
  const bBegin = localMidnight(w.backcastStart, zone);
  // backcasts: the day-ahead model over history, with day-ahead-sized errors
  const noise = (what: string, sd: number, phi = 0.9) =>
    splineToGrid(ar1(createRng(seed, `backcast/${tag}/${what}`), grid.nH + 2, phi, sd), 4, grid.nQ);
  const eLoad = noise('load', 0.02);
  emit(
    'backcast:consumption',
    stepMeans(
      t.load.map((v, j) => v * (1 + eLoad[j]!)),
      4,
      grid,
      bBegin,
      end,
      'PT15M',
    ),
  );
  if (cat.spec(tag, 'backcast:wind')) {
    const p = areaParams(area);
    const ez = noise('wind', 0.25, 0.95);
    const ezo = noise('wind-off', 0.2, 0.95);
    const wind = new Float64Array(grid.nQ);
    const wf = windFactor;
    for (let j = 0; j < grid.nQ; j++) {
      const d = Math.floor(j / 96);
      const wi = grid.dayWinter[d]!;
      wind[j] =
        t.installed.windOn[d]! * wf(t.weather.wind[j]! + ez[j]!, p.windOn, wi) +
        t.installed.windOff[d]! * wf(t.weather.windOff[j]! + ezo[j]!, p.windOff, wi);
    }
    emit('backcast:wind', stepMeans(wind, 4, grid, bBegin, end, 'PT15M'));
  }
  if (cat.spec(tag, 'backcast:solar')) {
    const ec = noise('cloud', 0.35, 0.95);
    const solar = solarOutput(
      area,
      t.weather.cloud.map((c, j) => c + ec[j]!),
      t.clear,
      t.installed,
      grid,
      4,
    );
    emit('backcast:solar', stepMeans(solar, 4, grid, bBegin, end, 'PT15M'));
  }
  // hydro
  if (t.precip) {
    emit('synthetic:precip', stepMeans(t.precip, 1, grid, begin, end, 'PT1H'), 1);
    const nBegin = localMidnight(w.normalStart, zone);
    const nEnd = localMidnight(w.normalEnd, zone);
    const normal = Float64Array.from({ length: grid.nH }, (_, h) => precipitationNormal(area, dayOfYearFrac(grid.start + h * HOUR)));
    emit('normal:precip', stepMeans(normal, 1, grid, nBegin, nEnd, 'PT1H'), 1);
    const reservoir = world.coupled.prod.get(tag)?.reservoir;
    if (reservoir) {
      const e = ar1(createRng(seed, `synthetic/${tag}/reservoir`), grid.nH, 0.97, 0.04);
      emit(
        'synthetic:reservoir',
        stepMeans(
          reservoir.map((v, h) => v * (1 + e[h]!)),
          1,
          grid,
          begin,
          end,
          'PT1H',
        ),
        1,
      );
    }
  }
  const snow = cat.spec(tag, 'normal:snow');
  if (snow) {
    const starts = dayStarts(w.normalStart, w.normalEnd, zone);
    const values = starts.map((ms) => 1.2e6 + 0.9e6 * Math.cos((2 * Math.PI * (dayOfYearFrac(ms + 12 * HOUR) - 55)) / 365.25));
    out.push(seriesBlock(snow.record.name, { times: starts, values: roundValues(values, 0) }));
  }
  // holidays: a year ahead, so the coming holidays are known
  const holiday = cat.spec(tag, 'holiday');
  if (holiday) {
    const dates = dateRange(w.historyStart, addDays(w.anchor, 366));
    out.push(
      seriesBlock(holiday.record.name, {
        times: dayStarts(w.historyStart, addDays(w.anchor, 366), zone),
        values: Float64Array.from(dates, (d) => holidayShare(area, d)),
      }),
    );
  }
  const longterm = cat.spec(tag, 'longterm');
  if (longterm) out.push(longTermScenario(world, longterm.record.name));
  return out;
}

/**
 * The long-term monthly price scenarios (`Low`, `Central`, `High`) from the anchor year to five
 * years on: a declining central path with winter premiums, fanning out with the horizon.
 */
function longTermScenario(world: World, curve: string): SeriesBlock {
  const w = world.cat.window;
  const months = monthDates(w.longTermStart, w.longTermEnd);
  const times = Float64Array.from(months, (m) => localMidnight(m, 'CET'));
  const rng = createRng(world.seed, `longterm/${curve}`);
  const anchorYear = Number(w.anchor.slice(0, 4));
  const central = new Float64Array(months.length);
  const low = new Float64Array(months.length);
  const high = new Float64Array(months.length);
  months.forEach((m, i) => {
    const years = Number(m.slice(0, 4)) - anchorYear + (Number(m.slice(5, 7)) - 1) / 12;
    const season = 1 + 0.14 * Math.cos((2 * Math.PI * (Number(m.slice(5, 7)) - 1)) / 12);
    const c = 84 * (1 - 0.035 * years) * season * (1 + 0.02 * rng.normal());
    central[i] = Math.round(c * 100) / 100;
    low[i] = Math.round(c * (0.78 - 0.03 * years) * 100) / 100;
    high[i] = Math.round(c * (1.22 + 0.05 * years) * 100) / 100;
  });
  return {
    curve,
    issued: null,
    tag: null,
    times,
    values: null,
    scenarios: [low, central, high],
    scenarioNames: ['Low', 'Central', 'High'],
  };
}
