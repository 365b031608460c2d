import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Aggregation, Filter } from '../../../src/model';
import { parseAbsoluteResult, serializeAbsoluteResult } from '../../../src/wire';
import { FORECAST_CURVE } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

const instance = (issued: string, tag: string) => ({ issued, tag, scenarios: 0, created: null, modified: null });

/** docs/protocol.md#absolute-json (aggregation written as AVERAGE, the tag MEAN reads as). */
const RESULT = {
  curve: FORECAST_CURVE,
  resolution: { frequency: 'PT1H', timezone: 'UTC' },
  delivery: '2023-10-05T12:00:00+00:00',
  filter: 'BASE',
  aggregation: 'AVERAGE',
  unit: 'MWh/h',
  items: [
    { instance: instance('2023-10-01T00:00:00+00:00', 'ec'), v: 20479.78 },
    { instance: instance('2023-10-01T12:00:00+00:00', 'ec'), v: null },
  ],
};

test('the result of docs/protocol.md#absolute-json round-trips exactly', () => {
  const r = parseAbsoluteResult(RESULT);
  assert.is(r.filters, Filter.BASE);
  assert.is(r.aggregation, Aggregation.AVERAGE);
  assert.is(r.delivery.toISO(), '2023-10-05T12:00:00.000Z');
  assert.is(r.end().toISO(), '2023-10-05T13:00:00.000Z');
  assert.equal(
    r.items.map((i) => i.value),
    [20479.78, null],
  );
  assert.equal(serializeAbsoluteResult(r), RESULT);
});

test("MEAN reads as AVERAGE; delivery is shown in the resolution's zone; missing v is null", () => {
  // 2023-10-05T10:00Z = 12:00 CEST
  const r = parseAbsoluteResult({
    ...RESULT,
    resolution: { frequency: 'PT1H', timezone: 'CET' },
    delivery: '2023-10-05T10:00:00Z',
    aggregation: 'MEAN',
    filter: null,
    items: [{ instance: RESULT.items[0]?.instance }],
  });
  assert.is(r.aggregation, Aggregation.AVERAGE);
  assert.is(r.filters, null);
  assert.is(serializeAbsoluteResult(r).delivery, '2023-10-05T12:00:00+02:00');
  assert.is(r.items[0]?.value, null);
  assert.equal(parseAbsoluteResult(JSON.stringify({ ...RESULT, items: [] })).size(), 0);
});

test('required members and tags', () => {
  fails(() => parseAbsoluteResult({ ...RESULT, delivery: undefined }), 'delivery: expected an ISO 8601 date-time, got nothing');
  fails(() => parseAbsoluteResult({ ...RESULT, items: undefined }), 'items: expected an array, got nothing');
  fails(() => parseAbsoluteResult({ ...RESULT, items: [{ v: 1 }] }), 'items[0].instance: expected an instance object, got nothing');
  fails(() => parseAbsoluteResult({ ...RESULT, filter: 'WEEKENDS' }), 'filter: unknown Filter tag, got "WEEKENDS"');
  fails(() => parseAbsoluteResult({ ...RESULT, aggregation: 'MEDIAN' }), 'aggregation: unknown Aggregation tag, got "MEDIAN"');
  fails(() => parseAbsoluteResult({ ...RESULT, resolution: undefined }), 'resolution: expected an object, got nothing');
  fails(
    () => parseAbsoluteResult({ ...RESULT, items: [{ instance: RESULT.items[0]?.instance, v: 'high' }] }),
    'items[0].v: expected a number or null, got "high"',
  );
});

test.run();
