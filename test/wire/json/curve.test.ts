import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Area, CurveType, DataType, PlaceType } from '../../../src/model';
import { Frequency } from '../../../src/time';
import { parseCurve, parseCurveList, serializeCurve, serializeCurveList } from '../../../src/wire';
import { EXCHANGE_CURVE, FORECAST_CURVE, OHLC_CURVE, PLACE } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

test('the exchange curve of docs/protocol.md#curve-json parses and round-trips exactly', () => {
  const c = parseCurve(EXCHANGE_CURVE);
  assert.is(c.curveType, CurveType.TIMESERIES);
  assert.is(c.area, Area.byTag('CZ'));
  assert.is(c.areaSource, Area.byTag('CZ'));
  assert.is(c.areaSink, Area.byTag('DE'));
  assert.is(c.frequency, Frequency.PT1H);
  assert.is(c.timezone, 'CET');
  assert.is(c.dataType, DataType.ACTUAL);
  assert.is(c.subscription?.label, 'Freemium');
  assert.equal(serializeCurve(c), EXCHANGE_CURVE);
});

test('instance curves, place curves and curves without area round-trip', () => {
  for (const json of [FORECAST_CURVE, OHLC_CURVE, { ...EXCHANGE_CURVE, area: '', area_sink: null, place: PLACE }]) {
    assert.equal(serializeCurve(parseCurve(json)), json);
  }
  const withPlace = parseCurve({ ...FORECAST_CURVE, place: PLACE });
  assert.is(withPlace.place?.kind, PlaceType.PRODUCER);
  assert.is(withPlace.place?.curves[0]?.name, FORECAST_CURVE.name);
});

test('lenient where the reference is: case, nulls, extra members, JSON text', () => {
  const c = parseCurve(
    JSON.stringify({ ...EXCHANGE_CURVE, curve_type: 'timeseries', data_type: 'actual', area: 'cz', categories: null, extra: 1 }),
  );
  assert.is(c.curveType, CurveType.TIMESERIES);
  assert.is(c.area, Area.byTag('CZ'));
  assert.equal(c.categories, []);
  // an empty area_sink is "no sink"; a missing instance zone of an instance curve is UTC
  assert.is(parseCurve({ ...EXCHANGE_CURVE, area_sink: '' }).areaSink, null);
  const { instance_issued_timezone: _, ...noZone } = FORECAST_CURVE;
  assert.is(parseCurve(noZone).instanceIssuedTimezone, 'UTC');
  assert.is(parseCurve({ ...FORECAST_CURVE, instance_issued_timezone: 'CET' }).instanceIssuedTimezone, 'CET');
});

test('required members and bad values raise ParseException', () => {
  const { curve_type: _t, ...noType } = EXCHANGE_CURVE;
  fails(() => parseCurve(noType), 'curve_type: expected a CurveType tag, got nothing');
  fails(() => parseCurve({ ...EXCHANGE_CURVE, area: null }), 'area: expected an area tag, got null');
  fails(() => parseCurve({ ...EXCHANGE_CURVE, area: 'Atlantis' }), 'area: unknown area tag, got "Atlantis"');
  fails(() => parseCurve({ ...EXCHANGE_CURVE, resolution: undefined }), 'resolution: expected an object, got nothing');
  fails(() => parseCurve({ ...EXCHANGE_CURVE, data_type: 'GUESS' }), 'data_type: unknown DataType tag, got "GUESS"');
  fails(() => parseCurve({ ...EXCHANGE_CURVE, name: 5 }), 'name: expected a string, got 5');
  fails(() => parseCurve({ ...EXCHANGE_CURVE, categories: 'Wind' }), 'categories: expected an array, got "Wind"');
  fails(
    () => parseCurve({ ...FORECAST_CURVE, instance_issued_timezone: 'Nowhere/Town' }),
    'instance_issued_timezone: Unknown time zone: "Nowhere/Town"',
  );
  fails(() => parseCurve({ ...EXCHANGE_CURVE, place: { ...PLACE, type: 'castle' } }), 'place.type: unknown PlaceType tag, got "castle"');
  fails(() => parseCurve([]), 'response: expected an object, got []');
});

test('curve lists: arrays only, with the index in messages', () => {
  const list = parseCurveList([EXCHANGE_CURVE, FORECAST_CURVE]);
  assert.equal(
    list.map((c) => c.name),
    [EXCHANGE_CURVE.name, FORECAST_CURVE.name],
  );
  assert.equal(serializeCurveList(list), [EXCHANGE_CURVE, FORECAST_CURVE]);
  assert.equal(parseCurveList('[]'), []);
  fails(() => parseCurveList({ items: [] }), 'response: expected an array, got {"items":[]}');
  fails(() => parseCurveList([EXCHANGE_CURVE, { ...EXCHANGE_CURVE, area: 'XX' }]), '[1].area: unknown area tag, got "XX"');
});

test.run();
