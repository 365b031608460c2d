import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Area, Curve, CurveType, DataType, Place } from '../../src/model';
import { CET, Frequency, GAS_DAY, Resolution } from '../../src/time';
import * as s from './samples';

const isValueError = (e: unknown) => e instanceof ValueError;

test('resolution is derived from frequency and timezone', () => {
  const c = s.curve();
  assert.ok(c.resolution.equals(new Resolution(Frequency.PT15M, CET)));
  assert.is(c.timezone, 'CET');
  assert.equal(c.resolution.toDict(), { frequency: 'PT15M', timezone: 'CET' });
  const gas = c.with({ frequency: Frequency.P1D, timezone: GAS_DAY });
  assert.equal(gas.resolution.toDict(), { frequency: 'P1D', timezone: 'Europe/Gas_Day' });
  assert.is(c.resolution.frequency, Frequency.PT15M, 'original unchanged');
});

test('default zone is CET; an unknown zone name raises ValueError', () => {
  const c = new Curve({ name: 'x', curveType: CurveType.TIMESERIES, frequency: Frequency.P1D, dataType: DataType.ACTUAL });
  assert.is(c.timezone, 'CET');
  assert.throws(() => c.with({ timezone: 'Mars/Olympus' }), isValueError);
});

test('instance issue zone: UTC by default for instance curves, null otherwise', () => {
  assert.is(s.curve().instanceIssuedTimezone, 'UTC');
  assert.is(s.curve().with({ instanceIssuedTimezone: 'CET' }).instanceIssuedTimezone, 'CET');
  assert.is(s.exchangeCurve().instanceIssuedTimezone, null);
  assert.is(s.exchangeCurve().instanceIssuedZone, null);
  assert.is(s.exchangeCurve().with({ instanceIssuedTimezone: 'CET' }).instanceIssuedTimezone, null);
});

test('exchange curves: area is the source, areaSink the sink', () => {
  const c = s.exchangeCurve();
  assert.is(c.area, Area.byTag('CZ'));
  assert.is(c.areaSource, Area.byTag('CZ'));
  assert.is(c.areaSink, Area.byTag('DE'));
  assert.is(s.curve().areaSource, null);
  assert.is(s.curve().areaSink, null);
});

test('the empty "no area" entry counts as none and is written as ""', () => {
  const c = s.curve().with({ area: Area.byTag('') });
  assert.is(c.area, null);
  assert.is(c.toJSON().area, '');
});

test('toJSON gives the wire shape', () => {
  const json = s.exchangeCurve().toJSON();
  assert.equal(json, {
    name: 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual',
    curve_type: 'TIMESERIES',
    area: 'CZ',
    area_sink: 'DE',
    place: null,
    categories: ['Exchange', 'Day-Ahead', 'Schedule'],
    resolution: { frequency: 'PT1H', timezone: 'CET' },
    unit: 'MWh/h',
    denominator: null,
    data_type: 'ACTUAL',
    source: null,
    commodity: null,
    instance_issued_timezone: null,
    subscription: null,
  });
  const withSub = s.curve().toJSON();
  assert.equal(withSub.subscription, { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' });
  assert.is(withSub.instance_issued_timezone, 'UTC');
});

test('immutable: categories frozen, with() copies', () => {
  const c = s.curve();
  assert.ok(Object.isFrozen(c.categories));
  const d = c.with({ unit: 'GWh/h' });
  assert.is(d.unit, 'GWh/h');
  assert.is(c.unit, 'MWh/h');
  assert.not.ok(c.equals(d));
  assert.ok(c.equals(d.with({ unit: 'MWh/h' })));
});

test('equals compares place and subscription by value', () => {
  const p = new Place({ kind: s.place().kind, key: 'k', name: 'n' });
  const a = s.curve().with({ place: p });
  assert.ok(a.equals(s.curve().with({ place: p.with({}) })));
  assert.not.ok(a.equals(s.curve().with({ place: p.with({ name: 'other' }) })));
  assert.not.ok(a.equals(s.curve()));
  assert.not.ok(s.curve().equals(s.curve().with({ subscription: null })));
});

test('toString and display name the curve', () => {
  assert.is(s.curve().toString(), '<Curve: "DE Wind Power Production MWh/h 15min Forecast", curve_type=INSTANCE>');
  assert.ok(s.display(s.curve())['text/html']!.includes('PT15M CET'));
});

test.run();
