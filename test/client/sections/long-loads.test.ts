// Long loads against the real service over loopback: a range split into chunks on step
// boundaries (Europe/Berlin curves of 15-minute, hourly, daily and monthly steps) equals the
// single load of the same range, at the DST changes and month ends; a range over the
// per-request limit loads in chunks instead of failing; progress is reported per chunk.
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../../src/client';
import { ValidationError } from '../../../src/exceptions';
import type { Timeseries } from '../../../src/model';
import type { SeriesBlock } from '../../../server/src/store';
import { Frequency, stepStarts, zoneByName } from '../../../src/time';
import { recordRequests } from '../../helpers/record-requests';
import { curveRecord } from '../../helpers/records';
import { startService, type StartedService } from '../../helpers/start-service';

const BERLIN = zoneByName('Europe/Berlin');
const QUARTER = 'DE Test Long MWh/h 15min Actual';
const HOURLY = 'DE Test Long MWh/h H Actual';
const DAILY = 'DE Test Long MWh/h D Actual';
const MONTHLY = 'DE Test Long MWh/h M Actual';

/** Local midnight of a date in Berlin, as an instant. */
const midnight = (year: number, month: number, day: number) => DateTime.fromObject({ year, month, day }, { zone: BERLIN }).toMillis();

function block(curve: string, frequency: Frequency, ranges: [number, number][]): SeriesBlock {
  const times = Float64Array.from(ranges.flatMap(([b, e]) => [...stepStarts(b, e, frequency, BERLIN)]));
  return { curve, issued: null, tag: null, times, values: times.map((_, i) => i + 0.25), scenarios: [], scenarioNames: [] };
}

let svc: StartedService;
let client: ServiceClient;
let sent: string[];

test.before(async () => {
  const record = (name: string, frequency: string) => curveRecord(name, { frequency, timezone: 'Europe/Berlin' });
  svc = await startService({
    rateLimit: false,
    batch: {
      curves: [record(QUARTER, 'PT15M'), record(HOURLY, 'PT1H'), record(DAILY, 'P1D'), record(MONTHLY, 'P1M')],
      series: [
        block(QUARTER, Frequency.PT15M, [
          [midnight(2024, 3, 30), midnight(2024, 4, 1)],
          [midnight(2024, 10, 26), midnight(2024, 10, 28)],
        ]),
        block(HOURLY, Frequency.PT1H, [[midnight(2024, 10, 20), midnight(2024, 11, 3)]]),
        block(DAILY, Frequency.P1D, [[midnight(2023, 12, 1), midnight(2025, 1, 1)]]),
        block(MONTHLY, Frequency.P1M, [[midnight(2020, 1, 1), midnight(2025, 1, 1)]]),
      ],
    },
  });
  const log = recordRequests();
  sent = log.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 }, ...log.options });
});

test.after(async () => {
  client.close();
  await svc.close();
});

const same = (a: Timeseries, b: Timeseries) => {
  assert.equal([...a.times], [...b.times]);
  assert.equal([...a.values], [...b.values]);
  assert.ok(a.equals(b));
};

test('chunks at DST changes and month ends equal the single load of the same range', async () => {
  const cases: [string, string, string, number, number][] = [
    // curve, begin, end, steps per chunk, steps: 92 on 2024-03-31, 100 on 2024-10-27 (and 96 on the days around)
    [QUARTER, '2024-03-30', '2024-04-01', 7, 96 + 92],
    [QUARTER, '2024-10-26 12:00', '2024-10-28', 9, 48 + 100],
    [HOURLY, '2024-10-26', '2024-10-29', 5, 24 + 25 + 24],
    [DAILY, '2024-01-15', '2024-04-15', 1, 17 + 29 + 31 + 14],
    [DAILY, '2023-12-01', '2025-01-01', 30, 31 + 366],
    [MONTHLY, '2023-11-15', '2024-05-01', 1, 5],
    [MONTHLY, '2020-01-01', '2025-01-01', 7, 60],
  ];
  for (const [curve, begin, end, chunkSteps, steps] of cases) {
    const single = await client.timeseries.load(curve, { begin, end });
    assert.is(single.length, steps, `${curve} ${begin}`);
    const before = sent.length;
    const chunked = await client.timeseries.load(curve, { begin, end, chunkSteps, progress: false });
    same(chunked, single);
    assert.ok(sent.length - before > 2, `${curve} ${begin}: ${sent.length - before} requests`);
  }
});

test('an aggregated load is split on steps of the frequency produced', async () => {
  // hourly means of the 15-minute curve over the autumn change, five hours a chunk; and days
  const hourly = { begin: '2024-10-26', end: '2024-10-28', frequency: 'PT1H' } as const;
  const single = await client.timeseries.load(QUARTER, hourly);
  assert.is(single.length, 24 + 25);
  same(await client.timeseries.load(QUARTER, { ...hourly, chunkSteps: 5, progress: false }), single);
  const days = await client.timeseries.load(QUARTER, { ...hourly, frequency: 'P1D', aggregation: 'SUM', chunkSteps: 1, progress: false });
  same(days, await client.timeseries.load(QUARTER, { ...hourly, frequency: 'P1D', aggregation: 'SUM' }));
  // in UTC: the 2024-10-27 00:00Z day holds 96 quarter-hours
  const utc = { begin: '2024-10-26', end: '2024-10-28', frequency: 'P1D', timeZone: 'UTC' } as const;
  same(await client.timeseries.load(QUARTER, { ...utc, chunkSteps: 1, progress: false }), await client.timeseries.load(QUARTER, utc));
});

test('a range over the per-request limit is loaded in chunks, reporting progress per chunk', async () => {
  const curve = await client.metadata.curve(QUARTER);
  // 30 years of 15-minute steps: three chunks of at most 500,000 steps
  const progress: [number, number, string][] = [];
  const before = sent.length;
  const long = await client.timeseries.load(curve, {
    begin: '2000-01-01',
    end: '2030-01-01',
    progress: false,
    onProgress: (p) => progress.push([p.done, p.total, p.curve]),
  });
  const requests = sent.slice(before);
  assert.is(requests.length, 3);
  assert.ok(requests.every((r) => r.startsWith(`/timeseries/${encodeURIComponent(QUARTER)}/?begin=`)));
  assert.equal(
    progress.map((p) => p.slice(1)),
    [
      [3, QUARTER],
      [3, QUARTER],
      [3, QUARTER],
    ],
  );
  assert.equal(progress.map((p) => p[0]).sort(), [1, 2, 3]);
  // the edges fall on 2014-04-05 09:00+02:00 and 2028-07-08 17:00+02:00 (500,000 quarter-hours
  // apart); what is stored lies inside the middle chunk, from the first to the last stored step
  assert.equal(
    requests.map((r) => new URLSearchParams(r.slice(r.indexOf('?'))).get('end')),
    ['2014-04-05 09:00:00+02:00', '2028-07-08 17:00:00+02:00', '2030-01-01 00:00:00+01:00'],
  );
  const stored = await client.timeseries.load(QUARTER, { begin: '2024-03-01', end: '2024-11-01' });
  assert.equal([long.times[0], long.times[long.length - 1]], [midnight(2024, 3, 30), midnight(2024, 10, 28) - 900_000]);
  same(long, stored);
  // by name: the curve is looked up first (its frequency and zone), then the chunks
  const mark = sent.length;
  const byName = await client.timeseries.load(QUARTER, { begin: '2000-01-01', end: '2030-01-01', progress: false });
  assert.is(sent[mark], `/metadata/curves/${encodeURIComponent(QUARTER)}/`);
  assert.is(sent.length - mark, 4);
  same(byName, long);
  // loadMany loads a long curve's chunks too
  const panel = await client.timeseries.loadMany([curve, QUARTER], { begin: '2000-01-01', end: '2030-01-01', progress: false });
  same(panel[0]!, long);
  same(panel[1]!, long);
});

test('a bad chunkSteps is a ValidationError before any request', async () => {
  const before = sent.length;
  const curve = await client.metadata.curve(QUARTER);
  const mark = sent.length;
  const err = await client.timeseries.load(curve, { begin: '2024-01-01', end: '2024-01-02', chunkSteps: 0 }).catch((e) => e);
  assert.instance(err, ValidationError);
  assert.is((err as ValidationError).parameter, 'chunkSteps');
  assert.is(sent.length, mark);
  assert.is(mark - before, 1);
});

test.run();
