import * as aq from 'arquero';
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { isTableLike, seriesFromTable, tableHints } from '../../src/plot/table-source';

const FRAME_INFO = Symbol.for('service.frame.info');

test('isTableLike recognises Arquero tables only', () => {
  assert.ok(isTableLike(aq.table({ a: [1] })));
  assert.not.ok(isTableLike({ numRows: 1 }));
  assert.not.ok(isTableLike(null));
});

test('finds the date column and every numeric column; default zone CET', () => {
  const table = aq.table({ wind: [1, 2], date: [new Date(0), new Date(3_600_000)], solar: [3, null], name: ['a', 'b'] });
  const series = seriesFromTable(table);
  assert.equal(
    series.map((s) => s.label),
    ['wind', 'solar'],
  );
  assert.equal(Array.from(series[0]!.times), [0, 3_600_000]);
  assert.equal(Array.from(series[1]!.values), [3, NaN]);
  assert.is(series[0]!.zoneName, 'CET');
  assert.is(series[0]!.unit, null);
  assert.is(series[0]!.frequency, null);
});

test('a time column of any name holding Dates, luxon DateTimes, epoch ms or ISO strings', () => {
  const ms = Date.UTC(2024, 0, 1);
  assert.equal(Array.from(seriesFromTable(aq.table({ when: [new Date(ms)], v: [1] }))[0]!.times), [ms]);
  assert.equal(Array.from(seriesFromTable(aq.table({ at: [DateTime.fromMillis(ms)], v: [1] }))[0]!.times), [ms]);
  assert.equal(Array.from(seriesFromTable(aq.table({ t: [ms], v: [1] }), { time: 't' })[0]!.times), [ms]);
  // '2024-01-01T01:00' without offset, read in CET (+01:00) = 2024-01-01T00:00Z
  assert.equal(Array.from(seriesFromTable(aq.table({ date: ['2024-01-01T01:00'], v: [1] }), { zone: 'CET' })[0]!.times), [ms]);
  assert.equal(Array.from(seriesFromTable(aq.table({ date: ['2024-01-01T00:00Z'], v: [1] }))[0]!.times), [ms]);
});

test('rows are put in time order', () => {
  const series = seriesFromTable(aq.table({ date: [new Date(2000), new Date(1000)], v: [2, 1] }));
  assert.equal(Array.from(series[0]!.times), [1000, 2000]);
  assert.equal(Array.from(series[0]!.values), [1, 2]);
});

test('columns, unit and zone options', () => {
  const table = aq.table({ date: [new Date(0)], a: [1], b: [2] });
  const [s, ...rest] = seriesFromTable(table, { columns: ['b'], unit: 'MW', zone: 'Europe/Oslo' });
  assert.is(rest.length, 0);
  assert.is(s!.label, 'b');
  assert.is(s!.unit, 'MW');
  assert.is(s!.zoneName, 'Europe/Oslo');
});

test('tables from toTable(): their zone and index columns are used', () => {
  const info = { zone: 'UTC', index: ['date'], instants: ['date'], levelNames: ['name'], levels: {}, dates: [] };
  const table = aq.table({ date: [new Date(0)], hour: [0], 'wind | 2024-01-01 00:00 ec': [5] });
  table.params({ [FRAME_INFO]: info } as never);
  assert.equal(tableHints(table), { zone: 'UTC', index: ['date'], instants: ['date'] });
  const series = seriesFromTable(table);
  assert.is(series[0]!.zoneName, 'UTC');
  assert.equal(
    series.map((s) => s.label),
    ['hour', 'wind | 2024-01-01 00:00 ec'],
  );
  assert.equal(tableHints(aq.table({ a: [1] })), {});
  assert.equal(tableHints({}), {});
});

test('errors: unknown columns, no time column, no numbers, bad cells', () => {
  const table = aq.table({ date: [new Date(0)], v: [1] });
  assert.throws(
    () => seriesFromTable(table, { time: 'nope' }),
    (e: unknown) => e instanceof ValueError && /nope/.test(e.message),
  );
  assert.throws(
    () => seriesFromTable(table, { columns: ['x'] }),
    (e: unknown) => e instanceof ValueError && /"x"/.test(e.message),
  );
  assert.throws(
    () => seriesFromTable(aq.table({ a: [1] })),
    (e: unknown) => e instanceof ValueError && /time column/.test(e.message),
  );
  assert.throws(
    () => seriesFromTable(aq.table({ date: [new Date(0)], s: ['x'] })),
    (e: unknown) => e instanceof ValueError && /numeric/.test(e.message),
  );
  assert.throws(
    () => seriesFromTable(aq.table({ date: ['soon'], v: [1] })),
    (e: unknown) => e instanceof ValueError && /not a date-time/.test(e.message),
  );
  assert.throws(
    () => seriesFromTable(aq.table({ date: [new Date(0)], v: ['x'] }), { columns: ['v'] }),
    (e: unknown) => e instanceof ValueError && /not a number/.test(e.message),
  );
});

test.run();
