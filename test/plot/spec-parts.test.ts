import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import {
  jsonNumber,
  seriesColor,
  timeEncoding,
  timeTooltip,
  topLevel,
  valueEncoding,
  VEGALITE_SCHEMA,
  zoomParams,
} from '../../src/plot/spec-parts';

test('topLevel: schema, default size, white background, title rules', () => {
  const spec = topLevel({}, 'Wind', { mark: 'line' });
  assert.is(spec.$schema, VEGALITE_SCHEMA);
  assert.is(VEGALITE_SCHEMA, 'https://vega.github.io/schema/vega-lite/v5.json');
  assert.equal([spec.width, spec.height, spec.background, spec.title, spec.mark], [720, 320, 'white', 'Wind', 'line']);
  assert.is(topLevel({ title: null }, 'Wind', {}).title, undefined);
  assert.is(topLevel({ title: 'Mine' }, 'Wind', {}).title, 'Mine');
  assert.is(topLevel({}, null, {}).title, undefined);
  assert.equal([topLevel({ width: 300, height: 100 }, null, {}).width, topLevel({ width: 300, height: 100 }, null, {}).height], [300, 100]);
});

test('topLevel rejects bad sizes naming the option', () => {
  for (const width of [0, -1, NaN, Infinity]) {
    assert.throws(
      () => topLevel({ width }, null, {}),
      (e: unknown) => e instanceof ValidationError && e.parameter === 'width',
    );
  }
  assert.throws(
    () => topLevel({ height: 0 }, null, {}),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'height',
  );
});

test('timeEncoding: UTC scale over wall-clock ms, zone in the title, 24-hour labels', () => {
  const x = timeEncoding('t', 'CET') as any;
  assert.equal([x.field, x.type, x.scale, x.title], ['t', 'temporal', { type: 'utc' }, 'Time (CET)']);
  assert.is(x.axis.format.hours, '%H:%M');
  assert.is((timeEncoding('b', null, 'Delivery') as any).title, 'Delivery');
});

test('timeTooltip: UTC time units, so it prints the wall clock', () => {
  assert.equal(timeTooltip('t', 'CET'), {
    field: 't',
    type: 'temporal',
    timeUnit: 'utcyearmonthdatehoursminutes',
    format: '%Y-%m-%d %H:%M',
    title: 'Time (CET)',
  });
  assert.equal(timeTooltip('b', null, 'Begin'), {
    field: 'b',
    type: 'temporal',
    timeUnit: 'utcyearmonthdate',
    format: '%Y-%m-%d',
    title: 'Begin',
  });
});

test('valueEncoding and seriesColor', () => {
  assert.equal(valueEncoding('v', 'MWh/h'), { field: 'v', type: 'quantitative', title: 'MWh/h' });
  const color = seriesColor('s', ['a', 'b']) as any;
  assert.equal(color.scale, { domain: ['a', 'b'], scheme: 'tableau10' });
  assert.is(
    (
      seriesColor(
        's',
        Array.from({ length: 11 }, (_, i) => `s${i}`),
      ) as any
    ).scale.scheme,
    'tableau20',
  );
  assert.equal((seriesColor('s', ['a'], ['black']) as any).scale, { domain: ['a'], range: ['black'] });
});

test('jsonNumber and zoomParams', () => {
  assert.equal([jsonNumber(1.5), jsonNumber(NaN), jsonNumber(-Infinity)], [1.5, null, null]);
  assert.equal(zoomParams(), [{ name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }]);
  assert.ok(zoomParams() !== zoomParams());
});

test.run();
