import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { type AbsoluteItem, AbsoluteResult, Aggregation, Filter } from '../../src/model';
import { CET, Frequency, Resolution } from '../../src/time';
import * as s from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

test('begin, end, frequency, zone, size', () => {
  const r = s.absolute();
  assert.is(r.begin().toISO(), '2023-10-05T12:00:00.000Z');
  assert.is(r.end().toISO(), '2023-10-05T13:00:00.000Z');
  assert.is(r.frequency(), Frequency.PT1H);
  assert.is(r.zone().name, 'UTC');
  assert.is(r.size(), 1);
  assert.not.ok(r.isEmpty());
  assert.ok(r.with({ items: [] }).isEmpty());
});

test('delivery is shown in the resolution zone; a daily delivery on the DST day ends 23 h later', () => {
  // 2024-03-31 00:00 CET = 2024-03-30T23:00Z; the next local midnight is 04-01 00:00+02:00.
  const r = new AbsoluteResult({ resolution: new Resolution(Frequency.P1D, CET), delivery: DateTime.fromISO('2024-03-30T23:00:00Z') });
  assert.is(r.delivery.toISO(), '2024-03-31T00:00:00.000+01:00');
  assert.is(r.end().toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(r.end().toMillis() - r.begin().toMillis(), 23 * 3_600_000);
});

test('filters, aggregation, unit; invalid input raises ValueError', () => {
  const r = s.absolute().with({ filters: Filter.byTag('PEAK'), aggregation: Aggregation.byTag('MEAN') });
  assert.equal([r.filters?.tag, r.aggregation?.tag, r.unit], ['PEAK', 'AVERAGE', 'MWh/h']);
  assert.throws(() => s.absolute().with({ delivery: DateTime.invalid('x') }), s.isA(ValueError));
  assert.throws(() => s.absolute().with({ items: [{} as AbsoluteItem] }), s.isA(ValueError));
  assert.ok(Object.isFrozen(s.absolute().items));
});

test('equals, toJSON (key filter), toString', () => {
  const r = s.absolute();
  assert.ok(r.equals(s.absolute()));
  assert.not.ok(r.equals(r.with({ items: [] })));
  const json = r.with({ filters: Filter.byTag('BASE') }).toJSON();
  assert.equal(
    [json.delivery, json.filter, json.aggregation, json.resolution],
    ['2023-10-05T12:00:00Z', 'BASE', null, { frequency: 'PT1H', timezone: 'UTC' }],
  );
  assert.is((json.items as unknown[]).length, 1);
  assert.is(r.toString(), '<AbsoluteResult: resolution=<PT1H, UTC>, delivery="2023-10-05T12:00:00Z", count=1>');
  assert.ok(s.display(r)['text/html']!.includes('<td>2023-10-01 00:00 ec</td><td>20479.78</td>'));
});

test.run();
