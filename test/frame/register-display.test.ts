import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { Timeseries } from '../../src/model';
import { toDataFrame, toTable } from '../../src/frame';
import { toText } from '../../src/frame/to-text';
import {
  absolute,
  actual,
  ACTUAL_NAME,
  ensemble,
  gasDay,
  ohlcList,
  Resolution,
  SRMC,
  srmcOptions,
  TimeseriesList,
  UTC,
  Frequency,
} from './samples';

const bundle = (value: object): Record<string, string> =>
  (value as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!.call(value);

const INTERNALS = ['_names', '_data', '_params', 'service.frame.info', '#', 'Float64Array', '$data', '$columns'];
function noInternals(text: string): void {
  for (const word of INTERNALS) assert.not.ok(text.includes(word), `${word} in ${text}`);
}

test('runs with TZ=America/New_York (so machine-zone rendering would show)', () => {
  assert.is(process.env.TZ, 'America/New_York');
});

test('Timeseries: a caption with name, unit, frequency, zone and count over the head/tail table; HTML the same', () => {
  const ts = actual();
  const text = inspect(ts);
  const [caption, ...table] = text.split('\n');
  assert.is(caption, `Timeseries · "${ACTUAL_NAME}" · MWh/h · PT1H · CET · 3 values`);
  assert.is(table.join('\n'), toText(toTable(ts)));
  assert.ok(text.includes('2024-03-31 03:00:00+02:00'));
  noInternals(text);
  const b = bundle(ts);
  assert.is(b['text/plain'], text);
  assert.ok(b['text/html']!.startsWith(`<div class="service-display"><p><strong>Timeseries · &quot;${ACTUAL_NAME}&quot;`));
  assert.ok(b['text/html']!.includes('<th>2024-03-31 03:00:00+02:00</th>'));
  assert.ok(b['text/html']!.includes('<p>3 rows × 2 columns · times in CET</p>'));
  // inside another value: one line
  assert.is(inspect([ts]), `[\n  ${ts.toString()}\n]`);
});

test('Timeseries with an instance and scenarios; a gas-day series shows its own zone', () => {
  assert.ok(inspect(ensemble()).split('\n')[0]!.includes('· 2020-10-26 00:00 ec-ens · MWh/h · PT1H · CET · 2 values'));
  const gas = inspect(gasDay());
  assert.ok(gas.includes('· P1D · Europe/Gas_Day · 1 value'), gas);
  // 05:00Z is 00:00 at -05:00 in the gas-day zone
  assert.ok(gas.includes('2024-01-01 00:00:00-05:00'), gas);
  assert.ok(gas.endsWith('times in Europe/Gas_Day]'), gas);
});

test('an empty Timeseries says it has no values in the requested range', () => {
  const empty = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'wind', times: [], values: [] });
  const text = inspect(empty);
  assert.is(
    text,
    'Timeseries · "wind" · PT1H · UTC · empty\nNo values in the requested range. Load another range (begin/end) to find the data.',
  );
  assert.ok(bundle(empty)['text/html']!.includes('<p>No values in the requested range.'));
  assert.not.ok(bundle(empty)['text/html']!.includes('<table'));
});

test('TimeseriesList: members side by side; an empty list shows its summary', () => {
  const list = new TimeseriesList([actual(), actual().withName('b')]);
  const text = inspect(list);
  assert.ok(text.startsWith('TimeseriesList · 2 series · PT1H\n'), text);
  assert.ok(text.endsWith('[3 rows × 3 columns · times in CET]'), text);
  noInternals(text);
  assert.ok(bundle(list)['text/html']!.includes('class="dataframe"'));
  assert.is(inspect(new TimeseriesList([])), new TimeseriesList([]).toString());
});

test('OHLCList, AbsoluteResult, SRMC: caption and table, the unit with its denominator', () => {
  const ohlc = inspect(ohlcList());
  assert.ok(ohlc.startsWith('OHLCList · EUR/MWh · 2 records\n'), ohlc);
  assert.ok(ohlc.endsWith('[2 rows × 11 columns]'), ohlc);
  const abs = inspect(absolute());
  assert.ok(
    abs.startsWith(
      'AbsoluteResult · "DE Wind Power Production MWh/h 15min Forecast" · delivery 2023-10-05T12:00:00Z · PT1H · UTC · 2 instances\n',
    ),
    abs,
  );
  assert.ok(abs.includes('20479.78'));
  const srmc = new SRMC({ options: srmcOptions(), ohlc: ohlcList(), unit: 'EUR', denominator: 'MWh' });
  const text = inspect(srmc);
  assert.ok(text.startsWith('SRMC · EUR/MWh\n'), text);
  for (const t of [ohlc, abs, text]) noInternals(t);
  for (const v of [ohlcList(), absolute(), srmc]) assert.ok(bundle(v)['text/html']!.includes('class="dataframe"'));
});

test('Danfo frames from toDataFrame: the text table and HTML with dates in the series zone, no internals', () => {
  const df = toDataFrame(actual());
  const text = inspect(df);
  assert.is(text, toText(toTable(actual())));
  noInternals(text);
  assert.ok(bundle(df)['text/html']!.includes('<th>2024-03-31 03:00:00+02:00</th>'));
  assert.is(inspect([df]), '[ <DataFrame: 3 rows × 2 columns> ]');
  // the hooks are the frame's own, not enumerable, not on Danfo's class
  assert.not.ok(Object.keys(df).some((k) => k.includes('inspect')));
  assert.is(Object.getPrototypeOf(df)[Symbol.for('nodejs.util.inspect.custom')], undefined);
});

test.run();
