import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ImportError } from '../../src/exceptions';
import { frameInfo, headerLevels, setDanfoLoader, toDataFrame } from '../../src/frame';
import { loadDanfo } from '../../src/frame/danfo';
import { absolute, actual, ACTUAL_NAME, ensemble, isA, ohlcList, WIND_NAME } from './samples';

/** A loader that fails as `require` does for a package that is not installed. */
const missing = () => {
  const err = new Error("Cannot find module 'danfojs'") as Error & { code: string };
  err.code = 'MODULE_NOT_FOUND';
  throw err;
};

/** A stand-in Danfo module that records what it was given. */
class FakeDataFrame {
  readonly columns: string[];
  readonly shape: number[];
  constructor(readonly data: Record<string, unknown[]>) {
    this.columns = Object.keys(data);
    this.shape = [this.columns.length > 0 ? (data[this.columns[0] as string] as unknown[]).length : 0, this.columns.length];
  }
  column(name: string) {
    return { values: this.data[name] as unknown[] };
  }
}

function withLoader<T>(load: () => unknown, body: () => T): T {
  setDanfoLoader(load);
  try {
    return body();
  } finally {
    setDanfoLoader(null);
  }
}

test('missing Danfo: toDataFrame throws ImportError saying what to install', () => {
  withLoader(missing, () => {
    let error: unknown;
    try {
      toDataFrame(actual());
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ImportError);
    const message = (error as Error).message;
    assert.ok(message.startsWith('danfojs is not installed: install danfojs (npm install danfojs;'));
    assert.ok(message.includes("the registry's danfojs-node cannot install here"));
  });
});

test('missing Danfo: the methods throw ImportError too', () => {
  withLoader(missing, () => {
    assert.throws(() => actual().toDataFrame(), isA(ImportError));
    assert.throws(() => ohlcList().toDataFrame(), isA(ImportError));
  });
});

test('a Danfo that fails to load, or has no DataFrame, is an ImportError with the reason', () => {
  withLoader(
    () => {
      throw new Error('tfjs exploded');
    },
    () =>
      assert.throws(
        () => toDataFrame(actual()),
        (e: unknown) => e instanceof ImportError && /failed to load: tfjs exploded/.test((e as Error).message),
      ),
  );
  withLoader(
    () => ({}),
    () =>
      assert.throws(
        () => toDataFrame(actual()),
        (e: unknown) => e instanceof ImportError && /has no DataFrame/.test((e as Error).message),
      ),
  );
});

test('with an injected module: flat column names, plain arrays, levels in the side map', () => {
  withLoader(
    () => ({ DataFrame: FakeDataFrame }),
    () => {
      const df = toDataFrame(ensemble()) as unknown as FakeDataFrame;
      const hdr = '2020-10-26 00:00 ec-ens';
      assert.equal(df.columns, ['date', `${WIND_NAME} | ${hdr}`, `${WIND_NAME} | ${hdr} | e00`, `${WIND_NAME} | ${hdr} | e01`]);
      assert.ok(Array.isArray(df.data[`${WIND_NAME} | ${hdr} | e01`]));
      const e01 = df.column(`${WIND_NAME} | ${hdr} | e01`).values as number[];
      assert.is(e01[0], 4200.12);
      assert.ok(Number.isNaN(e01[1]));
      // 2020-10-26 01:00+01:00 = 00:00Z
      assert.is((df.data.date![0] as Date).toISOString(), '2020-10-26T00:00:00.000Z');
      assert.equal(headerLevels(df).get(`${WIND_NAME} | ${hdr} | e00`), [WIND_NAME, hdr, 'e00']);
      assert.is(frameInfo(df)?.zone, 'CET');
      assert.equal(toDataFrame(absolute(), { singleLevelIndex: true }).columns[0], 'instance');
    },
  );
});

test('the loader is called once and its module cached until the loader changes', () => {
  let calls = 0;
  withLoader(
    () => {
      calls++;
      return { DataFrame: FakeDataFrame };
    },
    () => {
      loadDanfo();
      loadDanfo();
      toDataFrame(actual());
    },
  );
  assert.is(calls, 1);
});

test('the real danfojs (dev dependency) builds a frame with the flat names', () => {
  const df = toDataFrame(actual(), { singleLevelHeader: true });
  assert.equal(df.columns, ['date', ACTUAL_NAME]);
  assert.equal(df.shape, [3, 2]);
  const values = df.column(ACTUAL_NAME).values as number[];
  assert.is(values[0], 1);
  assert.ok(Number.isNaN(values[1]));
  assert.equal(headerLevels(df).get(ACTUAL_NAME), [ACTUAL_NAME]);
  const ohlc = toDataFrame(ohlcList());
  assert.equal(ohlc.shape, [2, 11]);
});

test('Danfo follows toTable: short names over an aligned list, wall-clock dates, levels kept', () => {
  const df = toDataFrame([actual(), actual().withName('copy')], { columnNames: 'short', dates: 'local' });
  assert.equal(df.columns, ['date', 'de_consumption_actual', 'copy']);
  assert.equal(headerLevels(df).get('de_consumption_actual'), [ACTUAL_NAME, '', '']);
  // 2024-03-31 00:00, 01:00, 03:00 CET/CEST as wall-clock dates: local hours on any machine zone
  const hours = (df.column('date').values as Date[]).map((d) => new Date(d).getHours());
  assert.equal(hours, [0, 1, 3]);
});

test.run();
