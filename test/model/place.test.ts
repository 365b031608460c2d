import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Area, Place, PlaceType } from '../../src/model';
import * as s from './samples';

test('location, latitude and longitude', () => {
  const p = s.place();
  assert.equal(p.location, [53.85, 9.35]);
  assert.is(p.latitude, 53.85);
  assert.is(p.longitude, 9.35);
  const nowhere = p.with({ location: null });
  assert.is(nowhere.latitude, null);
  assert.is(nowhere.longitude, null);
});

test('defaults: empty lists and nulls', () => {
  const p = new Place({ kind: PlaceType.byTag('river'), key: 'r1', name: 'Rhine' });
  assert.equal([p.unit, p.location, [...p.fuels], [...p.areas], [...p.children], [...p.curves]], [null, null, [], [], [], []]);
  assert.ok(Object.isFrozen(p.fuels) && Object.isFrozen(p.children) && Object.isFrozen(p.curves));
});

test('children, curves and areas', () => {
  const p = s.place();
  assert.is(p.children.length, 1);
  assert.is(p.children[0]?.unit, 'U1');
  assert.ok(p.curves[0]?.equals(s.exchangeCurve()));
  assert.equal(p.areas, [Area.byTag('DE')]);
});

test('toJSON gives the wire shape (key `type`, area tags)', () => {
  const json = s.place().toJSON();
  assert.is(json.type, 'producer');
  assert.equal(json.areas, ['DE']);
  assert.equal(json.location, [53.85, 9.35]);
  assert.equal(json.fuels, ['Nuclear']);
  assert.is((json.children as Record<string, unknown>[])[0]?.key, 'pp-example-1-u1');
  assert.is((json.curves as Record<string, unknown>[])[0]?.name, 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual');
});

test('with() copies; equals compares children and curves', () => {
  const p = s.place();
  const renamed = p.with({ name: 'Renamed' });
  assert.is(p.name, 'Example Plant');
  assert.is(renamed.name, 'Renamed');
  assert.not.ok(p.equals(renamed));
  assert.not.ok(p.equals(p.with({ children: [] })));
  assert.not.ok(p.equals(p.with({ curves: [s.curve()] })));
  assert.ok(p.equals(s.place()));
});

test('toString', () => {
  assert.is(s.place().toString(), '<Place: key="pp-example-1", name="Example Plant", kind=producer>');
  assert.ok(s.display(s.place())['text/html']!.includes('53.85, 9.35'));
});

test.run();
