import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { DateTime } from 'luxon';
import { Instance, InstanceList, Page, Timeseries } from '../../src/model';
import { noteValueExtent } from '../../src/model/value-extent';
import { toDataFrame, toTable } from '../../src/frame';
import { toText } from '../../src/frame/to-text';
import {
  absolute,
  actual,
  ACTUAL_NAME,
  actualCurve,
  ensemble,
  gasDay,
  ohlcList,
  periods,
  PeriodseriesList,
  Resolution,
  SRMC,
  srmcOptions,
  TimeseriesList,
  UTC,
  WIND_NAME,
  windCurve,
  CET,
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

test("an empty Timeseries whose curve's values were named says where they are", () => {
  const empty = new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), name: 'wind', times: [], values: [] });
  // 2024-11-30T23:00Z is 2024-12-01 00:00 CET (a midnight: the date alone); 2026-11-29T22:00Z is 23:00 CET
  const first = DateTime.fromISO('2024-11-30T23:00:00Z', { zone: 'CET' });
  const last = DateTime.fromISO('2026-11-29T22:00:00Z', { zone: 'CET' });
  noteValueExtent(empty, { first, last });
  assert.is(inspect(empty).split('\n')[1], 'No values in the requested range. Its values run from 2024-12-01 to 2026-11-29 23:00 (CET).');
  assert.ok(bundle(empty)['text/html']!.includes('Its values run from 2024-12-01 to 2026-11-29 23:00 (CET).'));
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

test('InstanceList: the caption over a table of the instances, as text and HTML', () => {
  const issued = (iso: string) => DateTime.fromISO(iso, { zone: UTC });
  const list = new InstanceList(
    [
      new Instance({ issued: issued('2020-10-26T00:00:00Z'), tag: 'ec', scenarios: 51 }),
      new Instance({ issued: issued('2020-10-26T12:00:00Z'), tag: 'gfs' }),
    ],
    windCurve(),
  );
  assert.is(
    inspect(list),
    [
      `InstanceList · "${WIND_NAME}" · 2 instances`,
      '              issued  tag  scenarios',
      '2020-10-26T00:00:00Z   ec         51',
      '2020-10-26T12:00:00Z  gfs',
      '[2 rows × 3 columns]',
    ].join('\n'),
  );
  const html = bundle(list)['text/html']!;
  assert.ok(
    html.startsWith(`<div class="service-display"><p><strong>InstanceList · &quot;${WIND_NAME}&quot; · 2 instances</strong></p>`),
    html,
  );
  assert.ok(html.includes('<thead><tr><th>issued</th><th>tag</th><th>scenarios</th></tr></thead>'), html);
  assert.ok(html.includes('<tr><td>2020-10-26T12:00:00Z</td><td>gfs</td><td></td></tr>'), html);
  assert.ok(html.includes('<p>2 rows × 3 columns</p>'), html);
  assert.is(bundle(list)['text/plain'], inspect(list));
  assert.is(inspect([list]), `[\n  ${list.toString()}\n]`);
  assert.is(inspect(new InstanceList()), 'InstanceList · 0 instances\n(none)');
});

test('Page: the paging facts over a row per item (a curve search: name, type, resolution, unit)', () => {
  const page = new Page([windCurve(), actualCurve()], { page: 2, pageSize: 2, totalItems: 5, lastPage: 3 });
  const text = inspect(page);
  const lines = text.split('\n');
  assert.is(lines[0], 'Page 2 of 3 · 2 of 5 items');
  assert.ok(/^ +name +curve type +data type +resolution +unit$/.test(lines[1]!), lines[1]);
  // text cells are cut at 40 characters, as in every text table
  assert.is(lines[2], 'DE Wind Power Production MWh/h 15min Fo…    INSTANCE   FORECAST   PT15M CET  MWh/h');
  assert.is(lines.at(-1), '[2 rows × 5 columns]');
  const html = bundle(page)['text/html']!;
  assert.ok(html.includes('<strong>Page 2 of 3 · 2 of 5 items</strong>'), html);
  assert.ok(html.includes(`<tr><td>${ACTUAL_NAME}</td><td>TIMESERIES</td><td>ACTUAL</td><td>PT1H CET</td><td>MWh/h</td></tr>`), html);
  // items that are not model objects: a plain object's fields, else the text
  assert.is(
    inspect(new Page([{ tag: 'DE' }, 'x'], { page: 1, pageSize: 2, totalItems: 2, lastPage: 1 })),
    'Page 1 of 1 · 2 of 2 items\ntag  value\n DE\n         x\n[2 rows × 2 columns]',
  );
});

test('a long list shows its head and tail, and the whole shape', () => {
  const issued = (h: number) => DateTime.fromMillis(Date.UTC(2020, 9, 26, h), { zone: UTC });
  const list = new InstanceList(Array.from({ length: 30 }, (_, h) => new Instance({ issued: issued(h % 24), tag: `t${h}` })));
  const lines = inspect(list).split('\n');
  assert.is(lines.length, 1 + 1 + 5 + 1 + 5 + 1);
  assert.is(lines[7]!.trim(), '…    …');
  assert.is(lines.at(-1), '[30 rows × 2 columns]');
  assert.ok(lines.at(-2)!.endsWith('t29'));
});

test('Periodseries: the caption over its periods; PeriodseriesList: a row per member', () => {
  const ps = periods();
  assert.is(
    inspect(ps),
    [
      'Periodseries · "nuclear" · CET · 2 periods',
      '                    begin                        end  value  installed',
      '2020-01-01T00:00:00+01:00  2020-01-02T12:00:00+01:00    100        200',
      '2020-01-02T12:00:00+01:00  2020-01-03T00:00:00+01:00     50        200',
      '[2 rows × 4 columns]',
    ].join('\n'),
  );
  assert.ok(
    bundle(ps)['text/html']!.includes('<td>2020-01-02T12:00:00+01:00</td><td>2020-01-03T00:00:00+01:00</td><td>50</td><td>200</td>'),
  );
  const list = new PeriodseriesList([ps, ps.withName('hydro')]);
  assert.is(
    inspect(list),
    [
      'PeriodseriesList · 2 series',
      '   name  resolution                      begin                        end  count',
      'nuclear    NONE CET  2020-01-01T00:00:00+01:00  2020-01-03T00:00:00+01:00      2',
      '  hydro    NONE CET  2020-01-01T00:00:00+01:00  2020-01-03T00:00:00+01:00      2',
      '[2 rows × 5 columns]',
    ].join('\n'),
  );
  assert.ok(bundle(list)['text/html']!.includes('<th>name</th><th>resolution</th><th>begin</th><th>end</th><th>count</th>'));
  for (const v of [ps, list]) noInternals(inspect(v));
});

test("in Deno's kernel a Danfo frame that ends a cell gives Deno its bundle, and sends nothing itself", async () => {
  const sent: unknown[] = [];
  const g = globalThis as { Deno?: unknown };
  g.Deno = { jupyter: { display: async (b: unknown, o: unknown) => void sent.push([b, o]) } };
  try {
    const df = toDataFrame(actual());
    // Deno asks the frame for the cell's result and sends what it gets as the cell's one output
    const shown = bundle(df);
    assert.ok(shown['text/html']!.includes('<th>2024-03-31 03:00:00+02:00</th>'));
    assert.is(shown['text/plain'], toText(toTable(actual())));
    assert.is(sent.length, 0);
  } finally {
    delete g.Deno;
  }
});

test.run();
