import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Area, PlaceType } from '../../../src/model';
import { parsePlace, parsePlaceList, serializePlace, serializePlaceList } from '../../../src/wire';
import { PLACE } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

test('a place tree with children and curves round-trips exactly', () => {
  const p = parsePlace(PLACE);
  assert.is(p.kind, PlaceType.PRODUCER);
  assert.is(p.latitude, 53.85);
  assert.is(p.longitude, 9.35);
  assert.equal(p.areas, [Area.byTag('DE')]);
  assert.is(p.children.length, 1);
  assert.equal(p.children[0]?.areas.map(String), ['DE', 'NL']);
  assert.is(p.children[0]?.unit, 'Unit 1');
  assert.is(p.curves[0]?.name, 'DE Wind Power Production MWh/h 15min Forecast');
  assert.equal(serializePlace(p), PLACE);
});

test('null lists read as empty; place types ignore case', () => {
  const p = parsePlace({
    type: 'Gas-Storage',
    key: 'gs',
    name: 'Storage',
    fuels: null,
    location: null,
    areas: null,
    children: null,
    curves: null,
  });
  assert.is(p.kind, PlaceType.GAS_STORAGE);
  assert.equal(serializePlace(p), {
    type: 'gas-storage',
    key: 'gs',
    name: 'Storage',
    unit: null,
    fuels: [],
    location: null,
    areas: [],
    children: [],
    curves: [],
  });
});

test('bad places raise ParseException with the path', () => {
  fails(() => parsePlace({ key: 'k', name: 'n' }), 'type: expected a PlaceType tag, got nothing');
  fails(() => parsePlace({ ...PLACE, location: [53.85] }), 'location: expected [latitude, longitude] or null, got [53.85]');
  fails(() => parsePlace({ ...PLACE, areas: ['DE', 'Mordor'] }), 'areas[1]: unknown area tag, got "Mordor"');
  fails(
    () => parsePlace({ ...PLACE, children: [{ ...PLACE, children: [{ key: 'x' }] }] }),
    'children[0].children[0].type: expected a PlaceType tag, got nothing',
  );
  fails(() => parsePlace({ ...PLACE, curves: [{ name: 'x' }] }), 'curves[0].resolution: expected an object, got nothing');
  fails(() => parsePlaceList({}), 'response: expected an array, got {}');
  fails(() => parsePlaceList([PLACE, { ...PLACE, fuels: [1] }]), '[1].fuels[0]: expected a string, got 1');
});

test('place lists', () => {
  assert.equal(serializePlaceList(parsePlaceList(JSON.stringify([PLACE, PLACE]))), [PLACE, PLACE]);
});

test.run();
