// client.periods.load: against the real service (hand-built PERIOD curves, values worked out by
// hand), validation before any request, and the reference client's request lines (wire-pairs).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceClient } from '../../../src/client';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../src/exceptions';
import { Periodseries } from '../../../src/model';
import type { CurveRecord } from '../../../server/src/store';
import { Frequency, UTC } from '../../../src/time';
import { parseCurve } from '../../../src/wire';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { addUser, startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';
import { curveRecord } from '../../helpers/records';

const NUCLEAR = 'DE Test Nuclear Capacity Available MW REMIT';
const FR_NUCLEAR = 'FR Test Nuclear Capacity Available MW REMIT';

function curve(name: string, area = 'DE'): CurveRecord {
  return curveRecord(name, {
    curveType: 'PERIOD',
    area,
    categories: ['Nuclear', 'Capacity', 'Available'],
    frequency: 'NONE',
    unit: 'MW',
    dataType: 'REMIT',
  });
}

// 2024-10-01 00:00+02:00 = 2024-09-30T22:00Z; 2024-10-27 10:30+01:00 (after the DST change) = 09:30Z;
// 2024-11-01 00:00+01:00 = 2024-10-31T23:00Z.
const OCT1 = Date.UTC(2024, 8, 30, 22);
const OCT27 = Date.UTC(2024, 9, 27, 9, 30);
const NOV1 = Date.UTC(2024, 9, 31, 23);

let svc: StartedService;
let client: ServiceClient;
let deOnly: ServiceClient;
let recorder: FaultServer;
let sent: string[];
const options = { httpDelay: 0.05, retry: { tries: 1 } };

test.before(async () => {
  const block = (name: string) => ({
    curve: name,
    issued: null,
    tag: null,
    begins: Float64Array.of(OCT1, OCT27),
    ends: Float64Array.of(OCT27, NOV1),
    values: Float64Array.of(1200, 950.5),
    capacities: Float64Array.of(1400, 1400),
  });
  svc = await startService({
    rateLimit: false,
    batch: { curves: [curve(NUCLEAR), curve(FR_NUCLEAR, 'FR')], periods: [block(NUCLEAR), block(FR_NUCLEAR)] },
  });
  const requestLog = recordRequests();
  sent = requestLog.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, ...options, ...requestLog.options });
  deOnly = new ServiceClient({
    apiKey: await addUser(svc.store, 'de-only', { grants: [{ package: 'power', area: 'DE' }] }),
    apiUrl: svc.apiUrl,
    ...options,
  });
  recorder = await startFaultServer();
});

test.after(async () => {
  client.close();
  deOnly.close();
  await recorder.close();
  await svc.close();
});

test('load returns the periods clipped to [begin, end) with installed capacity', async () => {
  const ps = await client.periods.load(NUCLEAR, { begin: '2024-10-20', end: '2024-10-30' });
  assert.ok(Periodseries.isPeriodseries(ps));
  assert.ok(ps.hasCapacity());
  assert.is(ps.resolution.frequency, Frequency.NONE);
  assert.is(ps.curve?.name, NUCLEAR);
  // 2024-10-20 00:00+02:00 | 2024-10-27 10:30+01:00 | 2024-10-30 00:00+01:00
  assert.equal(
    ps.data.map((p) => [p.begin.toISO(), p.end.toISO(), p.value]),
    [
      ['2024-10-20T00:00:00.000+02:00', '2024-10-27T10:30:00.000+01:00', 1200],
      ['2024-10-27T10:30:00.000+01:00', '2024-10-30T00:00:00.000+01:00', 950.5],
    ],
  );
  assert.equal([...(ps.capacities as Float64Array)], [1400, 1400]);
  assert.equal(sent.at(-1), `/periods/${encodeURIComponent(NUCLEAR)}/?begin=2024-10-20&end=2024-10-30`);
});

test('timeZone and unit: wall-clock dates in UTC, values and capacity in GW', async () => {
  const ps = await client.periods.load(NUCLEAR, { begin: '2024-10-27 09:00', end: '2024-10-27 10:00', timeZone: UTC, unit: 'GW' });
  assert.is(ps.resolution.timezone, 'UTC');
  assert.is(ps.unit, 'GW');
  // 09:30Z is the boundary
  const near = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 1e-12;
  assert.equal(
    ps.data.map((p) => p.begin.toISO()),
    ['2024-10-27T09:00:00.000Z', '2024-10-27T09:30:00.000Z'],
  );
  assert.ok(near(ps.values[0]!, 1.2) && near(ps.values[1]!, 0.9505), String(ps.values));
  assert.ok([...(ps.capacities as Float64Array)].every((c) => near(c, 1.4)));
  assert.equal(
    sent.at(-1),
    `/periods/${encodeURIComponent(NUCLEAR)}/?begin=2024-10-27+09%3A00&end=2024-10-27+10%3A00&timezone=UTC&unit=GW`,
  );
});

test('service errors map to the client classes with their fields', async () => {
  const fail = (call: () => Promise<unknown>): Promise<unknown> =>
    call().then(
      () => assert.unreachable('should fail'),
      (err) => err,
    );
  const unit = (await fail(() => client.periods.load(NUCLEAR, { begin: '2024-10-20', end: '2024-10-30', unit: 'MWh' }))) as ValidationError;
  assert.equal([unit instanceof ValidationError, unit.parameter], [true, 'unit']);
  const order = (await fail(() => client.periods.load(NUCLEAR, { begin: '2024-10-30', end: '2024-10-20' }))) as ValidationError;
  assert.equal([order instanceof ValidationError, order.parameter], [true, 'end']);
  assert.instance(await fail(() => client.periods.load('DE Unknown MW REMIT', { begin: '2024-10-20', end: '2024-10-30' })), NotFoundError);
  const forbidden = await fail(() => deOnly.periods.load(FR_NUCLEAR, { begin: '2024-10-20', end: '2024-10-30' }));
  assert.instance(forbidden, ForbiddenError);
  assert.match((forbidden as ForbiddenError).message, FR_NUCLEAR);
  assert.is((await deOnly.periods.load(NUCLEAR, { begin: '2024-10-20', end: '2024-10-30' })).length, 2);
});

test('validation happens before any request, naming the parameter', async () => {
  const series = parseCurve({
    name: 'DE Wind Power Production MWh/h 15min Actual',
    curve_type: 'TIMESERIES',
    area: 'DE',
    resolution: { frequency: 'PT15M', timezone: 'CET' },
    data_type: 'ACTUAL',
  });
  const before = sent.length;
  const cases: [string, () => Promise<unknown>][] = [
    ['begin', () => client.periods.load(NUCLEAR, { end: '2024-01-02' } as never)],
    ['end', () => client.periods.load(NUCLEAR, { begin: '2024-01-01' } as never)],
    ['begin', () => client.periods.load(NUCLEAR, undefined as never)],
    ['end', () => client.periods.load(NUCLEAR, { begin: '2024-01-01', end: '2024-02-30' })],
    ['timezone', () => client.periods.load(NUCLEAR, { begin: '2024-01-01', end: '2024-01-02', timeZone: 'Europe/Moscow' })],
    ['unit', () => client.periods.load(NUCLEAR, { begin: '2024-01-01', end: '2024-01-02', unit: ['GW'] as never })],
    ['curve', () => client.periods.load(series, { begin: '2024-01-01', end: '2024-01-02' })],
    ['curve', () => client.periods.load(null as never, { begin: '2024-01-01', end: '2024-01-02' })],
  ];
  for (const [parameter, call] of cases) {
    const err = await call().then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ValidationError, parameter);
    assert.is((err as ValidationError).parameter, parameter);
  }
  assert.is(sent.length, before, 'no request was sent');
});

test('request lines are byte for byte those of the reference client (wire-pairs)', async () => {
  const pairs = (
    JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: unknown }[]
  ).filter((p) => p.request.startsWith('GET /api/periods/'));
  const name = 'DE Nuclear Capacity Available MW Capacity';
  const calls: [string, Parameters<ServiceClient['periods']['load']>][] = [
    ['unit=GW', [name, { begin: '2020-01-01', end: '2020-06-01', timeZone: 'UTC', unit: 'GW' }]],
    [
      'end=2020-06-01',
      [
        parseCurve({ name, curve_type: 'PERIOD', area: 'DE', resolution: { frequency: 'NONE', timezone: 'CET' }, data_type: 'CAPACITY' }),
        { begin: '2020-01-01', end: '2020-06-01' },
      ],
    ],
  ];
  assert.is(pairs.length, calls.length);
  const reference = new ServiceClient({ apiKey: 'k', apiUrl: `${recorder.url}/api`, ...options });
  try {
    for (const [marker, args] of calls) {
      const pair = pairs.find((p) => p.request.endsWith(marker));
      assert.ok(pair, marker);
      recorder.reply({ body: pair.body });
      const ps = await reference.periods.load(...args);
      assert.is(`GET ${recorder.requests.at(-1)?.url}`, pair.request);
      assert.ok(ps.hasCapacity() && ps.length > 0, marker);
    }
  } finally {
    reference.close();
  }
});

test.run();
