// client.instances.skill against the real service on loopback with the small demo (fixed anchor):
// options refused before any request, the errors of a selection or an actual that cannot be
// used, the demo's errors growing with lead time (as the demo generates them), agreement with a
// plain loop over instances.list + instances.get + the actual's load, and the window planning.
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../../src/client';
import '../../../src/frame';
import { issueWindows } from '../../../src/client/sections/instances-skill';
import { ValidationError } from '../../../src/exceptions';
import { Curve, Timeseries } from '../../../src/model';
import { Frequency, Resolution } from '../../../src/time';
import { startService, type StartedService } from '../../helpers/start-service';

const ANCHOR = '2025-01-15';
const WIND = 'DE Wind Power Production MWh/h 15min Forecast';
const ACTUAL = 'DE Wind Power Production MWh/h 15min Actual';
const H = 3_600_000;

let svc: StartedService;
let client: ServiceClient;
let requests = 0;

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: ANCHOR } });
  client = new ServiceClient({
    apiKey: svc.apiKey,
    apiUrl: svc.apiUrl,
    httpDelay: 0.05,
    onRequest: () => {
      requests++;
    },
  });
});

test.after(async () => {
  await svc?.close();
});

async function refused(work: () => Promise<unknown>, parameter: string, beforeRequests = false): Promise<void> {
  const before = requests;
  try {
    await work();
    assert.unreachable('should throw');
  } catch (err) {
    assert.instance(err, ValidationError, String(err));
    assert.is((err as ValidationError).parameter, parameter, String(err));
  }
  if (beforeRequests) assert.is(requests, before, 'no request sent');
}

test('bad options are refused before any request, naming the option', async () => {
  const actualCurve = await client.metadata.curve(ACTUAL);
  const base = { actual: ACTUAL, begin: '2025-01-05', end: '2025-01-10' };
  await refused(() => client.instances.skill(actualCurve, base), 'curve', true);
  await refused(() => client.instances.skill(WIND, { ...base, actual: undefined as unknown as string }), 'actual', true);
  await refused(() => client.instances.skill(WIND, { ...base, begin: undefined as unknown as string }), 'begin', true);
  await refused(() => client.instances.skill(WIND, { ...base, metrics: ['mae', 'brier' as 'mae'] }), 'metrics', true);
  await refused(() => client.instances.skill(WIND, { ...base, frequency: 'PT7M' as 'PT15M' }), 'frequency', true);
  await refused(() => client.instances.skill(WIND, { ...base, tags: [] }), 'tags', true);
  await refused(() => client.instances.skill(WIND, { ...base, reference: 'climate' as 'persistence' }), 'reference', true);
});

test('curves that are not instance curves, empty selections and actuals that cannot be aligned name the option', async () => {
  const base = { actual: ACTUAL, begin: '2025-01-05', end: '2025-01-10', progress: false };
  await refused(() => client.instances.skill(ACTUAL, base), 'curve');
  await refused(() => client.instances.skill(WIND, { ...base, end: '2025-01-05' }), 'end');
  await refused(() => client.instances.skill(WIND, { ...base, begin: '2020-01-01', end: '2020-02-01' }), 'begin');
  await refused(() => client.instances.skill(WIND, { ...base, tags: 'icon-ens' }), 'tags');
  const daily = new Timeseries({
    resolution: new Resolution(Frequency.P1D, 'CET'),
    name: 'daily actual',
    times: [Date.UTC(2025, 0, 5)],
    values: [1],
  });
  await refused(() => client.instances.skill(WIND, { ...base, tags: 'ec', actual: daily }), 'actual');
  await refused(() => client.instances.skill(WIND, { ...base, tags: 'ec', frequency: 'PT5M' }), 'frequency');
});

test("the demo's forecast errors grow with lead time (ec and gfs, day-ahead buckets)", async () => {
  const r = await client.instances.skill(WIND, {
    actual: ACTUAL,
    tags: ['ec', 'gfs'],
    begin: '2025-01-02',
    end: '2025-01-16',
    leadTimes: 'day-ahead',
    progress: false,
  });
  assert.equal(r.tags, ['ec', 'gfs']);
  for (const tag of r.tags) {
    const rows = r.rows.filter((x) => x.tag === tag && x.n >= 4 * 96);
    assert.ok(rows.length >= 6, `${tag}: ${rows.length} well-filled buckets`);
    const mae = rows.map((x) => x.mae);
    // the demo's error has a standard deviation of base + growth x lead days: the MAE of the
    // later half of the buckets is well above the first's, and rises from bucket to bucket more
    // often than it falls
    const later = mae.slice(Math.floor(mae.length / 2));
    assert.ok(Math.min(...later) > mae[0]!, `${tag}: later MAE ${later.map((m) => m.toFixed(0))} above D+0 ${mae[0]!.toFixed(0)}`);
    let rises = 0;
    for (let k = 1; k < mae.length; k++) if (mae[k]! > mae[k - 1]!) rises++;
    assert.ok(rises >= (mae.length - 1) * 0.6, `${tag}: MAE by lead ${mae.map((m) => m.toFixed(0)).join(' ')}`);
    // RMSE grows too and is never below the MAE
    const rmse = rows.map((x) => x.rmse);
    assert.ok(rmse[rmse.length - 1]! > rmse[0]!);
    rows.forEach((x) => assert.ok(x.rmse >= x.mae));
    // persistence is a poor forecast at long leads: the skill score is positive there
    assert.ok(rows[rows.length - 1]!.skill > 0, `${tag}: skill ${rows[rows.length - 1]!.skill}`);
  }
});

test('skill equals a plain loop over instances.list + instances.get + the actual, metric by metric', async () => {
  const begin = '2025-01-03';
  const end = '2025-01-12';
  const leadTimes = { step: 'PT6H', max: 'P3D' };
  const r = await client.instances.skill(WIND, { actual: ACTUAL, tags: 'gfs', begin, end, leadTimes, progress: false });

  // the loop: list (25 at a time, newest first), get each, load the actual, bucket by hand
  const issued: string[] = [];
  let latest: DateTime<boolean> = DateTime.fromISO(end, { zone: 'UTC' }).minus({ seconds: 1 });
  for (let round = 0; round < 100; round++) {
    const page = await client.instances.list(WIND, { tags: 'gfs', issuedAtEarliest: begin, issuedAtLatest: latest, limit: 25 });
    issued.push(...page.map((i) => i.issued.toISO()!));
    if (page.length < 25) break;
    latest = page[page.length - 1]!.issued.minus({ seconds: 1 });
  }
  const actual = await client.timeseries.load(ACTUAL, { begin: '2024-12-30', end: '2025-01-20' });
  const byTime = new Map<number, number>();
  actual.times.forEach((t, i) => byTime.set(t, actual.values[i]!));
  const sums = Array.from({ length: 12 }, () => ({ n: 0, abs: 0, sq: 0, err: 0 }));
  for (const when of issued) {
    const ts = await client.instances.get(WIND, { issued: when, tag: 'gfs' });
    const at = ts.instance!.issued.toMillis();
    ts.times.forEach((t, i) => {
      const y = byTime.get(t);
      const v = ts.values[i]!;
      const lead = t - at;
      if (y === undefined || Number.isNaN(y) || Number.isNaN(v) || lead < 0 || lead >= 72 * H) return;
      const s = sums[Math.floor(lead / (6 * H))]!;
      s.n++;
      s.abs += Math.abs(v - y);
      s.sq += (v - y) ** 2;
      s.err += v - y;
    });
  }
  assert.is(r.byIssue().length, issued.length);
  assert.is(issued.length, 36); // four runs a day for nine days
  const rows = r.rows.filter((x) => x.tag === 'gfs');
  assert.is(rows.length, 12);
  rows.forEach((row, b) => {
    const s = sums[b]!;
    assert.is(row.n, s.n, `n of ${row.lead}`);
    assert.ok(Math.abs(row.mae - s.abs / s.n) < 1e-6, `MAE of ${row.lead}`);
    assert.ok(Math.abs(row.rmse - Math.sqrt(s.sq / s.n)) < 1e-6, `RMSE of ${row.lead}`);
    assert.ok(Math.abs(row.bias - s.err / s.n) < 1e-6, `bias of ${row.lead}`);
  });
});

test('ensemble metrics from the members; the table has a row per tag and lead and a column per metric', async () => {
  const r = await client.instances.skill(WIND, {
    actual: ACTUAL,
    tags: ['ec-ens', 'ec'],
    begin: '2025-01-14',
    end: '2025-01-16',
    leadTimes: { step: 'PT12H', max: 'P2D' },
    metrics: ['mae', 'crps', 'spreadSkill', 'rankHistogram'],
    progress: false,
  });
  const ens = r.rows.filter((x) => x.tag === 'ec-ens' && x.n > 0);
  assert.ok(ens.length > 0);
  for (const row of ens) {
    // the CRPS is at most the mean absolute error of the members (its first term)
    assert.ok(row.crps > 0 && Number.isFinite(row.crps), `CRPS ${row.crps}`);
    assert.is(row.rankHistogram!.length, 52);
    assert.is(
      row.rankHistogram!.reduce((a, b) => a + b, 0),
      row.n,
    );
  }
  assert.ok(r.rows.filter((x) => x.tag === 'ec').every((x) => Number.isNaN(x.crps)));
  const table = r.toTable({ singleLevelHeader: true });
  assert.equal(table.columnNames(), ['tag', 'lead', 'lead_start', 'n', 'mae', 'crps', 'spreadSkill']);
  assert.is(table.numRows(), r.rows.length);
  assert.equal(r.toTable().columnNames()[3], `${WIND} | n`);
});

test('a Curve object and a Timeseries actual are used as given; frequency resamples both', async () => {
  const curve = await client.metadata.curve(WIND);
  assert.ok(Curve.isCurve(curve));
  const actual = await client.timeseries.load(ACTUAL, { begin: '2025-01-01', end: '2025-01-16' });
  const r = await client.instances.skill(curve, {
    actual,
    tags: 'ec',
    begin: '2025-01-08',
    end: '2025-01-10',
    frequency: 'PT1H',
    leadTimes: { step: 'PT24H', max: 'P2D' },
    progress: false,
  });
  // hourly steps: 24 per bucket and instance, four instances (00 and 12 UTC runs over two days)
  assert.equal(
    r.rows.map((x) => x.n),
    [4 * 24, 4 * 24],
  );
});

test('issue windows: all listed when fewer than a page, else windows of limit - 1 mean spacings', () => {
  assert.equal(issueWindows('ec', [30_000, 20_000, 10_000], 25, 0, 40_000, 2), [
    { tag: 'ec', from: 10_000, to: 20_000 },
    { tag: 'ec', from: 30_000, to: 30_000 },
  ]);
  const listed = Array.from({ length: 25 }, (_, k) => 100 * 6 * H - k * 6 * H);
  const windows = issueWindows('gfs', listed, 25, 0, 100 * 6 * H, 25);
  assert.is(windows[0]!.to - windows[0]!.from + 1000, 24 * 6 * H);
  assert.is(windows.length, Math.ceil(100 / 24));
  assert.is(windows[windows.length - 1]!.to, 100 * 6 * H - 1000);
  assert.equal(issueWindows('x', [], 25, 0, 10, 25), []);
});

test.run();
