// toPolars: the layouts and names of toTable as a nodejs-polars DataFrame, with a zone-aware
// datetime column, nulls for missing values, the same options (short names, local dates,
// aligned lists), the attached method, and a clear ImportError when the package is missing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ImportError } from '../../src/exceptions';
import { headerLevels, setPolarsLoader, toPolars, toTable } from '../../src/frame';
import { Timeseries } from '../../src/model';
import { GAS_DAY } from '../../src/time';
import { ACTUAL_NAME, actual, ensemble, Frequency, Resolution } from './samples';

const str = (dtype: unknown): string => String(dtype);

test('a series: same names as toTable, Datetime(ms, CET), nulls for missing values', () => {
  const df = toPolars(actual());
  assert.equal(df.columns, toTable(actual()).columnNames());
  assert.equal(df.shape, { height: 3, width: 2 });
  assert.match(str(df.getColumn('date').dtype), /Datetime\(ms,CET\)/);
  assert.equal(
    df
      .getColumn('date')
      .toArray()
      .map((d: Date) => d.getTime()),
    [Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 0), Date.UTC(2024, 2, 31, 1)],
  );
  assert.equal(df.getColumn(ACTUAL_NAME).toArray(), [1, null, 3]);
  assert.equal(headerLevels(df).get(ACTUAL_NAME), [ACTUAL_NAME, '', '']);
  assert.equal(actual().toPolars().columns, df.columns);
});

test('options follow toTable: short names, scenarios, aligned lists, local dates; Gas_Day as UTC instants', () => {
  const short = toPolars([actual(), actual().withName('x')], { columnNames: 'short' });
  assert.equal(short.columns, ['date', 'de_consumption_actual', 'x']);
  assert.equal(toPolars(ensemble(), { columnNames: 'short' }).columns, toTable(ensemble(), { columnNames: 'short' }).columnNames());
  const local = toPolars(actual(), { dates: 'local' });
  assert.match(str(local.getColumn('date').dtype), /Datetime\(ms,\)/);
  assert.equal(
    local
      .getColumn('date')
      .toArray()
      .map((d: Date) => d.getTime()),
    [Date.UTC(2024, 2, 31, 0), Date.UTC(2024, 2, 31, 1), Date.UTC(2024, 2, 31, 3)],
  );
  const gas = new Timeseries({
    resolution: new Resolution(Frequency.P1D, GAS_DAY),
    name: 'g',
    times: [Date.UTC(2024, 6, 1, 4)],
    values: [1],
  });
  assert.match(str(toPolars(gas).getColumn('date').dtype), /Datetime\(ms,UTC\)/);
});

test('missing package: ImportError naming nodejs-polars', () => {
  setPolarsLoader(() => {
    throw Object.assign(new Error("Cannot find module 'nodejs-polars'"), { code: 'MODULE_NOT_FOUND' });
  });
  try {
    assert.throws(
      () => toPolars(actual()),
      (e: unknown) => e instanceof ImportError && /nodejs-polars is not installed: install nodejs-polars/.test((e as Error).message),
    );
  } finally {
    setPolarsLoader(null);
  }
  assert.is(toPolars(actual()).shape.height, 3);
});

test.run();
