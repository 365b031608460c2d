import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError, UnauthorizedError } from '../../../src/exceptions';
import { PartnerConnection } from '../../../src/client/partner-connection';
import { SECTION_ROUTES } from '../../../server/src/http/app';
import { PARTNER_COUNTRIES, areaStore, inAreas } from '../../../server/src/routes/partner';
import { instancesRoutes } from '../../../server/src/routes/instances';
import { periodInstancesRoutes } from '../../../server/src/routes/period-instances';
import { DE_CONS, DE_WIND, FR_DE, FR_WIND, hourlyCsv, startFeedService, type FeedService } from '../feed/feed-fixture';

// 2024-01-01 00:00Z = 01:00 CET; 3 hourly values of DE and FR wind, an `ec` DE forecast.
const JAN1 = Date.UTC(2024, 0, 1);
let svc: FeedService;
let germany: PartnerConnection;

test.before(async () => {
  const extra = [instancesRoutes, periodInstancesRoutes].filter((m) => !SECTION_ROUTES.includes(m));
  svc = await startFeedService({ app: { routes: [...SECTION_ROUTES, ...extra], events: { heartbeatMs: 0 } } });
  await svc.importCsv(
    hourlyCsv(DE_WIND, JAN1, 3, (k) => 10 + k),
    hourlyCsv(FR_WIND, JAN1, 3, (k) => 20 + k),
    hourlyCsv(DE_CONS, JAN1, 2, (k) => 50 + k, { issued: '2023-12-31T12:00:00Z', tag: 'ec' }),
  );
  germany = new PartnerConnection({ apiUrl: `${svc.url}/partner/germany`, apiKey: svc.keys.all, httpDelay: 0.05 });
});

test.after(async () => {
  germany.close();
  await svc.close();
});

test('the partner client keeps the reseller URLs as constants; tests point apiUrl at the local mount', () => {
  assert.is(PartnerConnection.API_URL_GERMANY, 'https://api.realto.io/energyquantified-germany');
  assert.equal(Object.keys(PARTNER_COUNTRIES), ['germany', 'france', 'netherlands', 'greatbritain', 'belgium']);
  assert.is(germany.apiUrl, `${svc.url}/partner/germany`);
});

test("curve search on a mount lists only that country's curves (area or importing area)", async () => {
  const page = await germany.metadata.curves();
  assert.equal(
    page.map((c) => c.name),
    [DE_CONS, DE_WIND, FR_DE],
  );
  assert.is(page.totalItems, 3);
  assert.equal(
    (await germany.metadata.curves({ q: 'wind' })).map((c) => c.name),
    [DE_WIND],
  );
  assert.equal(
    (await germany.metadata.curves({ area: 'FR' })).map((c) => c.name),
    [FR_DE],
  );
  const france = new PartnerConnection({ apiUrl: `${svc.url}/partner/france`, apiKey: svc.keys.all, httpDelay: 0.05 });
  assert.equal(
    (await france.metadata.curves()).map((c) => c.name),
    [FR_WIND, FR_DE],
  );
  france.close();
});

test("data of the country's curves loads; other curves are unknown on the mount", async () => {
  const ts = await germany.timeseries.load(DE_WIND, { begin: '2024-01-01', end: '2024-01-02' });
  assert.is(ts.curve?.name, DE_WIND);
  assert.equal(
    Array.from(ts.values as Float64Array).filter((v) => !Number.isNaN(v)),
    [10, 11, 12],
  );
  await germany.timeseries.load(FR_WIND, { begin: '2024-01-01', end: '2024-01-02' }).then(
    () => assert.unreachable(),
    (err) => {
      assert.instance(err, NotFoundError);
      assert.match(err.message, /FR Wind Power Production MWh\/h H Actual' not found/);
    },
  );
  const instances = await germany.instances.list(DE_CONS);
  assert.equal(
    instances.map((i) => i.tag),
    ['ec'],
  );
});

test('isApiKeyValid through a curve search: true for a known key, false otherwise', async () => {
  assert.is(await germany.isApiKeyValid(), true);
  const bad = new PartnerConnection({ apiUrl: `${svc.url}/partner/germany`, apiKey: 'svc_unknown', httpDelay: 0.05 });
  assert.is(await bad.isApiKeyValid(), false);
  bad.close();
});

test('the partner client has no ohlc, srmc, events or user section, and its metadata only searches curves', () => {
  const sections = germany as unknown as Record<string, unknown>;
  for (const name of ['ohlc', 'srmc', 'events', 'user']) assert.is(sections[name], undefined, name);
  const metadata = germany.metadata as unknown as Record<string, unknown>;
  for (const name of ['categories', 'exactCategories', 'curve', 'places']) assert.is(metadata[name], undefined, name);
});

test('mounts refuse the sections the partner client lacks with JSON 404s', async () => {
  const headers = { 'ocp-apim-subscription-key': svc.keys.all };
  const enc = encodeURIComponent(DE_WIND);
  for (const url of [
    '/partner/germany/user/',
    '/partner/germany/metadata/categories/',
    '/partner/germany/metadata/exact-categories/',
    `/partner/germany/metadata/curves/${enc}/`,
    '/partner/germany/metadata/places/',
    `/partner/germany/ohlc/${enc}/latest/`,
    `/partner/germany/srmc/${enc}/latest/`,
    '/partner/germany/events/',
    '/partner/atlantis/metadata/curves/',
  ]) {
    const r = await svc.app.inject({ url, headers });
    assert.is(r.statusCode, 404, url);
    assert.type(r.json().message, 'string');
  }
  assert.is((await svc.app.inject({ url: '/partner/germany/metadata/curves/', headers })).statusCode, 200);
});

test('mounts take the key only from Ocp-Apim-Subscription-Key', async () => {
  const r = await svc.app.inject({ url: '/partner/germany/metadata/curves/', headers: { 'x-api-key': svc.keys.all } });
  assert.is(r.statusCode, 401);
  assert.equal(r.json(), { message: 'Missing API key: send it in the Ocp-Apim-Subscription-Key header' });
  const blocked = new PartnerConnection({ apiUrl: `${svc.url}/partner/germany`, apiKey: 'svc_nope', httpDelay: 0.05 });
  await blocked.metadata.curves().then(
    () => assert.unreachable(),
    (err) => assert.instance(err, UnauthorizedError),
  );
  blocked.close();
});

test('areaStore narrows a store to areas; inAreas checks area and importing area', async () => {
  const de = areaStore(svc.store, new Set(['DE', 'DE-TenneT']));
  assert.is(await de.getCurve(FR_WIND), null);
  assert.is((await de.getCurve(DE_WIND))?.name, DE_WIND);
  await de.readSeries(FR_WIND, {}).then(
    () => assert.unreachable(),
    (err) => assert.instance(err, NotFoundError),
  );
  assert.is((await de.readSeries(DE_WIND, {})).times.length, 3);
  assert.is((await de.stats()).curves, (await svc.store.stats()).curves, 'everything else is the store itself');
  assert.ok(inAreas({ area: 'FR', areaSink: 'DE' }, new Set(['DE'])));
  assert.not.ok(inAreas({ area: 'FR', areaSink: null }, new Set(['DE'])));
});

test.run();
