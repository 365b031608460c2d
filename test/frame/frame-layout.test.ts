import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Timeseries } from '../../src/model';
import { headerLevels, toTable } from '../../src/frame';
import { frameLayout } from '../../src/frame/frame-layout';
import {
  actual,
  forecast,
  frontContract,
  Frequency,
  isA,
  ohlcList,
  periods,
  PeriodseriesList,
  Resolution,
  SRMC,
  srmcOptions,
  TimeseriesList,
  UTC,
} from './samples';

const numbers = (t: { array(name: string): unknown }, name: string) =>
  Array.from(t.array(name) as ArrayLike<number>).map((v) => (Number.isNaN(v) ? null : v));
const dates = (t: { array(name: string): unknown }) => (t.array('date') as Date[]).map((d) => d.getTime());

// --- Periodseries ---

test('Periodseries: a table needs a frequency', () => {
  const ps = periods();
  assert.throws(
    () => toTable(ps, {} as never),
    (e: unknown) => e instanceof ValueError && /needs a frequency/.test((e as Error).message),
  );
  assert.throws(() => ps.toTable(undefined as never), isA(ValueError));
});

test('Periodseries: daily steps in CET, duration-weighted where two periods share a day', () => {
  const t = toTable(periods(), { frequency: Frequency.P1D });
  assert.equal(t.columnNames(), ['date', 'nuclear']);
  // 2020-01-01 00:00+01:00 = 2019-12-31T23:00Z; 2020-01-02 00:00+01:00 = 2020-01-01T23:00Z
  assert.equal(dates(t), [Date.UTC(2019, 11, 31, 23), Date.UTC(2020, 0, 1, 23)]);
  // day 1: covered by 100; day 2: 12 h at 100 then 12 h at 50 -> (100*12 + 50*12) / 24 = 75
  assert.equal(numbers(t, 'nuclear'), [100, 75]);
});

test('Periodseries: field "installed", frequency tag, name and single-level header', () => {
  const t = toTable(periods(), { frequency: 'P1D', field: 'installed', name: 'cap', singleLevelHeader: true });
  assert.equal(t.columnNames(), ['date', 'cap']);
  assert.equal(numbers(t, 'cap'), [200, 200]);
});

test('PeriodseriesList: every member converted, then laid out as a list (frequency required)', () => {
  const list = new PeriodseriesList([periods(), periods().withName('other')]);
  const t = toTable(list, { frequency: Frequency.P1D });
  assert.equal(t.columnNames(), ['date', 'nuclear', 'other']);
  assert.equal(numbers(t, 'other'), [100, 75]);
  assert.throws(() => toTable(list, {} as never), isA(ValueError));
  assert.throws(() => toTable(new PeriodseriesList([]), { frequency: 'P1D' }), isA(ValueError));
});

// --- SRMC: the payload decides ---

test('SRMC with OHLC payload: the OHLC layout', () => {
  const s = new SRMC({ unit: 'EUR', denominator: 'MWh', contract: frontContract(), options: srmcOptions(), ohlc: ohlcList() });
  assert.equal(toTable(s).columnNames().slice(0, 4), ['traded', 'period', 'front', 'delivery']);
});

test('SRMC with time-series payload: contract header at level 1', () => {
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.P1D, UTC),
    name: 'srmc',
    contract: frontContract(),
    times: [Date.UTC(2020, 0, 2)],
    values: [40.5],
  });
  const t = toTable(new SRMC({ options: srmcOptions(), timeseries: ts }));
  assert.equal(t.columnNames(), ['date', 'srmc | month front-1 settlement']);
  assert.equal([...headerLevels(t).values()][0], ['srmc', 'month front-1 settlement', '']);
  const single = toTable(new SRMC({ options: srmcOptions(), timeseries: ts }), { singleLevelHeader: true });
  assert.equal(single.columnNames(), ['date', 'srmc month front-1 settlement']);
});

test('SRMC with period-based payload: needs a frequency', () => {
  const s = new SRMC({ options: srmcOptions(), periodseries: periods() });
  assert.throws(() => toTable(s), isA(ValueError));
  assert.equal(numbers(toTable(s, { frequency: 'P1D' }), 'nuclear'), [100, 75]);
});

// --- plain arrays and unsupported values ---

test('plain arrays (what list.filter returns) work like their list classes', () => {
  const list = new TimeseriesList([actual(), forecast()]);
  const filtered = list.filter((ts) => ts.instance !== null);
  assert.equal(toTable(filtered).columnNames().length, 2);
  assert.equal(toTable([...ohlcList()]).numRows(), 2);
  assert.equal(toTable([periods()], { frequency: 'P1D' }).columnNames(), ['date', 'nuclear']);
});

test('unsupported values and empty plain arrays are errors', () => {
  assert.throws(() => frameLayout({} as never), isA(ValueError));
  assert.throws(() => frameLayout([1, 2] as never), isA(ValueError));
  assert.is(frameLayout([] as never).columns.length, 11); // an empty array of OHLC records
});

test.run();
