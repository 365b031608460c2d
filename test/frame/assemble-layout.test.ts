import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assembleLayout, uniqueName } from '../../src/frame/assemble-layout';

test('uniqueName appends (2), (3), ... and records the name', () => {
  const taken = new Set(['wind']);
  assert.is(uniqueName('wind', taken), 'wind (2)');
  assert.is(uniqueName('wind', taken), 'wind (3)');
  assert.is(uniqueName('solar', taken), 'solar');
  assert.ok(taken.has('solar'));
});

test('assembleLayout: index first, value names unique also against the index, levels under final names', () => {
  const date = { name: 'date', kind: 'instant' as const, data: Float64Array.of(0) };
  const layout = assembleLayout(
    [date],
    [
      { label: 'date', levels: ['date'], data: Float64Array.of(1) },
      { label: 'x', levels: ['x'], data: Float64Array.of(2) },
      { label: 'x', levels: ['x'], data: Float64Array.of(3) },
    ],
    { zone: 'UTC', levelNames: ['name'], dates: [] },
  );
  assert.equal(
    layout.columns.map((c) => c.name),
    ['date', 'date (2)', 'x', 'x (2)'],
  );
  assert.equal(
    layout.columns.map((c) => c.kind),
    ['instant', 'number', 'number', 'number'],
  );
  assert.equal(layout.info.index, ['date']);
  assert.equal(layout.info.instants, ['date']);
  assert.equal({ ...layout.info.levels }, { 'date (2)': ['date'], x: ['x'], 'x (2)': ['x'] });
  assert.ok(Object.isFrozen(layout.info));
});

test.run();
