import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../../src/client';
import { NotFoundError, PageError, ValidationError } from '../../../src/exceptions';
import { Area, Curve, CurveType, DataType, type Page, type Place, PlaceType } from '../../../src/model';
import type { CurveRecord, PlaceRecord } from '../../../server/src/store';
import { Frequency } from '../../../src/time';
import { startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';

let svc: StartedService;
let client: ServiceClient;
let sent: string[];
let allCurves: CurveRecord[];
let allPlaces: PlaceRecord[];

test.before(async () => {
  svc = await startService({
    demo: { preset: 'small', anchor: '2025-01-15' },
    rateLimit: false,
  });
  const requestLog = recordRequests();
  sent = requestLog.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 }, ...requestLog.options });
  allCurves = (await svc.store.searchCurves({ pageSize: 100_000 })).items;
  allPlaces = (await svc.store.searchPlaces({ pageSize: 100_000 })).items;
});

test.after(async () => {
  client.close();
  await svc.close();
});

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const expectNames = (pick: (c: CurveRecord) => boolean) =>
  allCurves
    .filter(pick)
    .map((c) => c.name)
    .sort(byCode);
const inArea = (c: CurveRecord, tag: string) => c.area === tag || c.areaSink === tag;

/** Every curve of a search, walking the pages forward. */
async function allOf(first: Page<Curve>): Promise<string[]> {
  const out = [...first].map((c) => c.name);
  let page = first;
  for (let i = 0; i < 100 && page.hasNextPage(); i++) {
    page = await page.getNextPage();
    out.push(...page.map((c) => c.name));
  }
  return out;
}

test('categories() and exactCategories(): sets from the service, cached per client', async () => {
  sent.length = 0;
  const cats = await client.metadata.categories();
  assert.ok(cats instanceof Set);
  assert.equal([...cats], [...new Set(allCurves.flatMap((c) => c.categories))].sort(byCode));
  const again = await client.metadata.categories();
  assert.equal([...again], [...cats]);
  again.add('mutated'); // a copy: the cache is not changed
  assert.not.ok((await client.metadata.categories()).has('mutated'));
  const exact = await client.metadata.exactCategories();
  assert.ok(exact.has('Wind Power Production'));
  await client.metadata.exactCategories();
  assert.equal(sent, ['/metadata/categories/', '/metadata/exact-categories/']);
  // another client has its own cache
  const other = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl });
  assert.equal([...(await other.metadata.categories())], [...cats]);
  other.close();
});

test('curve(name): the model curve, with areas, place and subscription', async () => {
  const wind = await client.metadata.curve('DE Wind Power Production MWh/h 15min Actual');
  assert.ok(Curve.isCurve(wind));
  assert.is(wind.curveType, CurveType.TIMESERIES);
  assert.is(wind.dataType, DataType.ACTUAL);
  assert.is(wind.frequency, Frequency.PT15M);
  assert.is(wind.timezone, 'CET');
  assert.is(wind.area, Area.DE);
  assert.equal(wind.categories, ['Wind', 'Power', 'Production']);
  assert.is(wind.unit, 'MWh/h');
  assert.is(wind.commodity, 'Power');
  assert.is(wind.subscription?.label, 'Power – Germany');
  const exchange = await client.metadata.curve('DE>FR Exchange Day-Ahead Schedule MWh/h H Actual');
  assert.equal([exchange.areaSource, exchange.areaSink], [Area.DE, Area.FR]);
  const unit = await client.metadata.curve('DE @Neurath-D Lignite Power Production MWh/h H Actual');
  assert.is(unit.place?.key, 'pp-neurath-d');
  assert.is(unit.place?.unit, 'D');
  assert.equal(unit.place?.location, [51.038, 6.615]);
  const forecast = (await client.metadata.curves({ curveType: CurveType.INSTANCE, pageSize: 1 }))[0];
  assert.is((await client.metadata.curve(forecast!.name)).instanceIssuedTimezone, forecast!.instanceIssuedTimezone);
  const err = await client.metadata.curve('XX Nothing').catch((e) => e);
  assert.ok(err instanceof NotFoundError);
  assert.is(err.reason, "Curve 'XX Nothing' not found");
  const bad = await client.metadata.curve('').catch((e) => e);
  assert.ok(bad instanceof ValidationError);
});

test('curves(): every filter, given as strings or as model objects', async () => {
  const cases: [Parameters<ServiceClient['metadata']['curves']>[0], (c: CurveRecord) => boolean][] = [
    [{ q: 'de wind production' }, (c) => c.name.startsWith('DE ') && c.categories.includes('Wind') && c.categories.includes('Production')],
    [{ area: 'nl' }, (c) => inArea(c, 'NL')],
    [{ area: Area.NO2 }, (c) => inArea(c, 'NO2')],
    [{ curveType: 'period' }, (c) => c.curveType === 'PERIOD'],
    [{ curveType: CurveType.INSTANCE_PERIOD }, (c) => c.curveType === 'INSTANCE_PERIOD'],
    [{ dataType: DataType.NORMAL }, (c) => c.dataType === 'NORMAL'],
    [{ dataType: 'backcast' }, (c) => c.dataType === 'BACKCAST'],
    [{ category: 'Solar' }, (c) => c.categories.includes('Solar')],
    [{ category: ['Hydro', 'Production'] }, (c) => c.categories.includes('Hydro') && c.categories.includes('Production')],
    [{ exactCategory: 'Consumption Temperature' }, (c) => c.categories.join(' ') === 'Consumption Temperature'],
    [{ frequency: Frequency.P1D }, (c) => c.frequency === 'P1D'],
    [{ frequency: 'pt30m' }, (c) => c.frequency === 'PT30M'],
    [{ commodity: 'Currency' }, (c) => c.commodity === 'Currency'],
    [{ hasPlace: true }, (c) => c.placeKey !== null],
    [{ hasPlace: false, area: 'FR', dataType: 'ACTUAL' }, (c) => c.placeKey === null && inArea(c, 'FR') && c.dataType === 'ACTUAL'],
  ];
  for (const [options, pick] of cases) {
    const expected = expectNames(pick);
    assert.ok(expected.length > 0, JSON.stringify(options));
    const first = await client.metadata.curves({ ...options, pageSize: 40 });
    assert.is(first.totalItems, expected.length, JSON.stringify(options));
    assert.equal(await allOf(first), expected, JSON.stringify(options));
  }
});

test('curves(): paging forward through every page and back, each page loaded once', async () => {
  const expected = expectNames((c) => c.dataType === 'ACTUAL');
  const size = 9;
  const last = Math.ceil(expected.length / size);
  assert.ok(last >= 5);
  sent.length = 0;
  const first = await client.metadata.curves({ dataType: 'ACTUAL', pageSize: size });
  assert.equal(
    [first.page, first.pageSize, first.firstPage, first.lastPage, first.totalPages, first.totalItems],
    [1, size, 1, last, last, expected.length],
  );
  assert.not.ok(first.hasPreviousPage());
  assert.ok((await first.getPreviousPage().catch((e) => e)) instanceof PageError);
  const pages: Page<Curve>[] = [first];
  while (pages[pages.length - 1]!.hasNextPage()) pages.push(await pages[pages.length - 1]!.getNextPage());
  assert.is(pages.length, last);
  assert.equal(
    pages.map((p) => p.page),
    Array.from({ length: last }, (_, i) => i + 1),
  );
  assert.equal(
    pages.flatMap((p) => p.map((c) => c.name)),
    expected,
  );
  const end = pages[last - 1];
  assert.ok((await end!.getNextPage().catch((e) => e)) instanceof PageError);
  assert.is(end!.length, expected.length - size * (last - 1));
  // back to the first page: every page comes from the cache, no request
  const requests = sent.length;
  assert.is(requests, last);
  let back = end;
  while (back!.hasPreviousPage()) {
    const previous = await back!.getPreviousPage();
    assert.is(previous.page, back!.page - 1);
    assert.equal(
      [...previous].map((c) => c.name),
      [...pages[previous.page - 1]!].map((c) => c.name),
    );
    back = previous;
  }
  assert.is(back!.page, 1);
  assert.is(sent.length, requests);
  assert.ok(sent.every((path) => path.startsWith('/metadata/curves/?data-type=ACTUAL&page=') && path.endsWith(`&page-size=${size}`)));
  // a later page asked for directly
  const third = await client.metadata.curves({ dataType: 'ACTUAL', pageSize: size, page: 3 });
  assert.equal(
    [...third].map((c) => c.name),
    expected.slice(2 * size, 3 * size),
  );
  assert.equal(
    [...(await third.getPreviousPage())].map((c) => c.name),
    expected.slice(size, 2 * size),
  );
});

test('curves(): an empty result is one empty page', async () => {
  const none = await client.metadata.curves({ q: 'zzzz' });
  assert.equal([none.length, none.totalItems, none.lastPage, none.hasNextPage(), none.hasPreviousPage()], [0, 0, 1, false, false]);
});

test('curves(): invalid filters fail before any request, naming the parameter', async () => {
  sent.length = 0;
  const cases: [Record<string, unknown>, string][] = [
    [{ area: 'Atlantis' }, 'area'],
    [{ curveType: 'SERIES' }, 'curve-type'],
    [{ dataType: 'GUESS' }, 'data-type'],
    [{ frequency: 'PT7M' }, 'frequency'],
    [{ hasPlace: 'yes' }, 'has-place'],
    [{ page: 0 }, 'page'],
    [{ pageSize: 1.5 }, 'page-size'],
    [{ category: [3] }, 'category'],
  ];
  for (const [options, parameter] of cases) {
    const err = await client.metadata.curves(options as never).catch((e) => e);
    assert.ok(err instanceof ValidationError, JSON.stringify(options));
    assert.is(err.parameter, parameter);
  }
  const place = await client.metadata.places({ kind: [1] } as never).catch((e) => e);
  assert.is(place.parameter, 'type');
  assert.equal(sent, []);
});

test('places(): filters, paging and the tree', async () => {
  const keysOf = (page: Iterable<Place>) => [...page].map((p) => p.key);
  const byNameKey = (a: PlaceRecord, b: PlaceRecord) => byCode(a.name, b.name) || byCode(a.key, b.key);
  const expectKeys = (pick: (p: PlaceRecord) => boolean) =>
    allPlaces
      .filter(pick)
      .sort(byNameKey)
      .map((p) => p.key);
  const big = { pageSize: 500 };
  assert.equal(
    keysOf(await client.metadata.places(big)),
    expectKeys(() => true),
  );
  assert.equal(
    keysOf(await client.metadata.places({ ...big, kind: 'weatherstation' })),
    expectKeys((p) => p.kind === 'weatherstation'),
  );
  assert.equal(
    keysOf(await client.metadata.places({ ...big, fuel: ['Hydro', 'biomass'] })),
    expectKeys((p) => p.fuels.includes('Hydro') || p.fuels.includes('Biomass')),
  );
  assert.equal(
    keysOf(await client.metadata.places({ ...big, area: Area.NO2 })),
    expectKeys((p) => p.areas.includes('NO2')),
  );
  assert.equal(
    keysOf(await client.metadata.places({ ...big, q: 'neurath' })),
    expectKeys((p) => p.key.startsWith('pp-neurath')),
  );
  assert.equal(
    keysOf(await client.metadata.places({ ...big, q: 'neurath', kind: 'producer', fuel: 'Lignite', area: 'DE' })),
    expectKeys((p) => p.key.startsWith('pp-neurath')),
  );
  // the tree: plants with their units as children; each place with its curves
  const tree = await client.metadata.places({ ...big, q: 'neurath', tree: true });
  assert.equal(keysOf(tree), ['pp-neurath']);
  const plant = tree[0];
  assert.is(plant!.kind, PlaceType.byTag('producer'));
  assert.equal(plant!.fuels, ['Lignite']);
  assert.equal(plant!.areas, [Area.DE]);
  assert.equal(
    keysOf(plant!.children),
    expectKeys((p) => p.parentKey === 'pp-neurath'),
  );
  assert.equal(
    plant!.curves.map((c) => c.name).sort(byCode),
    expectNames((c) => c.placeKey === 'pp-neurath'),
  );
  assert.is(plant!.curves[0]!.place?.key, 'pp-neurath');
  assert.equal(
    plant!.children[0]!.curves.map((c) => c.name).sort(byCode),
    expectNames((c) => c.placeKey === plant!.children[0]!.key),
  );
  // paging forward and back
  const size = 25;
  const first = await client.metadata.places({ pageSize: size });
  const all: string[] = keysOf(first);
  let page = first;
  while (page.hasNextPage()) {
    page = await page.getNextPage();
    all.push(...keysOf(page));
  }
  assert.is(page.page, Math.ceil(allPlaces.length / size));
  assert.equal(
    all,
    expectKeys(() => true),
  );
  assert.equal(keysOf(await page.getPreviousPage()), all.slice((page.page - 2) * size, (page.page - 1) * size));
  const none = await client.metadata.places({ q: 'zzz' });
  assert.equal([none.length, none.totalItems, none.lastPage], [0, 0, 1]);
});

test.run();
