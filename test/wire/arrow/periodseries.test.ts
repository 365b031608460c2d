import { tableFromIPC } from '@uwdata/flechette';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Periodseries } from '../../../src/model';
import { CET, Frequency, Resolution } from '../../../src/time';
import { parsePeriodseries, serializePeriodseries, serializePeriodseriesList } from '../../../src/wire';
import { decodePeriodseries, decodePeriodseriesList, encodePeriodseries, encodePeriodseriesList } from '../../../src/wire/arrow';

/** docs/protocol.md#periodseries-json: capacity periods across the October DST change. */
const CAPACITY = {
  curve: null,
  resolution: { frequency: 'NONE', timezone: 'CET' },
  instance: null,
  unit: 'MW',
  denominator: null,
  data: [
    { begin: '2024-10-26T00:00:00+02:00', end: '2024-10-27T02:00:00+02:00', v: 8113, capacity: 8600 },
    { begin: '2024-10-27T02:00:00+01:00', end: '2024-10-28T00:00:00+01:00', v: null, capacity: null },
  ],
};

test('capacity periods across a DST change keep begin, end, value and capacity, nulls included', () => {
  const ps = parsePeriodseries(CAPACITY);
  const bytes = encodePeriodseries(ps);
  const table = tableFromIPC(bytes);
  assert.equal(
    table.schema.fields.map((f) => f.name),
    ['begin', 'end', 'value', 'capacity'],
  );
  assert.is(table.getChild('begin').at(1), Date.UTC(2024, 9, 27, 1));
  assert.is(table.getChild('capacity').at(1), null);
  const back = decodePeriodseries(bytes);
  assert.equal(serializePeriodseries(back), CAPACITY);
});

test('periods without capacity have no capacity column; an empty series round-trips', () => {
  const ps = Periodseries.fromItems([{ begin: '2024-01-01', end: '2024-01-06', value: 1.5 }], {
    resolution: new Resolution(Frequency.NONE, CET),
  });
  const bytes = encodePeriodseries(ps);
  assert.equal(
    tableFromIPC(bytes).schema.fields.map((f) => f.name),
    ['begin', 'end', 'value'],
  );
  assert.equal(serializePeriodseries(decodePeriodseries(bytes)), serializePeriodseries(ps));
  const empty = new Periodseries({ resolution: new Resolution(Frequency.NONE, CET), begins: [], ends: [], values: [] });
  assert.is(decodePeriodseries(encodePeriodseries(empty)).length, 0);
});

test('a list with and without capacity keeps each member as it was', () => {
  const a = parsePeriodseries(CAPACITY);
  const b = Periodseries.fromItems([{ begin: '2024-01-01', end: '2024-01-06', value: 2 }], {
    resolution: new Resolution(Frequency.NONE, CET),
  });
  const bytes = encodePeriodseriesList([b, a]);
  assert.equal(
    tableFromIPC(bytes).schema.fields.map((f) => f.name),
    ['member', 'begin', 'end', 'value', 'capacity'],
  );
  const back = decodePeriodseriesList(bytes);
  assert.equal(serializePeriodseriesList(back), serializePeriodseriesList([b, a]));
  assert.is(back[0]?.capacities, null);
  assert.throws(
    () => decodePeriodseries(bytes),
    (e: unknown) => e instanceof ParseException,
  );
});

test.run();
