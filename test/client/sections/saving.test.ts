// Saving from the client against the real service over loopback: createCurve, timeseries.save,
// instances.save, periods.save and periodInstances.save write through the import route and load
// back identical; events are appended; a bad series or definition is a ValidationError naming the
// parameter, with nothing sent (request recorder); a key that may not import gets a 403; a POST
// is never retried.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../../src/client';
import { ForbiddenError, InternalServerError, ValidationError } from '../../../src/exceptions';
import { Curve, CurveType, Periodseries, Timeseries } from '../../../src/model';
import { Frequency, Resolution } from '../../../src/time';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { recordRequests } from '../../helpers/record-requests';
import { addUser, startService, type StartedService } from '../../helpers/start-service';

const H = 3_600_000;
const RESIDUAL = 'DE Test Residual Load MWh/h H Actual';
const CLIMATE = 'DE Test Residual Load MWh/h D Climate';
const FORECAST = 'DE Test Residual Load MWh/h H Forecast';
const REMIT = 'DE Test Nuclear Capacity Available MW REMIT';
const OUTAGES = 'DE Test Nuclear Capacity Available MW REMIT Instances';

let svc: StartedService;
let client: ServiceClient;
let sent: string[];
let methods: string[];

const options = { httpDelay: 0.05, retry: { tries: 3, delay: 0.01 } };
const CET = new Resolution(Frequency.PT1H, 'CET');

// 2024-10-27 in CET: 25 hours from 00:00+02:00 (2024-10-26T22:00Z), value = 1000 + index / 8
const OCTOBER = Float64Array.from({ length: 25 }, (_, i) => Date.UTC(2024, 9, 26, 22) + i * H);
const octoberSeries = (): Timeseries =>
  new Timeseries({ resolution: CET, times: OCTOBER, values: OCTOBER.map((_, i) => 1000 + i / 8), name: 'residual' });

const fail = async (call: () => Promise<unknown>): Promise<Error> =>
  call().then(
    () => assert.unreachable('should fail') as never,
    (err: Error) => err,
  );

test.before(async () => {
  svc = await startService({ rateLimit: false });
  const log = recordRequests();
  sent = log.sent;
  methods = [];
  client = new ServiceClient({
    apiKey: svc.apiKey,
    apiUrl: svc.apiUrl,
    ...options,
    onRequest: (info) => {
      log.options.onRequest?.(info);
      methods.push(info.method);
    },
  });
});

test.after(async () => {
  client.close();
  await svc.close();
});

test('createCurve creates a curve and answers the stored one; the same definition again is a check', async () => {
  const def = {
    name: RESIDUAL,
    curveType: 'timeseries',
    dataType: 'ACTUAL',
    frequency: 'PT1H',
    timezone: 'CET',
    unit: 'MWh/h',
    area: 'DE',
  };
  const curve = await client.metadata.createCurve(def);
  assert.ok(Curve.isCurve(curve));
  assert.equal(
    [curve.name, curve.curveType.tag, curve.frequency.tag, curve.timezone, curve.unit, curve.area?.tag],
    [RESIDUAL, 'TIMESERIES', 'PT1H', 'CET', 'MWh/h', 'DE'],
  );
  assert.equal(methods.slice(-2), ['POST', 'GET']);
  assert.is(sent.at(-2), '/import/');
  // again: checked, nothing created; a differing field is the service's 400 naming it
  assert.ok((await client.metadata.createCurve(curve)).equals(curve));
  const differs = await fail(() => client.metadata.createCurve({ ...def, unit: 'GWh/h' }));
  assert.instance(differs, ValidationError);
  assert.match(differs.message, /unit: differs from the stored curve/);
  // a dry run checks and answers the curve as defined
  const dry = await client.metadata.createCurve({ ...def, name: 'DE Test Dry MWh/h H Actual' }, { dryRun: true });
  assert.is(dry.name, 'DE Test Dry MWh/h H Actual');
  assert.is(await svc.store.getCurve('DE Test Dry MWh/h H Actual'), null);
});

test('timeseries.save writes a series that loads back identical, across the autumn DST change', async () => {
  const before = (await svc.store.eventsAfter(null)).events.length;
  const ts = octoberSeries();
  const result = await client.timeseries.save(RESIDUAL, ts);
  assert.equal([result.values, result.blocks, result.events, result.dryRun, result.curves], [25, 1, 1, false, [RESIDUAL]]);
  assert.type(result.lastEventId, 'string');
  const events = (await svc.store.eventsAfter(null)).events.slice(before);
  assert.equal(
    events.map((e) => [e.type, e.curve, e.begin, e.end]),
    [['CURVE_UPDATE', RESIDUAL, OCTOBER[0], OCTOBER[24]! + H]],
  );
  const back = await client.timeseries.load(RESIDUAL, { begin: '2024-10-27', end: '2024-10-28' });
  assert.equal([...back.times], [...OCTOBER]);
  assert.equal([...back.values], [...ts.values]);
  // index 3 is the second 02:00 (+01:00), value 1000.375
  assert.is(back.at(3)?.date.toISO(), '2024-10-27T02:00:00.000+01:00');
  assert.is(back.values[3], 1000.375);
});

test('a save replaces the stored values from the first to the last step; missing values stay missing', async () => {
  // 2024-10-27 03:00+01:00 .. 05:00: three hours, the middle one NaN (saved as missing)
  const times = OCTOBER.slice(4, 7);
  const ts = new Timeseries({ resolution: CET, times, values: [1.25, Number.NaN, -3e-7] });
  await client.timeseries.save({ name: RESIDUAL, curveType: 'TIMESERIES' } as never, ts);
  const back = await client.timeseries.load(RESIDUAL, { begin: '2024-10-27', end: '2024-10-28' });
  assert.is(back.length, 25);
  assert.equal([...back.values.slice(3, 8)], [1000.375, 1.25, Number.NaN, -3e-7, 1000.875]);
});

test('a series that does not fit the curve is a ValidationError naming series, and no save is sent', async () => {
  const curve = await client.metadata.curve(RESIDUAL);
  const X = { name: 'X', curveType: 'TIMESERIES', dataType: 'ACTUAL', frequency: 'PT1H', timezone: 'CET', unit: 'MW' };
  const define = (change: Record<string, unknown>) => client.metadata.createCurve({ ...X, ...change } as never);
  const cases: [string, () => Promise<unknown>][] = [
    [
      'series',
      () =>
        client.timeseries.save(
          curve,
          new Timeseries({ resolution: new Resolution(Frequency.P1D, 'CET'), times: [Date.UTC(2024, 0, 1) - H], values: [1] }),
        ),
    ],
    [
      'series',
      () =>
        client.timeseries.save(
          curve,
          new Timeseries({ resolution: new Resolution(Frequency.PT1H, 'Europe/Berlin'), times: [0], values: [1] }),
        ),
    ],
    // 00:30 is not the start of an hour
    ['series', () => client.timeseries.save(curve, new Timeseries({ resolution: CET, times: [H / 2], values: [1] }))],
    ['series', () => client.timeseries.save(curve, new Timeseries({ resolution: CET, times: [], values: [] }))],
    ['series', () => client.timeseries.save(curve, new Timeseries({ resolution: CET, times: [0], scenarios: [[1]] }))],
    ['series', () => client.timeseries.save(curve, [octoberSeries(), octoberSeries().slice(OCTOBER[3]!)])],
    ['series', () => client.timeseries.save(curve, [])],
    ['series', () => client.timeseries.save(curve, { times: [0], values: [1] } as never)],
    ['curve', () => client.timeseries.save('', octoberSeries())],
    ['curve', () => client.timeseries.save(curve.with({ curveType: CurveType.INSTANCE }), octoberSeries())],
    ['dryRun', () => client.timeseries.save(curve, octoberSeries(), { dryRun: 'yes' as never })],
    ['issued', () => client.timeseries.save(curve, octoberSeries(), { issued: '2024-01-01' } as never)],
    ['issued', () => client.instances.save(FORECAST, octoberSeries())],
    ['issued', () => client.instances.save(FORECAST, octoberSeries(), { issued: '01/01/2024' })],
    ['name', () => define({ name: ' ' })],
    ['curveType', () => define({ curveType: 'SERIES' })],
    ['frequency', () => define({ frequency: 'PT2H' })],
    ['timezone', () => define({ timezone: 'Mars/Olympus' })],
    ['unit', () => define({ unit: undefined })],
    ['area', () => define({ area: 'XX' })],
    ['categories', () => define({ categories: ['Residual Load'] })],
  ];
  const before = sent.length;
  for (const [parameter, call] of cases) {
    const err = await fail(call);
    assert.instance(err, ValidationError, `${parameter}: ${err.message}`);
    assert.is((err as ValidationError).parameter, parameter, err.message);
  }
  assert.equal(sent.slice(before), [], 'nothing sent');
  // with a name, the curve is looked up (one GET) and the misfit found before the save is sent
  const hourlyUtc = new Timeseries({ resolution: new Resolution(Frequency.PT1H, 'UTC'), times: [0], values: [1] });
  const err = await fail(() => client.timeseries.save(RESIDUAL, hourlyUtc));
  assert.is((err as ValidationError).parameter, 'series');
  assert.match(err.message, /zone UTC, the curve .* in CET/);
  assert.equal(methods.slice(-1), ['GET']);
  assert.equal(sent.slice(before), [`/metadata/curves/${encodeURIComponent(RESIDUAL)}/`]);
});

test('scenario series, instances with ensembles, periods and period instances load back identical', async () => {
  await client.metadata.createCurve({
    name: CLIMATE,
    curveType: 'SCENARIO_TIMESERIES',
    dataType: 'CLIMATE',
    frequency: 'P1D',
    timezone: 'CET',
    unit: 'MWh/h',
  });
  await client.metadata.createCurve({
    name: FORECAST,
    curveType: 'INSTANCE',
    dataType: 'FORECAST',
    frequency: 'PT1H',
    timezone: 'CET',
    unit: 'MWh/h',
  });
  await client.metadata.createCurve({
    name: REMIT,
    curveType: 'PERIOD',
    dataType: 'REMIT',
    frequency: 'NONE',
    timezone: 'CET',
    unit: 'MW',
  });
  await client.metadata.createCurve({
    name: OUTAGES,
    curveType: 'INSTANCE_PERIOD',
    dataType: 'REMIT',
    frequency: 'NONE',
    timezone: 'CET',
    unit: 'MW',
  });
  // 2024-03-30 and 03-31 (23 hours) at local midnight: 2024-03-29T23:00Z, 2024-03-30T23:00Z
  const days = [Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 2, 30, 23)];
  const climate = new Timeseries({
    resolution: new Resolution(Frequency.P1D, 'CET'),
    times: days,
    scenarios: [
      [1, 2],
      [3, Number.NaN],
    ],
    scenarioNames: ['y1991', 'y1992'],
  });
  await client.timeseries.save(CLIMATE, climate);
  const c = await client.timeseries.load(CLIMATE, { begin: '2024-03-30', end: '2024-04-01' });
  assert.equal(
    [c.scenarioNames, [...c.times], c.scenarios.map((s) => [...s])],
    [
      ['y1991', 'y1992'],
      days,
      [
        [1, 2],
        [3, Number.NaN],
      ],
    ],
  );

  const ensemble = new Timeseries({
    resolution: CET,
    times: OCTOBER,
    values: OCTOBER.map((_, i) => i),
    scenarios: [OCTOBER.map((_, i) => i - 1), OCTOBER.map((_, i) => i + 1)],
  });
  const saved = await client.instances.save(FORECAST, ensemble, { issued: '2024-10-26T06:00:00Z', tag: 'Mine' });
  // 25 steps of a mean and two members: 75 values
  assert.equal([saved.instances, saved.values], [1, 75]);
  const got = await client.instances.get(FORECAST, { issued: '2024-10-26T06:00:00Z', tag: 'mine', ensembles: true });
  assert.equal(
    [[...got.times], [...got.values], got.scenarios.map((s) => [...s])],
    [[...OCTOBER], [...ensemble.values], ensemble.scenarios.map((s) => [...s])],
  );
  assert.is(got.instance?.tag, 'mine');
  // the loaded series carries its instance: saved again without options it is the same instance, modified
  const again = await client.instances.save(FORECAST, got.slice(OCTOBER[0]!, OCTOBER[3]!));
  assert.is(again.instances, 1);
  const list = await client.instances.list(FORECAST);
  assert.is(list.length, 1);
  assert.ok(list[0]?.modified !== null);

  // periods across the spring change: [03-31 00:00+01:00, 03-31 12:00+02:00) and [12:00, 04-02 00:00)
  const zone = new Resolution(Frequency.NONE, 'CET');
  const bounds = [Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 10), Date.UTC(2024, 3, 1, 22)];
  const ps = new Periodseries({
    resolution: zone,
    begins: bounds.slice(0, 2),
    ends: bounds.slice(1),
    values: [8113, Number.NaN],
    capacities: [8600, 8600],
  });
  assert.is((await client.periods.save(REMIT, ps)).values, 2);
  const p = await client.periods.load(REMIT, { begin: '2024-03-31', end: '2024-04-02' });
  assert.equal(
    [[...p.begins], [...p.ends], [...p.values], [...(p.capacities ?? [])]],
    [bounds.slice(0, 2), bounds.slice(1), [8113, Number.NaN], [8600, 8600]],
  );

  const outage = new Periodseries({ resolution: zone, begins: [bounds[0]!], ends: [bounds[2]!], values: [4000] });
  await client.periodInstances.save(OUTAGES, outage, { issued: '2024-03-29T12:00:00Z', tag: 'msg-1' });
  const o = await client.periodInstances.get(OUTAGES, {
    begin: '2024-03-31',
    end: '2024-04-02',
    issued: '2024-03-29T12:00:00Z',
    tag: 'msg-1',
  });
  assert.equal([[...o.begins], [...o.ends], [...o.values]], [[bounds[0]], [bounds[2]], [4000]]);
});

test('the service refuses a key that may not import, and its 400 names every problem', async () => {
  const key = await addUser(svc.store, 'reader', { grants: [{ package: 'power', area: 'DE' }] });
  const reader = new ServiceClient({ apiKey: key, apiUrl: svc.apiUrl, ...options });
  try {
    const curve = await client.metadata.curve(RESIDUAL);
    assert.instance(await fail(() => reader.timeseries.save(curve, octoberSeries())), ForbiddenError);
  } finally {
    reader.close();
  }
  // the curve as the client knows it is stale (another frequency on the service): the service's check answers
  const stale = (await client.metadata.curve(RESIDUAL)).with({ frequency: Frequency.P1D });
  const day = new Timeseries({ resolution: new Resolution(Frequency.P1D, 'CET'), times: [Date.UTC(2024, 0, 1) - H], values: [1] });
  const err = await fail(() => client.timeseries.save(stale, day));
  assert.instance(err, ValidationError);
  assert.match(err.message, /save\.json:\d+: resolution: the series has resolution P1D CET, the curve PT1H CET/);
});

test('a save is sent once: a 5xx answer is not retried', async () => {
  const fault: FaultServer = await startFaultServer();
  try {
    fault.reply({ status: 500, body: { message: 'boom' }, times: 5 });
    const broken = new ServiceClient({ apiKey: 'k', apiUrl: `${fault.url}/api`, ...options });
    const curve = await client.metadata.curve(RESIDUAL);
    const err = await fail(() => broken.timeseries.save(curve, octoberSeries()));
    assert.instance(err, InternalServerError);
    assert.is(fault.requests.filter((r) => r.method === 'POST').length, 1);
    broken.close();
  } finally {
    await fault.close();
  }
});

test.run();
