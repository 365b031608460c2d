import { test } from 'uvu';
import { inspect } from 'node:util';
import * as assert from 'uvu/assert';
import * as aq from 'arquero';
import { FrameTable, frameInfo, headerLevels, toTable } from '../../src/frame';
import { toText } from '../../src/frame/to-text';
import { columnValues, tableFromLayout } from '../../src/frame/to-table';
import { layoutTimeseries } from '../../src/frame/timeseries-layout';
import { actual, ACTUAL_NAME, ensemble, WIND_NAME } from './samples';

const display = (value: object): Record<string, string> =>
  (value as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!.call(value);

test('toTable returns an Arquero ColumnTable subclass', () => {
  const t = toTable(actual());
  assert.ok(t instanceof aq.ColumnTable);
  assert.ok(t instanceof FrameTable);
  assert.is(t.numRows(), 3);
});

test('verbs keep the class and the frame information', () => {
  const t = toTable(ensemble());
  const mean = `${WIND_NAME} | 2020-10-26 00:00 ec-ens`;
  const derived = t
    .filter(aq.escape((d: Record<string, number>) => d[mean]! > 4000))
    .derive({ double: aq.escape((d: Record<string, number>) => d[mean]! * 2) })
    .orderby(aq.desc('date'))
    .select('date', mean, 'double');
  assert.ok(derived instanceof FrameTable);
  assert.is(frameInfo(derived)?.zone, 'CET');
  assert.equal(headerLevels(derived).get(mean), [WIND_NAME, '2020-10-26 00:00 ec-ens', '']);
  // a column added by a verb has no stored levels: decoded from its name
  assert.equal(headerLevels(derived).get('double'), ['double', '', '']);
});

test('renamed columns are decoded from their new names', () => {
  const t = toTable(ensemble()).rename({ [`${WIND_NAME} | 2020-10-26 00:00 ec-ens | e00`]: 'a | b | c' });
  assert.equal(headerLevels(t).get('a | b | c'), ['a', 'b', 'c']);
});

test('expression parameters still work beside the frame information', () => {
  const t = toTable(actual()).params({ k: 10 });
  const d = t.derive({ y: (row: Record<string, number>, $: Record<string, number>) => row['DE Consumption MWh/h H Actual']! * $.k! });
  assert.is(ACTUAL_NAME, 'DE Consumption MWh/h H Actual');
  assert.equal(Array.from(d.array('y') as ArrayLike<number>).slice(0, 1), [10]);
  assert.is(frameInfo(d)?.zone, 'CET');
  assert.equal(Object.keys(t.params() ?? {}), ['k']);
});

test('notebook display: HTML with stacked headers and the head/tail text table', () => {
  const bundle = display(toTable(ensemble()));
  assert.ok(bundle['text/html']!.includes('rowspan="3"'));
  assert.is(bundle['text/plain'], toText(toTable(ensemble())));
  assert.ok(bundle['text/plain']!.endsWith('[2 rows × 4 columns · times in CET]'));
});

test('inspect (console.log) shows the text table, never the internals; nested, one line', () => {
  const t = toTable(actual());
  const text = inspect(t);
  assert.is(text, toText(t));
  for (const internal of ['_names', '_data', '_params', 'service.frame.info', 'InstantColumn'])
    assert.not.ok(text.includes(internal), internal);
  assert.is(inspect([t]), '[ <Table: 3 rows × 2 columns · times in CET> ]');
  const filtered = t.filter((d: Record<string, number>) => d['DE Consumption MWh/h H Actual']! > 1);
  assert.ok(inspect(filtered).endsWith('[1 row × 2 columns · times in CET]'), inspect(filtered));
});

test('columnValues: instants are read as Dates, NaN instants null; numbers stay typed', () => {
  const dates = columnValues({ name: 'date', kind: 'instant', data: Float64Array.of(0, NaN) });
  assert.is((dates.at(0) as Date).toISOString(), '1970-01-01T00:00:00.000Z');
  assert.is(dates.at(1), null);
  assert.is(dates.at(2), undefined);
  assert.equal([...dates], [new Date(0), null]);
  assert.ok(columnValues({ name: 'v', kind: 'number', data: Float64Array.of(1) }) instanceof Float64Array);
});

test('a long table holds its instants as milliseconds and reads them as Dates through every verb', () => {
  const n = 100_000;
  const times = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * 900_000);
  const t = tableFromLayout({ ...layoutTimeseries(actual()), columns: [{ name: 'date', kind: 'instant', data: times }] });
  const column = t.column('date') as unknown as { at(i: number): unknown };
  assert.not.ok(Array.isArray(column), 'no array of Dates');
  assert.equal(t.get('date', 5), new Date(times[5]!));
  assert.ok(t.get('date', 5) instanceof Date);
  const cut = new Date(Date.UTC(2022, 0, 1));
  const after = t.filter(aq.escape((d: { date: Date }) => d.date >= cut)).orderby(aq.desc('date'));
  assert.equal(after.get('date', 0), new Date(times[n - 1]!));
  assert.is(after.numRows(), n - (Date.UTC(2022, 0, 1) - times[0]!) / 900_000);
  assert.is(t.array('date').length, n);
  assert.ok(t.array('date')[0] instanceof Date);
});

test('tableFromLayout: the table columns are the layout columns, in order', () => {
  const layout = layoutTimeseries(actual());
  const t = tableFromLayout(layout);
  assert.equal(
    t.columnNames(),
    layout.columns.map((c) => c.name),
  );
  assert.is(frameInfo(t), layout.info);
});

test('Arquero tables made elsewhere carry no frame information', () => {
  assert.is(frameInfo(aq.table({ a: [1] })), null);
});

test.run();
