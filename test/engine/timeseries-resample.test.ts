// Timeseries#resample on the client equals the service's aggregation of the same input: the raw
// 15-minute demo series is loaded once per case and resampled in-process; the same request with
// `frequency` is sent to the service; both results must agree bit for bit (times, values,
// scenarios), with the same resolution and unit. Cases: the spring DST day, Gas_Day, futures
// peak (PEAK on weekly and monthly steps), thresholds, unit conversion, scenarios.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DateTime } from 'luxon';
import { ServiceClient } from '../../src/client';
import { resampleTimeseries, type SeriesResampleOptions } from '../../src/engine';
import { ValidationError } from '../../src/exceptions';
import { Timeseries } from '../../src/model';
import { Frequency, Resolution, UTC, toZone, type FrequencyTag } from '../../src/time';
import { startService, type StartedService } from '../helpers/start-service';

const WIND = 'DE Wind Power Production MWh/h 15min Actual';
const CLIMATE = 'DE Wind Power Production MWh/h 15min Climate';

let svc: StartedService;
let client: ServiceClient;

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-04-15' }, rateLimit: false });
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 } });
});

test.after(async () => {
  client.close();
  await svc.close();
});

interface Case {
  what: string;
  curve: string;
  begin: string;
  end: string;
  zone: string;
  frequency: FrequencyTag;
  opts?: SeriesResampleOptions;
}

const CASES: Case[] = [
  {
    what: 'spring DST day, hourly sums (23 hours)',
    curve: WIND,
    begin: '2025-03-30',
    end: '2025-03-31',
    zone: 'CET',
    frequency: 'PT1H',
    opts: { aggregation: 'SUM' },
  },
  {
    what: 'days across DST, peak max',
    curve: WIND,
    begin: '2025-03-28',
    end: '2025-04-02',
    zone: 'CET',
    frequency: 'P1D',
    opts: { aggregation: 'MAX', hourFilter: 'PEAK' },
  },
  {
    what: 'Gas_Day days',
    curve: WIND,
    begin: '2025-03-01',
    end: '2025-04-01',
    zone: 'Europe/Gas_Day',
    frequency: 'P1D',
    opts: { hourFilter: 'OFFPEAK' },
  },
  {
    what: 'futures peak, weeks',
    curve: WIND,
    begin: '2025-02-03',
    end: '2025-04-14',
    zone: 'CET',
    frequency: 'P1W',
    opts: { hourFilter: 'PEAK' },
  },
  {
    what: 'futures peak, month with DST',
    curve: WIND,
    begin: '2025-03-01',
    end: '2025-04-01',
    zone: 'CET',
    frequency: 'P1M',
    opts: { hourFilter: 'PEAK', unit: 'GWh/h' },
  },
  {
    what: 'UTC days, percentage threshold',
    curve: WIND,
    begin: '2025-03-01',
    end: '2025-04-01',
    zone: 'UTC',
    frequency: 'P1D',
    opts: { thresholdPct: 1.5, aggregation: 'MIN' },
  },
  {
    what: 'scenarios, Gas_Day weeks',
    curve: CLIMATE,
    begin: '2025-02-03',
    end: '2025-03-31',
    zone: 'Europe/Gas_Day',
    frequency: 'P1W',
    opts: { aggregation: 'SUM' },
  },
];

function sameBits(actual: Float64Array, expected: Float64Array, what: string): void {
  assert.is(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) assert.unreachable(`${what}[${i}]: client ${actual[i]}, service ${expected[i]}`);
  }
}

for (const c of CASES) {
  test(`client resample = service: ${c.what}`, async () => {
    const zone = toZone(c.zone);
    const begin = DateTime.fromISO(c.begin, { zone });
    const end = DateTime.fromISO(c.end, { zone });
    const raw = await client.timeseries.load(c.curve, { begin, end });
    const local = raw.resample(c.frequency, { ...c.opts, timeZone: c.zone } as SeriesResampleOptions);
    const served = await client.timeseries.load(c.curve, { begin, end, timeZone: c.zone, frequency: c.frequency, ...c.opts });
    assert.ok(local.resolution.equals(served.resolution), `${local.resolution.toString()} = ${served.resolution.toString()}`);
    assert.equal([local.unit, local.denominator], [served.unit, served.denominator]);
    sameBits(local.times, served.times, 'times');
    assert.is(local.hasValues(), served.hasValues());
    if (served.hasValues()) sameBits(local.values, served.values, 'values');
    assert.is(local.scenarios.length, served.scenarios.length);
    served.scenarios.forEach((s, k) => sameBits(local.scenario(k), s, `scenario ${k}`));
    assert.ok(served.length > 0 && [...(served.valuesOrNull() ?? served.scenario(0))].some((v) => !Number.isNaN(v)));
  });
}

test('resample by hand: 15-minute CET values to a PEAK day (08:00-20:00), and bad options', () => {
  const res = new Resolution(Frequency.PT15M, toZone('CET'));
  const t0 = Date.UTC(2025, 0, 5, 23); // Monday 2025-01-06 00:00 CET
  const values = Array.from({ length: 96 }, (_, i) => Math.floor(i / 4)); // value = local hour
  const ts = new Timeseries({ resolution: res, name: 'w', unit: 'MWh/h', times: values.map((_, i) => t0 + i * 900_000), values });
  const peak = ts.resample('P1D', { hourFilter: 'PEAK' });
  assert.equal([[...peak.times], [...peak.values]], [[t0], [13.5]]); // mean of hours 8..19
  // UTC days: 2025-01-05 holds one hour (local hour 0), 2025-01-06 the other 23 (local hours 1..23)
  const utc = resampleTimeseries(ts, Frequency.P1D, { aggregation: 'MAX', timeZone: UTC });
  assert.equal(
    [...utc.values].map((v) => (Number.isNaN(v) ? null : v)),
    [null, null],
  ); // default threshold 0: incomplete days are null
  assert.equal([...resampleTimeseries(ts, Frequency.P1D, { aggregation: 'MAX', timeZone: UTC, threshold: 92 }).values], [0, 23]);
  assert.throws(
    () => ts.resample('PT5M'),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'frequency',
  );
  assert.throws(
    () => ts.resample('P1D', { threshold: 1, thresholdPct: 2 } as never),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'threshold',
  );
  assert.throws(
    () => ts.resample('P1D', { unit: 'EUR' }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'unit',
  );
  assert.throws(
    () => ts.resample('P1D', { hourFilter: 'PEAKS' as 'PEAK' }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'hour-filter',
  );
});

test.run();
