// Many curves in one call (timeseries.loadMany, instances.latestMany / relativeMany,
// periods.loadMany) against the real service: input order, equality with one-by-one loads,
// request starts never closer than httpDelay while requests overlap, one PartialLoadError naming
// every failed curve with the rest in `partial`, validation before any request, AbortSignal,
// and the curve search walked with `for await` and `.all()`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../../src/client';
import { PartialLoadError, ValidationError, NotFoundError } from '../../../src/exceptions';
import { PeriodseriesList, TimeseriesList, type Timeseries } from '../../../src/model';
import { startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';
import { clientTransport } from '../../../src/client/base-client';

let svc: StartedService;
let client: ServiceClient;
const recorder = recordRequests();
const RANGE = { begin: '2025-03-01', end: '2025-03-08' };
const CURVES = [
  'DE Price Spot EUR/MWh EPEX H Actual',
  'DE Wind Power Production MWh/h 15min Actual',
  'DE Solar Photovoltaic Production MWh/h 15min Actual',
  'DE Consumption MWh/h 15min Actual',
  'FR Price Spot EUR/MWh EPEX H Actual',
  'NL Price Spot EUR/MWh EPEX H Actual',
];

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-04-15' }, rateLimit: false });
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 }, ...recorder.options });
});

test.after(async () => {
  client.close();
  await svc.close();
});

async function rejects(fn: () => Promise<unknown>, check: (e: unknown) => boolean): Promise<void> {
  try {
    await fn();
  } catch (err) {
    assert.ok(check(err), `unexpected error: ${String(err)}`);
    return;
  }
  assert.unreachable('should reject');
}

/** Records when each attempt passes the throttle, and how many are in flight at most. */
function watchAttempts(c: ServiceClient): { starts: number[]; maxInFlight: () => number } {
  const transport = clientTransport(c) as unknown as { attempt: (...args: unknown[]) => Promise<unknown> };
  const original = transport.attempt.bind(transport);
  const starts: number[] = [];
  let inFlight = 0;
  let max = 0;
  transport.attempt = async (...args: unknown[]) => {
    starts.push(performance.now());
    max = Math.max(max, ++inFlight);
    try {
      return await original(...args);
    } finally {
      inFlight--;
    }
  };
  return { starts, maxInFlight: () => max };
}

test('loadMany: a TimeseriesList in input order, equal to one-by-one loads, throttled but concurrent', async () => {
  const own = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 } });
  const watch = watchAttempts(own);
  const called = performance.now();
  const list = await own.timeseries.loadMany(CURVES, { ...RANGE, frequency: 'PT1H', progress: false });
  assert.ok(TimeseriesList.isTimeseriesList(list));
  assert.equal(
    list.map((s) => s.name),
    CURVES,
  );
  for (const [k, name] of CURVES.entries()) {
    const one = await client.timeseries.load(name, { ...RANGE, frequency: 'PT1H' });
    assert.ok((list[k] as Timeseries).equals(one), name);
  }
  assert.is(watch.starts.length, CURVES.length);
  // the throttle reserves start slots 50 ms apart from the first call on; no start precedes its slot
  const sorted = [...watch.starts].sort((a, b) => a - b);
  sorted.forEach((t, i) => assert.ok(t - called >= 50 * i, `start ${i} came ${(t - called).toFixed(1)} ms after the call`));
  own.close();
});

test('loadMany over Arrow: series with equal times share one times array; another panel and a single load have their own', async () => {
  const own = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 }, transport: 'arrow' });
  const quarter = CURVES.slice(1, 4);
  const list = await own.timeseries.loadMany(quarter, { ...RANGE, progress: false });
  const [wind, solar, load] = list as unknown as Timeseries[];
  // one week of quarter-hours in CET (no change of offset in it): 7 x 96 steps
  assert.is(wind!.times.length, 672);
  assert.ok(wind!.times.buffer === solar!.times.buffer && solar!.times.buffer === load!.times.buffer, 'the series share their times');
  for (const [k, name] of quarter.entries()) {
    assert.ok((list[k] as Timeseries).equals(await client.timeseries.load(name, RANGE)), name);
  }
  const other = await own.timeseries.loadMany(quarter.slice(0, 1), { ...RANGE, progress: false });
  assert.ok((other[0] as Timeseries).times.buffer !== wind!.times.buffer);
  const single = await own.timeseries.load(quarter[0]!, RANGE);
  assert.ok(single.times.buffer !== wind!.times.buffer);
  own.close();
});

test('loadMany: one PartialLoadError names every failed curve; partial holds the others', async () => {
  const names = [CURVES[0] as string, 'XX Missing Curve A', CURVES[4] as string, 'XX Missing Curve B'];
  try {
    await client.timeseries.loadMany(names, { ...RANGE, progress: false });
    assert.unreachable('should fail');
  } catch (err) {
    assert.instance(err, PartialLoadError);
    const e = err as PartialLoadError<TimeseriesList>;
    assert.match(
      e.message,
      /^2 of 4 curves failed to load: 'XX Missing Curve A' \(NotFoundError: .*\); 'XX Missing Curve B' \(NotFoundError: /,
    );
    assert.equal(
      e.failures.map((f) => [f.curve, f.index]),
      [
        ['XX Missing Curve A', 1],
        ['XX Missing Curve B', 3],
      ],
    );
    assert.ok(e.errors.every((x) => x instanceof NotFoundError));
    assert.ok(TimeseriesList.isTimeseriesList(e.partial));
    assert.equal(
      e.partial.map((s) => s.name),
      [CURVES[0], CURVES[4]],
    );
  }
});

test('loadMany: options are validated before any request; empty list and bad concurrency too', async () => {
  const { sent } = recorder;
  const before = sent.length;
  await rejects(
    () => client.timeseries.loadMany(CURVES, { begin: 'nonsense', end: '2025-03-02', progress: false }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'begin',
  );
  await rejects(
    () => client.timeseries.loadMany([], { ...RANGE }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'curves',
  );
  await rejects(
    () => client.timeseries.loadMany(CURVES, { ...RANGE, concurrency: 0 }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'concurrency',
  );
  assert.is(sent.length, before);
});

test('loadMany: the other sections (instances latest/relative, periods)', async () => {
  const fc = ['DE Wind Power Production MWh/h 15min Forecast', 'DE Solar Photovoltaic Production MWh/h 15min Forecast'];
  const latest = await client.instances.latestMany(fc, { progress: false });
  assert.equal(
    latest.map((s) => [s.name, s.instance !== null]),
    fc.map((n) => [n, true]),
  );
  const rel = await client.instances.relativeMany(fc, { begin: '2025-04-12', end: '2025-04-14', tag: 'ec', progress: false });
  assert.equal(
    rel.map((s) => [s.name, s.instance, s.length > 0]),
    fc.map((n) => [n, null, true]),
  );
  const caps = ['DE Wind Power Installed MW Capacity', 'DE Solar Photovoltaic Installed MW Capacity'];
  const periods = await client.periods.loadMany(caps, { begin: '2025-01-01', end: '2025-02-01', progress: false });
  assert.ok(PeriodseriesList.isPeriodseriesList(periods));
  assert.equal(
    periods.map((p) => p.name),
    caps,
  );
});

test('loadMany onProgress: one call per curve, counts and rows; a failing callback never breaks the load', async () => {
  const seen: { done: number; total: number; failed: number; curve: string; index: number; ok: boolean; rows: number | null }[] = [];
  const curves = [...CURVES.slice(1, 4), 'DE No Such Curve MWh/h 15min Actual'];
  await rejects(
    () => client.timeseries.loadMany(curves, { ...RANGE, progress: false, onProgress: (p) => seen.push({ ...p }) }),
    (e) => e instanceof PartialLoadError,
  );
  assert.is(seen.length, 4);
  assert.equal(
    seen.map((p) => p.done),
    [1, 2, 3, 4],
  );
  assert.ok(seen.every((p) => p.total === 4));
  const missing = seen.find((p) => !p.ok)!;
  assert.equal([missing.curve, missing.index, missing.rows], [curves[3], 3, null]);
  assert.is(seen.at(-1)!.failed, 1);
  // a week of quarter-hours
  assert.equal(
    seen
      .filter((p) => p.ok)
      .map((p) => [p.index, p.rows])
      .sort(),
    [
      [0, 672],
      [1, 672],
      [2, 672],
    ],
  );
  const panel = await client.timeseries.loadMany(CURVES.slice(1, 3), {
    ...RANGE,
    progress: false,
    onProgress: () => {
      throw new Error('display broke');
    },
  });
  assert.is(panel.length, 2);
  await rejects(
    () => client.timeseries.loadMany(CURVES, { ...RANGE, onProgress: 'yes' as unknown as () => void }),
    (e) => e instanceof ValidationError && e.parameter === 'onProgress',
  );
});

test('signal: an aborted signal rejects before and during a call, and stops loadMany', async () => {
  const { sent } = recorder;
  const before = sent.length;
  const aborted = AbortSignal.abort();
  await rejects(
    () => client.timeseries.load(CURVES[0] as string, { ...RANGE, signal: aborted }),
    (e: unknown) => (e as Error).name === 'AbortError',
  );
  await rejects(
    () => client.metadata.curve(CURVES[0] as string, { signal: aborted }),
    (e: unknown) => (e as Error).name === 'AbortError',
  );
  await rejects(
    () => client.user.user({ signal: aborted }),
    (e: unknown) => (e as Error).name === 'AbortError',
  );
  await rejects(
    () => client.timeseries.loadMany(CURVES, { ...RANGE, signal: aborted }),
    (e: unknown) => (e as Error).name === 'AbortError',
  );
  const controller = new AbortController();
  const pending = client.timeseries.loadMany(CURVES, { ...RANGE, signal: controller.signal, concurrency: 1, progress: false });
  setTimeout(() => controller.abort(), 60);
  await rejects(
    () => pending,
    (e: unknown) => (e as Error).name === 'AbortError',
  );
  assert.ok(sent.length - before < 3 + CURVES.length, 'the aborted loadMany stopped early');
  // a live signal changes nothing
  const ok = await client.timeseries.load(CURVES[0] as string, { ...RANGE, signal: new AbortController().signal });
  assert.ok(ok.length > 0);
});

test('curve search: for await walks every page, .all() collects them, page.all() from a page', async () => {
  const first = await client.metadata.curves({ q: 'price', pageSize: 3 });
  assert.ok(first.lastPage > 1, 'several pages');
  const walked: string[] = [];
  for await (const curve of client.metadata.curves({ q: 'price', pageSize: 3 })) walked.push(curve.name);
  assert.is(walked.length, first.totalItems);
  assert.equal(
    walked,
    [...walked].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  assert.equal(
    (await client.metadata.curves({ q: 'price', pageSize: 3 }).all()).map((c) => c.name),
    walked,
  );
  assert.equal(
    (await first.all()).map((c) => c.name),
    walked,
  );
  const second = await first.getNextPage();
  assert.equal(
    (await second.all()).map((c) => c.name),
    walked.slice(3),
  );
});

test.run();
