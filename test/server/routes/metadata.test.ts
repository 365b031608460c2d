import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CurveRecord, PlaceRecord } from '../../../server/src/store';
import { parseCurve, parseCurveList, parsePageHeaders, parsePlaceList, parseStringList } from '../../../src/wire';
import { openService, type OpenedService } from '../../helpers/open-service';
import { curveRecord } from '../../helpers/records';

// The real service, answering in the process through inject(), with the demo `small` data, plus the two fixture curves the demo
// does not have (an exchange curve with a source area outside the demo, and a plant with a unit).
const EXTRA_PLACES: PlaceRecord[] = [
  {
    key: 'pp-brokdorf',
    kind: 'producer',
    name: 'Brokdorf',
    unit: null,
    fuels: ['Nuclear'],
    latitude: 53.85,
    longitude: 9.35,
    areas: ['DE'],
    parentKey: null,
  },
  {
    key: 'pp-brokdorf-1',
    kind: 'producer',
    name: 'Brokdorf',
    unit: 'Unit 1',
    fuels: ['Nuclear'],
    latitude: 53.85,
    longitude: 9.35,
    areas: ['DE'],
    parentKey: 'pp-brokdorf',
  },
];
const record = ({ name, ...over }: Partial<CurveRecord> & Pick<CurveRecord, 'name'>): CurveRecord =>
  curveRecord(name, { categories: [], ...over });
const EXTRA_CURVES: CurveRecord[] = [
  record({
    name: 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual',
    area: 'CZ',
    areaSink: 'DE',
    categories: ['Exchange', 'Day-Ahead', 'Schedule'],
  }),
  record({
    name: 'DE @Brokdorf Nuclear Capacity Available MW REMIT',
    curveType: 'INSTANCE_PERIOD',
    placeKey: 'pp-brokdorf',
    categories: ['Nuclear', 'Capacity', 'Available'],
    frequency: 'NONE',
    unit: 'MW',
    dataType: 'REMIT',
    instanceIssuedTimezone: 'UTC',
  }),
];

interface Pair {
  request: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
const pairs: Pair[] = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8'));

let svc: OpenedService;
let allCurves: CurveRecord[];
let allPlaces: PlaceRecord[];

test.before(async () => {
  svc = await openService({
    demo: { preset: 'small', anchor: '2025-01-15' },
    batch: { places: EXTRA_PLACES, curves: EXTRA_CURVES },
    rateLimit: false, // this file sends hundreds of requests in a burst
  });
  allCurves = (await svc.store.searchCurves({ pageSize: 100_000 })).items;
  allPlaces = (await svc.store.searchPlaces({ pageSize: 100_000 })).items;
});

test.after(async () => {
  await svc.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function get(pathAndQuery: string, key: string | null = svc.apiKey): Promise<Answer> {
  const res = await svc.fetch(pathAndQuery, { headers: key === null ? {} : { 'X-API-Key': key } });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Every curve name a search gives, over all its pages (page size 100). */
async function names(query: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await get(`/api/metadata/curves/?${query}${query ? '&' : ''}page=${page}&page-size=100`);
    assert.is(res.status, 200, query);
    out.push(...res.body.map((c: { name: string }) => c.name));
    if (page >= Number(res.headers.get('x-last-page'))) break;
  }
  return out;
}

// The independent oracle: what a search must return, computed from the records by plain rules.
const lower = (s: string | null) => (s ?? '').toLowerCase();
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[\s>@\-/]+/)
    .filter(Boolean);
const sortNames = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const expectNames = (pick: (c: CurveRecord) => boolean) => sortNames(allCurves.filter(pick).map((c) => c.name));

test('categories and exact categories are the sorted distinct words and combinations of the curves', async () => {
  const cats = await get('/api/metadata/categories/');
  assert.is(cats.status, 200);
  assert.equal(cats.body, sortNames([...new Set(allCurves.flatMap((c) => c.categories))]));
  assert.ok(cats.body.includes('Wind') && cats.body.includes('Day-Ahead'));
  const exact = await get('/api/metadata/exact-categories/');
  assert.equal(exact.body, sortNames([...new Set(allCurves.filter((c) => c.categories.length).map((c) => c.categories.join(' ')))]));
  assert.ok(exact.body.includes('Wind Power Production'));
});

test('curve by name: names with / > @ ° travel percent-encoded; JSON keys as the reference', async () => {
  const keys = Object.keys((pairs.find((p) => p.request.startsWith('GET /api/metadata/curves/DE%20Wind')) as Pair).body as object);
  const wind = await get('/api/metadata/curves/DE%20Wind%20Power%20Production%20MWh%2Fh%2015min%20Actual/');
  assert.is(wind.status, 200);
  assert.equal(Object.keys(wind.body), keys);
  assert.is(wind.body.name, 'DE Wind Power Production MWh/h 15min Actual');
  assert.equal(wind.body.resolution, { frequency: 'PT15M', timezone: 'CET' });
  assert.equal(wind.body.subscription, { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' });
  // exchange curve: area = source, area_sink = sink
  const ex = await get(`/api/metadata/curves/${encodeURIComponent('DE>FR Exchange Day-Ahead Schedule MWh/h H Actual')}/`);
  assert.is(ex.status, 200);
  assert.is(ex.body.area, 'DE');
  assert.is(ex.body.area_sink, 'FR');
  // a place curve carries its place without children and curves
  const plant = await get(`/api/metadata/curves/${encodeURIComponent('DE @Brokdorf Nuclear Capacity Available MW REMIT')}/`);
  assert.equal(plant.body.place, {
    type: 'producer',
    key: 'pp-brokdorf',
    name: 'Brokdorf',
    unit: null,
    fuels: ['Nuclear'],
    location: [53.85, 9.35],
    areas: ['DE'],
    children: [],
    curves: [],
  });
  assert.is(plant.body.instance_issued_timezone, 'UTC');
  // no area: "" (never null); market package covers it
  const coal = await get(`/api/metadata/curves/${encodeURIComponent('Futures Coal API-2 USD/t ICE OHLC')}/`);
  assert.is(coal.body.area, '');
  assert.is(coal.body.denominator, 't');
  assert.is(coal.body.subscription.access, 'PAYING');
  // GB power is outside the demo user's subscriptions: access NONE, naming what it would need
  const gb = allCurves.find((c) => c.area === 'GB' && c.package === 'power') as CurveRecord;
  const gbJson = await get(`/api/metadata/curves/${encodeURIComponent(gb.name)}/`);
  assert.is(gbJson.status, 200);
  assert.equal(gbJson.body.subscription, {
    access: 'NONE',
    type: 'PACKAGE_AREA',
    label: 'Power – Great Britain',
    package: 'power',
    area: 'GB',
  });
  // a temperature curve name with °C
  const temp = allCurves.find((c) => c.name.includes('°C')) as CurveRecord;
  assert.is((await get(`/api/metadata/curves/${encodeURIComponent(temp.name)}/`)).body.name, temp.name);
});

test('curve by name: unknown name is a 404 with a message naming it', async () => {
  const res = await get('/api/metadata/curves/DE%20Nothing%20MWh%2Fh%20H%20Actual/');
  assert.is(res.status, 404);
  assert.equal(res.body, { message: "Curve 'DE Nothing MWh/h H Actual' not found" });
});

test('curve search: q matches every word (case-insensitive, word prefixes)', async () => {
  assert.equal(
    await names('q=de+wind+power+production+actual'),
    [
      'DE Wind Power Production MWh/h 15min Actual',
      'DE Wind Power Production Offshore MWh/h 15min Actual',
      'DE Wind Power Production Onshore MWh/h 15min Actual',
    ].filter((n) => allCurves.some((c) => c.name === n)),
  );
  assert.equal(await names('q=DE+WIND+prod+15MIN+act'), await names('q=de+wind+production+15min+actual'));
  const q = 'nuclear production';
  assert.equal(
    await names('q=nuclear+production'),
    expectNames((c) => words(q).every((w) => words(c.name).some((x) => x.startsWith(w)))),
  );
});

test('curve search: each filter narrows as the oracle says', async () => {
  const cases: [string, (c: CurveRecord) => boolean][] = [
    ['area=fr', (c) => c.area === 'FR' || c.areaSink === 'FR'],
    ['curve-type=instance', (c) => c.curveType === 'INSTANCE'],
    ['data-type=forecast', (c) => c.dataType === 'FORECAST'],
    ['category=Wind&category=Power', (c) => c.categories.includes('Wind') && c.categories.includes('Power')],
    ['exact-category=Wind+Power+Production', (c) => c.categories.join(' ') === 'Wind Power Production'],
    ['commodity=gas', (c) => lower(c.commodity) === 'gas'],
    ['source=EEX', (c) => c.source === 'EEX'],
    ['source=EEX&source=null', (c) => c.source === 'EEX' || c.source === null],
    ['only-subscribed=true', (c) => c.package !== 'power' || ['DE', 'FR', 'NL', 'NO2'].some((a) => c.area === a || c.areaSink === a)],
    ['only-subscribed=false', () => true],
    ['frequency=PT60M', (c) => c.frequency === 'PT1H'],
    ['frequency=p1d', (c) => c.frequency === 'P1D'],
    ['has-place=true', (c) => c.placeKey !== null],
    ['has-place=false', (c) => c.placeKey === null],
    ['area=', () => true],
    [
      'q=price&area=DE&curve-type=TIMESERIES&data-type=ACTUAL&commodity=Power',
      (c) =>
        words(c.name).some((w) => w.startsWith('price')) &&
        (c.area === 'DE' || c.areaSink === 'DE') &&
        c.curveType === 'TIMESERIES' &&
        c.dataType === 'ACTUAL',
    ],
  ];
  for (const [query, pick] of cases) {
    const expected = expectNames(pick);
    assert.ok(expected.length > 0, `${query} should match something`);
    assert.equal(await names(query), expected, query);
  }
  // the filters really narrow: only-subscribed drops GB power curves
  assert.ok((await names('only-subscribed=true')).length < allCurves.length);
  assert.not.ok((await names('only-subscribed=true')).some((n) => n.startsWith('GB ') && !n.includes('Futures')));
});

test('curve search: paging headers, every page forward, and past the end', async () => {
  const all = await names('data-type=actual');
  const total = all.length; // more than 100 actual curves in `small`
  const size = 7;
  const last = Math.ceil(total / size);
  const seen: string[] = [];
  for (let page = 1; page <= last; page++) {
    const res = await get(`/api/metadata/curves/?data-type=actual&page=${page}&page-size=${size}`);
    assert.equal(parsePageHeaders(Object.fromEntries(res.headers)), {
      page,
      pageSize: size,
      firstPage: 1,
      lastPage: last,
      totalItems: total,
    });
    assert.is(res.body.length, page < last ? size : total - size * (last - 1));
    seen.push(...res.body.map((c: { name: string }) => c.name));
  }
  assert.equal(seen, all);
  const past = await get(`/api/metadata/curves/?data-type=actual&page=${last + 2}&page-size=${size}`);
  assert.equal(past.body, []);
  assert.is(past.headers.get('x-current-page'), String(last + 2));
  // defaults: page 1, page size 50
  const dflt = await get('/api/metadata/curves/');
  assert.is(dflt.headers.get('x-current-page'), '1');
  assert.is(dflt.headers.get('x-page-size'), '50');
  assert.is(dflt.body.length, 50);
});

test('curve search: an empty result has X-Total-Items 0 and X-Last-Page 1', async () => {
  const res = await get('/api/metadata/curves/?q=zzzz');
  assert.is(res.status, 200);
  assert.equal(res.body, []);
  assert.is(res.headers.get('x-total-items'), '0');
  assert.is(res.headers.get('x-last-page'), '1');
  assert.is(res.headers.get('x-first-page'), '1');
});

test('place search: filters, paging, and tree nesting units under their plant', async () => {
  const placeNames = async (query: string) => {
    const res = await get(`/api/metadata/places/?${query}&page-size=500`);
    assert.is(res.status, 200, query);
    return res.body as any[];
  };
  const keysOf = (list: any[]) => list.map((p) => p.key);
  const byNameKey = (a: PlaceRecord, b: PlaceRecord) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  const sorted = (list: PlaceRecord[]) => [...list].sort(byNameKey).map((p) => p.key);
  assert.equal(keysOf(await placeNames('tree=false')), sorted(allPlaces));
  assert.equal(keysOf(await placeNames('type=river')), sorted(allPlaces.filter((p) => p.kind === 'river')));
  assert.equal(keysOf(await placeNames('type=river&type=CITY')), sorted(allPlaces.filter((p) => p.kind === 'river' || p.kind === 'city')));
  assert.equal(
    keysOf(await placeNames('fuel=nuclear&fuel=Lignite')),
    sorted(allPlaces.filter((p) => p.fuels.includes('Nuclear') || p.fuels.includes('Lignite'))),
  );
  assert.equal(keysOf(await placeNames('area=FR')), sorted(allPlaces.filter((p) => p.areas.includes('FR'))));
  assert.equal(keysOf(await placeNames('q=brokdorf')), ['pp-brokdorf', 'pp-brokdorf-1']);
  // tree: top-level places only, each unit nested under its plant with its own curves
  const tree = await placeNames('tree=true');
  assert.equal(keysOf(tree), sorted(allPlaces.filter((p) => p.parentKey === null)));
  const withUnits = tree.filter((p) => p.children.length > 0);
  assert.ok(withUnits.length > 0);
  for (const plant of withUnits) {
    assert.equal(keysOf(plant.children), sorted(allPlaces.filter((p) => p.parentKey === plant.key)));
  }
  const neurath = tree.find((p) => p.key === 'pp-neurath');
  const unitD = neurath.children.find((u: any) => u.key === 'pp-neurath-d');
  assert.equal(
    unitD.curves.map((c: any) => c.name).sort(),
    expectNames((c) => c.placeKey === 'pp-neurath-d'),
  );
  assert.is(unitD.curves[0].place.key, 'pp-neurath-d');
  // a plant's curves, each with the shallow place
  const brokdorf = (await placeNames('q=brokdorf&tree=true'))[0];
  assert.equal(
    brokdorf.curves.map((c: any) => c.name),
    ['DE @Brokdorf Nuclear Capacity Available MW REMIT'],
  );
  assert.equal(
    brokdorf.children.map((u: any) => [u.key, u.unit]),
    [['pp-brokdorf-1', 'Unit 1']],
  );
  assert.equal(brokdorf.curves[0].place.curves, []);
  // paging
  const p2 = await get('/api/metadata/places/?page=2&page-size=5');
  assert.equal(keysOf(p2.body), sorted(allPlaces).slice(5, 10));
  assert.equal(parsePageHeaders(Object.fromEntries(p2.headers)), {
    page: 2,
    pageSize: 5,
    firstPage: 1,
    lastPage: Math.ceil(allPlaces.length / 5),
    totalItems: allPlaces.length,
  });
  const none = await get('/api/metadata/places/?q=zzz');
  assert.equal([none.body, none.headers.get('x-total-items'), none.headers.get('x-last-page')], [[], '0', '1']);
});

test('bad parameters are 400s naming the parameter', async () => {
  const cases: [string, string][] = [
    ['/api/metadata/curves/?page=0', 'page'],
    ['/api/metadata/curves/?page=two', 'page'],
    ['/api/metadata/curves/?page-size=0', 'page-size'],
    ['/api/metadata/curves/?curve-type=SERIES', 'curve-type'],
    ['/api/metadata/curves/?data-type=GUESS', 'data-type'],
    ['/api/metadata/curves/?frequency=PT7M', 'frequency'],
    ['/api/metadata/curves/?area=XX', 'area'],
    ['/api/metadata/curves/?has-place=maybe', 'has-place'],
    ['/api/metadata/curves/?only-subscribed=1', 'only-subscribed'],
    ['/api/metadata/places/?tree=yes', 'tree'],
    ['/api/metadata/places/?area=Atlantis', 'area'],
    ['/api/metadata/places/?page-size=-1', 'page-size'],
  ];
  for (const [url, parameter] of cases) {
    const res = await get(url);
    assert.is(res.status, 400, url);
    assert.is(res.body.parameter, parameter, url);
    assert.type(res.body.message, 'string');
  }
});

test('no key or an unknown key is a 401', async () => {
  assert.is((await get('/api/metadata/categories/', null)).status, 401);
  const res = await get('/api/metadata/curves/', 'sk_unknown_key_000000000000');
  assert.is(res.status, 401);
  assert.type(res.body.message, 'string');
});

test("the reference client's metadata request lines are answered 200 with the reference's shape", async () => {
  const metadata = pairs.filter((p) => p.request.startsWith('GET /api/metadata/'));
  assert.ok(metadata.length >= 15);
  for (const pair of metadata) {
    const path = pair.request.slice('GET '.length);
    const res = await get(path);
    assert.is(res.status, 200, pair.request);
    const route = path.split('?')[0];
    if (route === '/api/metadata/categories/' || route === '/api/metadata/exact-categories/') {
      assert.ok(parseStringList(res.body).length > 0);
    } else if (route === '/api/metadata/curves/' || route === '/api/metadata/places/') {
      const headers = parsePageHeaders(Object.fromEntries(res.headers));
      assert.is(headers.page, parsePageHeaders(pair.headers).page, pair.request);
      assert.is(headers.pageSize, parsePageHeaders(pair.headers).pageSize, pair.request);
      const list = route.endsWith('curves/') ? parseCurveList(res.body) : parsePlaceList(res.body);
      assert.is(list.length, res.body.length);
      const sample = (res.body[0] ?? null) as Record<string, unknown> | null;
      const shape = ((pair.body as unknown[])[0] ?? null) as Record<string, unknown> | null;
      if (sample && shape) assert.equal(Object.keys(sample), Object.keys(shape), pair.request);
    } else {
      const curve = parseCurve(res.body);
      assert.equal(Object.keys(res.body), Object.keys(pair.body as object));
      assert.is(curve.name, (pair.body as { name: string }).name);
    }
  }
});

test.run();
