import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { InstanceList } from '../../../src/model';
import { parseCurve, parseInstance, parseInstanceList, serializeInstance, serializeInstanceList } from '../../../src/wire';
import { FORECAST_CURVE } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

const JSON_INSTANCE = {
  issued: '2020-06-01T00:00:00+00:00',
  tag: 'ec',
  scenarios: 0,
  created: '2020-06-01T05:12:40+00:00',
  modified: null,
};

test('without a curve every time keeps the offset it was sent with', () => {
  const i = parseInstance({ ...JSON_INSTANCE, issued: '2020-06-01T02:00:00+02:00', created: '2020-06-01T01:12:40-04:00' });
  assert.is(i.issued.toISO(), '2020-06-01T02:00:00.000+02:00');
  assert.is(i.created?.toISO(), '2020-06-01T01:12:40.000-04:00');
  assert.is(i.issued.toMillis(), Date.UTC(2020, 5, 1));
  assert.equal(serializeInstance(parseInstance(JSON_INSTANCE)), JSON_INSTANCE);
  // an offset-less time is read as UTC, never in the machine's zone (the runner is America/New_York)
  assert.is(parseInstance({ issued: '2020-06-01 06:00:00' }).issued.toISO(), '2020-06-01T06:00:00.000Z');
});

test('with a curve: issued in its instance zone, created/modified in its data zone', () => {
  const curve = parseCurve({ ...FORECAST_CURVE, instance_issued_timezone: 'CET' });
  // 2020-06-01T00:00Z = 02:00 CEST; created 05:12:40Z = 07:12:40 CEST; modified 2020-01-15T12:00Z = 13:00 CET
  const i = parseInstance({ ...JSON_INSTANCE, modified: '2020-01-15T12:00:00Z' }, curve);
  assert.is(i.issued.toISO(), '2020-06-01T02:00:00.000+02:00');
  assert.is(i.created?.toISO(), '2020-06-01T07:12:40.000+02:00');
  assert.is(i.modified?.toISO(), '2020-01-15T13:00:00.000+01:00');
  assert.equal(serializeInstance(i), {
    issued: '2020-06-01T02:00:00+02:00',
    tag: 'ec',
    scenarios: 0,
    created: '2020-06-01T07:12:40+02:00',
    modified: '2020-01-15T13:00:00+01:00',
  });
  // the curve's default instance zone is UTC
  assert.is(parseInstance({ issued: '2020-06-01T02:00:00+02:00' }, parseCurve(FORECAST_CURVE)).issued.toISO(), '2020-06-01T00:00:00.000Z');
});

test('null tag and scenarios read as "" and 0', () => {
  const i = parseInstance({ issued: '2020-06-01T00:00:00Z', tag: null, scenarios: null });
  assert.is(i.tag, '');
  assert.is(i.scenarios, 0);
  assert.is(parseInstance({ issued: '2020-06-01T00:00:00Z', scenarios: 51 }).scenarios, 51);
});

test('bad instances raise ParseException', () => {
  fails(() => parseInstance({ tag: 'ec' }), 'issued: expected an ISO 8601 date-time, got nothing');
  fails(() => parseInstance({ issued: 'June 1st' }, null, 'instance'), 'instance.issued: expected an ISO 8601 date-time, got "June 1st"');
  fails(
    () => parseInstance({ ...JSON_INSTANCE, created: '2020-06-01T25:00:00Z' }),
    'created: expected an ISO 8601 date-time, got "2020-06-01T25:00:00Z"',
  );
  fails(() => parseInstance({ ...JSON_INSTANCE, scenarios: -1 }), 'scenarios: expected a non-negative integer or null, got -1');
  fails(() => parseInstance({ ...JSON_INSTANCE, tag: 3 }), 'tag: expected a string or null, got 3');
});

test('instance lists keep order and need an array', () => {
  const body = [JSON_INSTANCE, { ...JSON_INSTANCE, issued: '2020-05-31T12:00:00+00:00', tag: 'gfs' }];
  const list = parseInstanceList(JSON.stringify(body));
  assert.equal(
    list.map((i) => i.tag),
    ['ec', 'gfs'],
  );
  assert.equal(serializeInstanceList(list), body);
  assert.ok(InstanceList.isInstanceList(list));
  assert.is(list.curve, null);
  const curve = parseCurve(FORECAST_CURVE);
  assert.is(parseInstanceList(body, curve).curve, curve);
  fails(() => parseInstanceList({ issued: 'x' }), 'response: expected an array, got {"issued":"x"}');
  fails(() => parseInstanceList([JSON_INSTANCE, {}]), '[1].issued: expected an ISO 8601 date-time, got nothing');
});

test.run();
