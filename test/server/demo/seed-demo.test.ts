import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { collect, digest, valueAt, type Collected } from './collect';
import type { SeriesBlock } from '../../../server/src/store/types';

const ANCHOR = '2025-04-10';
let data: Collected;

test.before(async () => {
  data = await collect({ preset: 'small', seed: 7, anchor: ANCHOR });
});

const series = (name: string): SeriesBlock => {
  const s = data.series.get(name);
  if (!s) throw new Error(`no series ${name}`);
  return s;
};
const vals = (s: SeriesBlock) => s.values as Float64Array;
// 2025-04-09T22:00Z is 2025-04-10 00:00 CEST (+02:00)
const ANCHOR_CET = Date.UTC(2025, 3, 9, 22);

test('same seed and anchor give identical batches; another seed differs', async () => {
  const other = await collect({ preset: 'small', seed: 8, anchor: ANCHOR });
  assert.is.not(digest(other.batches), digest(data.batches));
  // seed 7 again, after seed 8: the same as the first, so no state leaks from one seeding to the next
  const again = await collect({ preset: 'small', seed: 7, anchor: ANCHOR });
  assert.is(digest(again.batches), digest(data.batches), 'no state leaks from one seeding to the next');
  const name = 'DE Consumption MWh/h 15min Actual';
  assert.is.not(vals(other.series.get(name) as SeriesBlock)[500], vals(series(name))[500]);
  assert.equal(other.curves, data.curves, 'the catalogue does not depend on the seed');
});

test('size, progress and the demo key', () => {
  const { result } = data;
  assert.ok(result.values >= 1_000_000 && result.values <= 3_300_000, `values ${result.values}`);
  assert.is(result.curves, data.curves.size);
  const last = data.progress[data.progress.length - 1];
  assert.is(last![0], last![1]);
  data.progress.forEach(([done, total], i) => {
    assert.is(done, i + 1);
    assert.is(total, last![1]);
  });
  assert.ok(result.apiKey.startsWith('svc_'));
  const key = data.batches[0]!.keys?.[0];
  assert.is(key?.hash, createHash('sha256').update(result.apiKey).digest('hex'));
  assert.is.not(key?.hash, result.apiKey);
});

test('every curve of the catalogue gets data; every data and curve type is filled', () => {
  const filled = new Set([...data.series.keys(), ...data.instanceSeries.keys(), ...data.periods.keys(), ...data.ohlc.keys()]);
  for (const name of data.curves.keys()) assert.ok(filled.has(name), `no data for ${name}`);
  const types = new Set<string>();
  for (const name of filled) {
    const c = data.curves.get(name);
    if (c) types.add(`${c.curveType}/${c.dataType}`);
  }
  for (const t of [
    'TIMESERIES/ACTUAL',
    'TIMESERIES/NORMAL',
    'TIMESERIES/SYNTHETIC',
    'TIMESERIES/BACKCAST',
    'TIMESERIES/VALUE',
    'TIMESERIES/FOREX',
    'TIMESERIES/REMIT',
    'SCENARIO_TIMESERIES/CLIMATE',
    'SCENARIO_TIMESERIES/SCENARIO',
    'INSTANCE/FORECAST',
    'PERIOD/CAPACITY',
    'PERIOD/REMIT',
    'INSTANCE_PERIOD/REMIT',
    'OHLC/OHLC',
  ])
    assert.ok(types.has(t), t);
  for (const [name, list] of data.instanceSeries) {
    const ids = new Set((data.instances.get(name) ?? []).map((i) => `${i.issued}|${i.tag}`));
    for (const s of list) assert.ok(ids.has(`${s.issued}|${s.tag}`), `instance record for ${name}`);
  }
});

test('15-minute series follow local days: 92 quarter-hours on 2025-03-30 (CET to CEST)', () => {
  const s = series('DE Consumption MWh/h 15min Actual');
  // 2025-03-30 00:00 CET = 2025-03-29T23:00Z; 2025-03-31 00:00 CEST = 2025-03-30T22:00Z
  const day = Array.from(s.times).filter((t) => t >= Date.UTC(2025, 2, 29, 23) && t < Date.UTC(2025, 2, 30, 22));
  assert.is(day.length, 92);
  // history starts at local midnight of 2025-01-10 (CET, +01:00) and actuals end with the anchor day
  assert.is(s.times[0], Date.UTC(2025, 0, 9, 23));
  assert.is(s.times[s.times.length - 1], Date.UTC(2025, 3, 10, 21, 45));
  const gb = series('GB Consumption MWh/h 30min Actual');
  assert.is(gb.times[0], Date.UTC(2025, 0, 10, 0), 'WET midnight is UTC midnight in winter');
  const gas = series('DE @Rehden Gas Storage Filling GWh D Actual');
  // gas day 2025-01-10 starts 06:00 CET = 05:00Z; gas day 2025-04-01 starts 06:00 CEST = 04:00Z
  assert.is(gas.times[0], Date.UTC(2025, 0, 10, 5));
  assert.ok(Array.from(gas.times).includes(Date.UTC(2025, 3, 1, 4)));
});

test('solar is zero at night and below capacity; wind stays within 80 % of installed', () => {
  const solar = series('DE Solar Photovoltaic Production MWh/h 15min Actual');
  const installedSolar = data.periods.get('DE Solar Photovoltaic Installed MW Capacity')![0];
  const wind = series('DE Wind Power Production Onshore MWh/h 15min Actual');
  const installedWind = data.periods.get('DE Wind Power Installed Onshore MW Capacity')![0];
  const capAt = (p: typeof installedWind, t: number) => {
    for (let i = 0; i < p!.begins.length; i++) if (t >= p!.begins[i]! && t < p!.ends[i]!) return p!.values[i];
    return NaN;
  };
  let nightChecked = 0;
  for (let i = 0; i < solar.times.length; i++) {
    const utcHour = new Date(solar.times[i]!).getUTCHours();
    if (utcHour >= 21 || utcHour < 3) {
      assert.is(vals(solar)[i], 0);
      nightChecked++;
    }
    assert.ok(vals(solar)[i]! >= 0 && vals(solar)[i]! <= 0.8 * capAt(installedSolar, solar.times[i]!)!);
    assert.ok(vals(wind)[i]! >= 0 && vals(wind)[i]! <= 0.8 * capAt(installedWind, wind.times[i]!)! + 0.01);
  }
  assert.ok(nightChecked > 1000);
  assert.ok(Math.max(...vals(solar)) > 0.3 * installedSolar!.values[0]!, 'sunny spring middays');
});

test('sums hold: residual load, wind total, net imports, one flow direction per hour', () => {
  const c = vals(series('DE Consumption MWh/h 15min Actual'));
  const w = vals(series('DE Wind Power Production MWh/h 15min Actual'));
  const on = vals(series('DE Wind Power Production Onshore MWh/h 15min Actual'));
  const off = vals(series('DE Wind Power Production Offshore MWh/h 15min Actual'));
  const s = vals(series('DE Solar Photovoltaic Production MWh/h 15min Actual'));
  const r = vals(series('DE Residual Load MWh/h 15min Actual'));
  for (let i = 0; i < c.length; i++) {
    assert.ok(Math.abs(r[i]! - (c[i]! - w[i]! - s[i]!)) < 1e-6);
    assert.ok(Math.abs(w[i]! - (on[i]! + off[i]!)) < 1e-6);
  }
  const net = vals(series('DE Exchange Day-Ahead Schedule Net Import MWh/h H Actual'));
  const flows = (from: string, to: string) => vals(series(`${from}>${to} Exchange Day-Ahead Schedule MWh/h H Actual`));
  for (let h = 0; h < net.length; h++) {
    let sum = 0;
    for (const n of ['FR', 'NL', 'NO2']) {
      const imp = flows(n, 'DE')[h];
      const exp = flows('DE', n)[h];
      assert.ok(imp === 0 || exp === 0, 'one direction per hour');
      sum += imp! - exp!;
    }
    assert.ok(Math.abs(net[h]! - sum) < 1e-6);
  }
});

test('values are plausible: load, temperature, prices, nuclear', () => {
  const mean = (a: Float64Array) => a.reduce((x, y) => x + y, 0) / a.length;
  const de = vals(series('DE Consumption MWh/h 15min Actual'));
  assert.ok(Math.min(...de) > 30000 && Math.max(...de) < 85000 && mean(de) > 42000 && mean(de) < 62000);
  const t = vals(series('DE Consumption Temperature °C H Actual'));
  assert.ok(Math.min(...t) > -20 && Math.max(...t) < 30);
  for (const area of ['DE', 'FR', 'NL', 'NO2', 'GB']) {
    const spot = [...data.series.entries()].find(([n]) => n.startsWith(`${area} Price Spot EUR/MWh `) && n.endsWith(' H Actual'))![1];
    const p = vals(spot);
    assert.ok(Math.min(...p) >= -500 && Math.max(...p) <= 4000, area);
    assert.ok(mean(p) > 10 && mean(p) < 160, `${area} mean spot ${mean(p)}`);
    assert.is(
      spot.times[spot.times.length - 1],
      Date.UTC(2025, 3, 11, 21) + (area === 'GB' ? 3600000 : 0),
      `${area} day-ahead reaches tomorrow`,
    );
  }
  const nuclear = vals(series('FR Nuclear Production MWh/h H Actual'));
  assert.ok(mean(nuclear) > 30000 && Math.max(...nuclear) <= 63000, `FR nuclear ${mean(nuclear)}`);
  assert.ok(Math.min(...nuclear) > 12000);
});

test('the normal is the mean of the climate scenarios; normals see holidays', () => {
  const climate = series('DE Wind Power Production MWh/h 15min Climate');
  assert.is(climate.values, null);
  assert.is(climate.scenarios.length, 30);
  assert.equal([climate.scenarioNames[0], climate.scenarioNames[29]], ['y1991', 'y2020']);
  const normal = series('DE Wind Power Production MWh/h 15min Normal');
  for (let i = 0; i < climate.times.length; i += 7) {
    const m = climate.scenarios.reduce((s, x) => s + x[i]!, 0) / climate.scenarios.length;
    assert.ok(Math.abs(valueAt(normal, climate.times[i]!) - m) < 0.006);
  }
  // Good Friday 2025-04-18 against Friday 2025-04-11, 12:00 CEST (10:00Z): about 14 % less load
  const load = series('DE Consumption MWh/h 15min Normal');
  const ratio = valueAt(load, Date.UTC(2025, 3, 18, 10)) / valueAt(load, Date.UTC(2025, 3, 11, 10));
  assert.ok(ratio > 0.8 && ratio < 0.92, `ratio ${ratio}`);
  const holiday = series('DE Consumption Holiday-Reduction % D Value');
  assert.is(valueAt(holiday, Date.UTC(2025, 3, 17, 22)), 14, 'Good Friday (CEST midnight 2025-04-17T22:00Z)');
  assert.is(valueAt(holiday, Date.UTC(2025, 11, 24, 23)), 16.8, 'Christmas Day (CET midnight)');
  assert.is(valueAt(holiday, Date.UTC(2025, 3, 9, 22)), 0);
});

test('forecasts: run hours, created later, error growing with lead, ensembles bracket the actual', () => {
  const name = 'DE Consumption Temperature °C 15min Forecast';
  const inst = data.instances.get(name)!;
  const byTag = (tag: string) => inst.filter((i) => i.tag === tag);
  assert.is(byTag('ec').length, 28);
  assert.is(byTag('gfs').length, 56);
  for (const i of byTag('ec')) {
    assert.ok([0, 12].includes(new Date(i.issued).getUTCHours()));
    assert.ok(Math.abs((i.created as number) - i.issued - 6 * 3600000) <= 20 * 60000);
  }
  const actual = series('DE Consumption Temperature °C H Actual');
  let near = 0;
  let far = 0;
  let nNear = 0;
  let nFar = 0;
  for (const s of data.instanceSeries.get(name)!.filter((x) => x.tag === 'ec')) {
    for (let j = 0; j < s.times.length; j += 4) {
      const a = valueAt(actual, s.times[j]!);
      if (Number.isNaN(a)) continue;
      const e = Math.abs((s.values as Float64Array)[j]! - a);
      if (j < 96) {
        near += e;
        nNear++;
      } else if (j >= 96 * 5) {
        far += e;
        nFar++;
      }
    }
  }
  assert.ok(nNear > 100 && nFar > 100 && near / nNear < far / nFar, `${near / nNear} vs ${far / nFar}`);
  const wind = 'DE Wind Power Production MWh/h 15min Forecast';
  const ens = data.instanceSeries.get(wind)!.filter((s) => s.tag === 'ec-ens');
  assert.is(ens.length, 4);
  const actualWind = series('DE Wind Power Production MWh/h 15min Actual');
  let inside = 0;
  let total = 0;
  for (const s of ens) {
    assert.is(s.scenarios.length, 51);
    for (let j = 0; j < s.times.length; j++) {
      const a = valueAt(actualWind, s.times[j]!);
      if (Number.isNaN(a)) continue;
      const members = s.scenarios.map((m) => m[j]!);
      total++;
      if (a >= Math.min(...members) && a <= Math.max(...members)) inside++;
    }
  }
  assert.ok(total > 100 && inside / total > 0.6, `bracketed ${inside}/${total}`);
  const price = data.instances.get('DE Price Spot EUR/MWh H Forecast')!;
  assert.equal(new Set(price.map((i) => i.tag)), new Set(['ec', 'gfs']));
});

test('REMIT: message instances with 22-character tags, snapshots within capacity, above production', () => {
  const name = 'DE Lignite Power Capacity Available MW REMIT';
  const inst = data.instances.get(name)!;
  assert.ok(inst.length >= 2);
  for (const i of inst) {
    assert.match(i.tag, /^[A-Za-z0-9_-]{22}$/);
    assert.is(i.issued % 1000, 0);
  }
  const blocks = data.periods.get(name)!;
  for (const p of blocks) {
    for (let k = 0; k < p.values.length; k++) assert.ok(p.values[k]! <= (p.capacities as Float64Array)[k]! + 1e-9);
    assert.is(p.begins[0], Date.UTC(2025, 0, 9, 23), 'from the history start (CET midnight)');
  }
  const latest = blocks.reduce((a, b) => ((a.issued as number) > (b.issued as number) ? a : b));
  const prod = series('DE Lignite Power Production MWh/h H Actual');
  for (let h = 0; h < prod.times.length; h++) {
    const t = prod.times[h]!;
    if (t >= (latest.issued as number)) break;
    const k = Array.from(latest.begins).findIndex((b, i) => t >= b && t < latest.ends[i]!);
    assert.ok(vals(prod)[h]! <= latest.values[k]! + 0.1, `production above availability at ${new Date(t).toISOString()}`);
  }
  const neurath = vals(series('DE @Neurath Lignite Power Production MWh/h H Actual'));
  const units = ['D', 'E', 'F', 'G'].map((u) => vals(series(`DE @Neurath-${u} Lignite Power Production MWh/h H Actual`)));
  for (let h = 0; h < neurath.length; h++) {
    assert.ok(Math.abs(neurath[h]! - units.reduce((s, u) => s + u[h]!, 0)) < 1e-6);
    assert.ok(neurath[h]! <= 3320 + 1e-9);
  }
});

test('market data: no weekend trading, contract fields, FX on TARGET days only', () => {
  const de = data.ohlc.get('DE Futures Power Base EUR/MWh EEX OHLC')!;
  for (let i = 0; i < de.traded.length; i++) {
    const day = new Date(de.traded[i]! + 2 * 3600000).getUTCDay();
    assert.ok(day !== 0 && day !== 6, 'no weekend rows');
    if (de.period[i] === 'day') assert.ok(Number.isNaN(de.open[i]) && Number.isFinite(de.settlement[i]));
    assert.ok(de.settlement[i]! > -100 && de.settlement[i]! < 400, 'daily averages can be negative');
  }
  assert.equal(new Set(de.period), new Set(['day', 'weekend', 'week', 'month', 'quarter', 'year']));
  const eua = data.ohlc.get('Futures EUA EUR/t ICE OHLC')!;
  assert.equal(new Set(eua.period), new Set(['mdec']));
  // trading day 2025-04-10 (CEST): the December contracts 2025-2028 (CET midnights)
  const lastDay = Array.from(eua.traded)
    .map((t, i) => [t, eua.delivery[i]])
    .filter(([t]) => t === ANCHOR_CET)
    .map(([, d]) => d);
  assert.equal(lastDay, [Date.UTC(2025, 10, 30, 23), Date.UTC(2026, 10, 30, 23), Date.UTC(2027, 10, 30, 23), Date.UTC(2028, 10, 30, 23)]);
  const coal = data.ohlc.get('Futures Coal API-2 USD/t ICE OHLC')!;
  assert.ok(Math.min(...coal.settlement) > 60 && Math.max(...coal.settlement) < 170);
  const ttf = data.ohlc.get('NL Futures Natural Gas EUR/MWh ICE-TTF OHLC')!;
  assert.ok(Math.min(...ttf.settlement) > 12 && Math.max(...ttf.settlement) < 80);
  const usd = series('Currency Rate EUR-USD USD/EUR ECB D Forex');
  const days = Array.from(usd.times, (t) => new Date(t + 3 * 3600000).toISOString().slice(0, 10));
  assert.not.ok(days.includes('2025-01-11'), 'Saturday');
  assert.ok(days.includes('2025-01-10'));
  assert.ok(vals(usd).every((v) => v > 1 && v < 1.25));
});

test.run();
