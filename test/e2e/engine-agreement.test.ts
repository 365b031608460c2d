// Client and service agree: the client fetches raw demo values over HTTP, aggregates them
// in-process with the engine, and gets exactly (bit for bit) what the service returns for the same
// aggregated request: DST months, zones (CET, UTC, Gas_Day, Istanbul), every hour filter,
// aggregations, thresholds, units and a scenario curve. Ranges are whole output steps (weeks
// from Monday), where the service's widening to whole steps changes nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DateTime, type Zone } from 'luxon';
import { ServiceClient } from '../../src/client';
import { convertUnit, resample, type Threshold } from '../../src/engine';
import { Aggregation, Filter, type Timeseries } from '../../src/model';
import { CET, Frequency, GAS_DAY, TRT, UTC } from '../../src/time';
import { startService, type StartedService } from '../helpers/start-service';

const WIND = 'DE Wind Power Production MWh/h 15min Actual';
const CLIMATE = 'DE Wind Power Production MWh/h 15min Climate';

let svc: StartedService;
let client: ServiceClient;

test.before(async () => {
  // small preset, anchor 2025-04-15: history from 2025-01-15, across the 2025-03-30 DST change
  svc = await startService({ demo: { preset: 'small', anchor: '2025-04-15' }, rateLimit: false });
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 } });
});

test.after(async () => {
  client.close();
  await svc.close();
});

interface Case {
  curve: string;
  begin: string;
  end: string;
  zone: Zone;
  frequency: Frequency;
  aggregation?: Aggregation;
  /** The aggregation as the caller types it (e.g. `'mean'`, the reference's alias of AVERAGE). */
  aggregationText?: string;
  filter?: Filter;
  threshold?: number;
  thresholdPct?: number;
  unit?: string;
}

const CASES: Case[] = [
  { curve: WIND, begin: '2025-02-01', end: '2025-04-15', zone: CET, frequency: Frequency.P1D },
  { curve: WIND, begin: '2025-03-29', end: '2025-04-01', zone: CET, frequency: Frequency.PT1H, aggregation: Aggregation.SUM },
  {
    curve: WIND,
    begin: '2025-02-01',
    end: '2025-04-01',
    zone: GAS_DAY,
    frequency: Frequency.P1D,
    aggregation: Aggregation.MAX,
    filter: Filter.PEAK,
  },
  {
    curve: WIND,
    begin: '2025-03-01',
    end: '2025-04-10',
    zone: UTC,
    frequency: Frequency.P1D,
    filter: Filter.OFFPEAK,
    aggregation: Aggregation.MIN,
  },
  { curve: WIND, begin: '2025-02-03', end: '2025-04-14', zone: CET, frequency: Frequency.P1W, filter: Filter.PEAK },
  { curve: WIND, begin: '2025-02-03', end: '2025-04-14', zone: CET, frequency: Frequency.P1W, filter: Filter.OFFPEAK },
  { curve: WIND, begin: '2025-02-01', end: '2025-04-01', zone: CET, frequency: Frequency.P1M, filter: Filter.WORKDAYS },
  { curve: WIND, begin: '2025-02-01', end: '2025-04-01', zone: TRT, frequency: Frequency.P1D, filter: Filter.WEEKEND, unit: 'GWh/h' },
  {
    curve: WIND,
    begin: '2025-03-30',
    end: '2025-03-31',
    zone: CET,
    frequency: Frequency.PT30M,
    aggregation: Aggregation.AVERAGE,
    aggregationText: 'mean',
  },
  { curve: WIND, begin: '2025-03-01', end: '2025-04-01', zone: CET, frequency: Frequency.P1D, threshold: 3, unit: 'kWh/h' },
  { curve: WIND, begin: '2025-03-01', end: '2025-04-01', zone: UTC, frequency: Frequency.P1D, thresholdPct: 1.5 },
  { curve: CLIMATE, begin: '2025-02-01', end: '2025-04-01', zone: CET, frequency: Frequency.P1D },
  {
    curve: CLIMATE,
    begin: '2025-02-03',
    end: '2025-03-31',
    zone: GAS_DAY,
    frequency: Frequency.P1W,
    filter: Filter.PEAK,
    aggregation: Aggregation.SUM,
  },
];

/** Raw 15-minute values over [begin, end) in the case's zone, fetched without aggregation. */
async function rawColumns(c: Case): Promise<Timeseries> {
  const begin = DateTime.fromISO(c.begin, { zone: c.zone });
  const end = DateTime.fromISO(c.end, { zone: c.zone });
  return client.timeseries.load(c.curve, { begin, end });
}

function sameBits(actual: ArrayLike<number> | null | undefined, expected: ArrayLike<number> | null | undefined, what: string): void {
  assert.ok(actual && expected, `${what}: both present`);
  assert.is(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) assert.unreachable(`${what}[${i}]: service ${actual[i]}, engine ${expected[i]}`);
  }
}

for (const c of CASES) {
  const name =
    `${c.curve.endsWith('Climate') ? 'climate' : 'wind'} ${c.frequency.tag} ${c.zone.name} ${c.aggregation?.tag ?? 'AVERAGE'} ` +
    `${c.filter?.tag ?? 'BASE'} threshold=${c.threshold ?? c.thresholdPct ?? 0}${c.thresholdPct !== undefined ? '%' : ''} ${c.unit ?? ''}`;
  test(`engine in-process = service over HTTP: ${name}`, async () => {
    const raw = await rawColumns(c);
    assert.ok(raw.length >= 92, `raw data present (${raw.length})`);
    const threshold: Threshold = c.thresholdPct !== undefined ? { percent: c.thresholdPct } : { count: c.threshold ?? 0 };
    const local = resample(
      {
        times: raw.times,
        ...(raw.hasValues() ? { values: raw.values } : {}),
        ...(raw.scenarios.length ? { scenarios: [...raw.scenarios] } : {}),
      },
      { from: Frequency.PT15M, to: c.frequency, zone: c.zone, fromZone: CET, aggregation: c.aggregation, filter: c.filter, threshold },
    );
    const unit = (column: Float64Array): Float64Array => (c.unit ? convertUnit(column, 'MWh/h', null, c.unit).values : column);
    const served = await client.timeseries.load(c.curve, {
      begin: c.begin,
      end: c.end,
      timeZone: c.zone,
      frequency: c.frequency,
      // @ts-expect-error -- the case may hold a raw aggregation text and threshold/thresholdPct as two optional fields, which the option types reject
      aggregation: c.aggregationText ?? c.aggregation,
      hourFilter: c.filter,
      threshold: c.threshold,
      thresholdPct: c.thresholdPct,
      unit: c.unit,
    });
    assert.is(served.resolution.frequency, c.frequency);
    assert.is(served.resolution.zone.name, c.zone.name);
    sameBits(served.times, local.times, 'times');
    if (local.values) sameBits(served.values, unit(local.values), 'values');
    else assert.is(served.hasValues(), false);
    assert.is(served.scenarios.length, local.scenarios?.length ?? 0);
    served.scenarios.forEach((s, k) => sameBits(s, unit((local.scenarios as Float64Array[])[k]!), `scenario ${k}`));
    if (raw.scenarios.length) assert.equal(served.scenarioNames, raw.scenarioNames);
    assert.ok(
      [...(served.valuesOrNull() ?? served.scenarios[0])!].some((v) => !Number.isNaN(v)),
      'some values are not null',
    );
  });
}

test.run();
