// Property-based fuzzing of every route's parameters against the running service (loopback):
// seeded fast-check requests (RELIABILITY_RUNS, default 2,000; RELIABILITY_SEED to replay) mixing
// valid and hostile curve names, path segments, query names and values (impossible dates, huge
// ranges, malformed percent-encoding, long texts, bad keys), four at a time. Every answer must be
// below 500, none may take 2 s or more, and the process (test and service together) must stay
// under PEAK_RSS_BOUND.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { addUser, startService, type StartedService } from '../helpers/start-service';

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 2000);
const SEED = Number(process.env.RELIABILITY_SEED ?? 20261125);
const CONCURRENCY = 4;
const SLOW_MS = 2000;
/** Peak resident memory of this process (the service runs in it) during the fuzzing. */
const PEAK_RSS_BOUND = 1536 * 1024 * 1024;

let svc: StartedService;
let ordinary: string;
const curves: Record<string, string[]> = {};

test.before(async () => {
  // no failed-authentication limit here: bad keys are fuzzed among good ones (bounds.test.ts checks the limit)
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false, authFailureLimit: false });
  ordinary = await addUser(svc.store, 'ordinary', { grants: [{ package: 'power', area: 'DE' }] });
  for (const curveType of ['TIMESERIES', 'SCENARIO_TIMESERIES', 'INSTANCE', 'PERIOD', 'INSTANCE_PERIOD', 'OHLC']) {
    curves[curveType] = (await svc.store.searchCurves({ curveType, pageSize: 6 })).items.map((c) => c.name);
  }
  curves.SRMC = (await svc.store.searchCurves({ curveType: 'OHLC', q: 'coal', pageSize: 3 })).items
    .map((c) => c.name)
    .concat((await svc.store.searchCurves({ curveType: 'OHLC', q: 'gas', pageSize: 3 })).items.map((c) => c.name));
});

test.after(async () => {
  await svc.close();
});

/** A route: path template (`{curve}`, `{issued}`, `{tag}`, `{field}`, `{name}`), the curve type it serves, its query names. */
interface Route {
  path: string;
  type: string | null;
  params: string[];
}

const RESAMPLE = ['timezone', 'frequency', 'aggregation', 'hour-filter', 'threshold', 'unit'];
const SELECT = ['tags', 'exclude-tags', 'issued-at-earliest', 'issued-at-latest', 'issued-time-of-day', 'limit'];
const CONTRACT = ['period', 'front', 'delivery', 'fill', 'unit'];
const SRMC = ['efficiency', 'carbon-emissions', 'gas-therm-to-mwh', 'carbon-tax-area', 'unit'];
const ROUTES: Route[] = [
  { path: '/metadata/categories/', type: null, params: [] },
  { path: '/metadata/exact-categories/', type: null, params: [] },
  {
    path: '/metadata/curves/',
    type: null,
    params: [
      'q',
      'area',
      'curve-type',
      'data-type',
      'frequency',
      'commodity',
      'category',
      'source',
      'only-subscribed',
      'has-place',
      'page',
      'page-size',
    ],
  },
  { path: '/metadata/curves/{curve}/', type: 'TIMESERIES', params: [] },
  { path: '/metadata/places/', type: null, params: ['q', 'area', 'place-type', 'fuel', 'page', 'page-size'] },
  { path: '/user/', type: null, params: [] },
  { path: '/timeseries/{curve}/', type: 'TIMESERIES', params: ['begin', 'end', ...RESAMPLE] },
  { path: '/timeseries/{curve}/', type: 'SCENARIO_TIMESERIES', params: ['begin', 'end', ...RESAMPLE] },
  { path: '/periods/{curve}/', type: 'PERIOD', params: ['begin', 'end', 'timezone', 'unit'] },
  { path: '/instances/{curve}/tags/', type: 'INSTANCE', params: [] },
  { path: '/instances/{curve}/list/', type: 'INSTANCE', params: SELECT },
  { path: '/instances/{curve}/', type: 'INSTANCE', params: [...SELECT, ...RESAMPLE] },
  { path: '/ensembles/{curve}/', type: 'INSTANCE', params: [...SELECT, ...RESAMPLE] },
  { path: '/instances/{curve}/get/latest/', type: 'INSTANCE', params: [...SELECT, ...RESAMPLE] },
  { path: '/instances/{curve}/get/{issued}/', type: 'INSTANCE', params: RESAMPLE },
  { path: '/instances/{curve}/get/{issued}/{tag}/', type: 'INSTANCE', params: RESAMPLE },
  {
    path: '/instances/{curve}/get/relative/',
    type: 'INSTANCE',
    params: [
      'begin',
      'end',
      'tag',
      'days-ahead',
      'issued',
      'time-of-day',
      'after-time-of-day',
      'before-time-of-day',
      'modified-at-latest',
      ...RESAMPLE,
    ],
  },
  {
    path: '/instances/{curve}/get/rolling/',
    type: 'INSTANCE',
    params: ['begin', 'end', 'hours-ahead', 'tags', 'exclude-tags', ...RESAMPLE],
  },
  { path: '/instances/{curve}/get/absolute/', type: 'INSTANCE', params: ['delivery', 'begin', 'end', 'tags', 'exclude-tags', ...RESAMPLE] },
  { path: '/period-instances/{curve}/list/', type: 'INSTANCE_PERIOD', params: SELECT },
  { path: '/period-instances/{curve}/', type: 'INSTANCE_PERIOD', params: ['begin', 'end', ...SELECT, 'timezone', 'unit'] },
  {
    path: '/period-instances/{curve}/get/latest/',
    type: 'INSTANCE_PERIOD',
    params: ['begin', 'end', 'issued-at-latest', 'timezone', 'unit'],
  },
  { path: '/period-instances/{curve}/get/{issued}/{tag}/', type: 'INSTANCE_PERIOD', params: ['begin', 'end', 'timezone', 'unit'] },
  {
    path: '/period-instances/{curve}/get/relative/',
    type: 'INSTANCE_PERIOD',
    params: ['begin', 'end', 'days-ahead', 'before-time-of-day', 'timezone', 'unit'],
  },
  { path: '/ohlc/{curve}/', type: 'OHLC', params: ['begin', 'end', ...CONTRACT] },
  { path: '/ohlc/{curve}/latest/', type: 'OHLC', params: ['date', 'timezone', 'unit'] },
  { path: '/ohlc/{curve}/latest/periods/{field}/', type: 'OHLC', params: ['date', 'timezone', 'unit'] },
  { path: '/ohlc/{curve}/timeseries/{field}/', type: 'OHLC', params: ['begin', 'end', ...CONTRACT] },
  { path: '/srmc/{curve}/', type: 'SRMC', params: ['begin', 'end', ...CONTRACT, ...SRMC] },
  { path: '/srmc/{curve}/timeseries/', type: 'SRMC', params: ['begin', 'end', ...CONTRACT, ...SRMC] },
  { path: '/srmc/{curve}/latest/', type: 'SRMC', params: ['date', ...SRMC] },
  { path: '/srmc/{curve}/latest/periods/', type: 'SRMC', params: ['date', 'timezone', ...SRMC] },
];

const year = fc.oneof(fc.integer({ min: 2020, max: 2026 }), fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1, 1000, 1969, 1970, 3000));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateText = fc
  .tuple(year, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);
const dateTimeText = fc
  .tuple(dateText, fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.constantFrom('', 'Z', '+01:00', '-23:59', '+24:00'))
  .map(([d, h, m, off]) => `${d} ${pad(h)}:${pad(m)}${off}`);
const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', '%ZZ', '%', '%E0%A4', '%00', 'null', 'NaN', '-1', '1e309', '0x10', '  ', '../..', 'a'.repeat(3000)),
);
const number = fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double({ noNaN: false })).map(String);
const VALUES: Record<string, fc.Arbitrary<string>> = {
  begin: fc.oneof(dateText, dateTimeText),
  end: fc.oneof(dateText, dateTimeText),
  date: dateText,
  delivery: fc.oneof(dateText, dateTimeText),
  'issued-at-earliest': dateTimeText,
  'issued-at-latest': dateTimeText,
  'modified-at-latest': fc.constantFrom('12:00', '25:00'),
  timezone: fc.constantFrom('CET', 'UTC', 'Europe/Gas_Day', 'europe/london', 'Mars/Base', 'EET', 'WET', 'Europe/Istanbul'),
  frequency: fc.constantFrom('P1Y', 'P1M', 'P1W', 'P1D', 'PT1H', 'PT60M', 'PT15M', 'PT5M', 'NONE', 'P2D', 'SEASON', 'P3M'),
  aggregation: fc.constantFrom('AVERAGE', 'MEAN', 'SUM', 'MIN', 'MAX', 'median'),
  'hour-filter': fc.constantFrom('BASE', 'PEAK', 'OFFPEAK', 'WORKDAYS', 'WEEKEND', 'NIGHT'),
  threshold: fc.oneof(fc.integer({ min: -1, max: 30 }).map(String), fc.constantFrom('12.50%', '100.00%', '101%')),
  unit: fc.constantFrom('MWh/h', 'GW', 'kW', 'EUR/MWh', 'USD/MWh', 'GBP/therm', 'm3', 'NOK'),
  tags: fc.constantFrom('ec', 'gfs', 'ec-ens', ''),
  'exclude-tags': fc.constantFrom('ec', 'gfs'),
  tag: fc.constantFrom('ec', 'gfs', ''),
  'issued-time-of-day': fc.constantFrom('00:00', '12:00', '24:00'),
  'time-of-day': fc.constantFrom('00:00', '06:00', '99:99'),
  'after-time-of-day': fc.constantFrom('00:00', '23:59'),
  'before-time-of-day': fc.constantFrom('12:00', '00:00'),
  issued: fc.constantFrom('earliest', 'latest', 'middle'),
  limit: number,
  'days-ahead': number,
  'hours-ahead': number,
  page: number,
  'page-size': number,
  front: number,
  efficiency: number,
  'carbon-emissions': number,
  'gas-therm-to-mwh': number,
  period: fc.constantFrom('month', 'quarter', 'year', 'week', 'day', 'season', 'decade'),
  fill: fc.constantFrom('no-fill', 'fill-holes', 'forward-fill', 'x'),
  area: fc.constantFrom('DE', 'FR', 'NO1', '', 'XX'),
  'carbon-tax-area': fc.constantFrom('GB', 'DE', ''),
  'curve-type': fc.constantFrom('TIMESERIES', 'INSTANCE', 'ohlc', 'X'),
  'data-type': fc.constantFrom('ACTUAL', 'FORECAST', 'X'),
  q: fc.oneof(fc.constantFrom('de wind', 'price', ''), fc.string({ maxLength: 20 })),
};

interface Probe {
  url: string;
  key: string | undefined;
}

function probes(): fc.Arbitrary<Probe> {
  const route = fc.constantFrom(...ROUTES);
  return route.chain((r) => {
    const names = r.type === null ? ['X'] : (curves[r.type] ?? []);
    const curve = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...names) },
      { weight: 1, arbitrary: fc.constantFrom(...Object.values(curves).flat()) },
      { weight: 1, arbitrary: junk },
    );
    const param = fc
      .tuple(
        fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...(r.params.length ? r.params : ['x'])) }, { weight: 1, arbitrary: junk }),
        fc.integer({ min: 0, max: 5 }).map((k) => k === 0),
      )
      .chain(([name, wild]) => (wild ? junk : (VALUES[name] ?? junk)).map((value) => [name, value] as const));
    const query = fc.array(param, { maxLength: r.params.length + 2 });
    const raw = fc.integer({ min: 0, max: 3 }).map((k) => k === 0); // send name and value unencoded (malformed escapes reach the service)
    const key = fc.constantFrom<'good' | 'ordinary' | 'none' | 'bad'>('good', 'good', 'good', 'ordinary', 'none', 'bad');
    const segment = fc.record({
      issued: fc.oneof(dateTimeText, junk),
      tag: VALUES.tag!,
      field: fc.constantFrom('settlement', 'OPEN', 'x'),
    });
    return fc.tuple(curve, query, raw, key, segment).map(([c, q, rawQuery, k, s]) => {
      const enc = (text: string) => (rawQuery ? text.replace(/[#&= ?\n\r]/g, (ch) => encodeURIComponent(ch)) : encodeURIComponent(text));
      const path = r.path
        .replace('{curve}', encodeURIComponent(c))
        .replace('{issued}', encodeURIComponent(s.issued))
        .replace('{tag}', encodeURIComponent(s.tag || 'x'))
        .replace('{field}', s.field);
      const text = q.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&');
      const keys = { good: svc.apiKey, ordinary, none: undefined, bad: 'svc_not-a-key' };
      return { url: `${svc.apiUrl}${path}${text ? `?${text}` : ''}`, key: keys[k] };
    });
  });
}

test(`${RUNS} fuzzed requests over every route: no 5xx, none slower than ${SLOW_MS} ms, bounded memory`, async () => {
  const samples = fc.sample(probes(), { seed: SEED, numRuns: RUNS });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  let slowest = 0;
  const worker = async () => {
    while (next < samples.length && failures.length < 10) {
      const { url, key } = samples[next++]!;
      const started = performance.now();
      let status: number;
      try {
        const r = await fetch(url, { headers: key === undefined ? {} : { 'x-api-key': key }, signal: AbortSignal.timeout(10_000) });
        await r.arrayBuffer();
        status = r.status;
      } catch (err) {
        failures.push(`${url}: ${(err as Error).message}`);
        continue;
      }
      const ms = performance.now() - started;
      slowest = Math.max(slowest, ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) failures.push(`${status} ${url}`);
      if (ms >= SLOW_MS) failures.push(`${ms.toFixed(0)} ms ${url}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    clearInterval(sampler);
  }
  assert.equal(failures, [], `seed ${SEED}: ${failures.slice(0, 5).join('\n')}`);
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  assert.is(answered, RUNS);
  // the fuzzing reached the routes' work, not only their refusals
  assert.ok((statuses.get(200) ?? 0) > RUNS / 20, `200s: ${statuses.get(200)} of ${RUNS} (${JSON.stringify([...statuses])})`);
  assert.ok(peak < PEAK_RSS_BOUND, `peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`);
  if (process.env.RELIABILITY_VERBOSE)
    console.log({ statuses: Object.fromEntries(statuses), slowestMs: Math.round(slowest), peakMiB: Math.round(peak / 2 ** 20) });
});

test.run();
