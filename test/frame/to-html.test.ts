import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as aq from 'arquero';
import { Timeseries } from '../../src/model';
import { toHtml, toTable } from '../../src/frame';
import { actual, climate, ensemble, Frequency, gasDay, ohlcList, Resolution, UTC, WIND_NAME } from './samples';

const thead = (html: string) => html.slice(html.indexOf('<thead>') + 7, html.indexOf('</thead>'));
const bodyRows = (html: string) => html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>')).split('<tr>').length - 1;

test('runs with TZ=America/New_York (so machine-zone rendering would show)', () => {
  assert.is(process.env.TZ, 'America/New_York');
});

test('a CET series shows CET wall-clock times with offsets across the spring DST change', () => {
  const html = toHtml(toTable(actual()));
  // 2024-03-30T23:00Z = 2024-03-31 00:00+01:00; 00:00Z = 01:00+01:00; 01:00Z = 03:00+02:00 (CEST)
  assert.ok(html.includes('<th>2024-03-31 00:00:00+01:00</th>'));
  assert.ok(html.includes('<th>2024-03-31 01:00:00+01:00</th>'));
  assert.ok(html.includes('<th>2024-03-31 03:00:00+02:00</th>'));
  // New York would show 2024-03-30 19:00-04:00 for the first row
  assert.not.ok(html.includes('19:00'));
  assert.not.ok(html.includes('-04:00'));
  assert.ok(html.includes('times in CET'));
});

test('missing numbers show as NaN', () => {
  const html = toHtml(toTable(actual()));
  assert.ok(html.includes('<td>1</td>'));
  assert.ok(html.includes('<td>NaN</td>'));
});

test('numbers show up to six decimals without trailing zeros; whole numbers as they are', () => {
  const t = aq.table({ v: [7936.083333333333, 1400, 0.1 + 0.2, -2.5, 0.000012345678] });
  const html = toHtml(t);
  assert.ok(html.includes('<td>7936.083333</td>'), html);
  assert.ok(html.includes('<td>1400</td>'));
  assert.ok(html.includes('<td>0.3</td>'));
  assert.ok(html.includes('<td>-2.5</td>'));
  assert.ok(html.includes('<td>0.0000123457</td>')); // six significant digits for tiny values
});

test('multi-level header: one row per level, date spans them, equal neighbours merged', () => {
  const head = thead(toHtml(toTable(ensemble())));
  assert.is(
    head,
    `<tr><th rowspan="3">date</th><th colspan="3">${WIND_NAME}</th></tr>` +
      '<tr><th colspan="3">2020-10-26 00:00 ec-ens</th></tr>' +
      '<tr><th></th><th>e00</th><th>e01</th></tr>',
  );
});

test('single-level header: one header row of the flat names', () => {
  const head = thead(toHtml(toTable(ensemble(), { name: 'wind', singleLevelHeader: true })));
  assert.is(head, '<tr><th rowspan="1">date</th><th>wind</th><th>wind e00</th><th>wind e01</th></tr>');
});

test('scenario series without instance: empty middle level is its own merged row', () => {
  const head = thead(toHtml(toTable(climate())));
  assert.ok(head.includes('<tr><th colspan="2"></th></tr>'));
  assert.ok(head.includes('<th>y1980</th><th>y1981</th>'));
});

test('long tables show the first and last 5 rows and a row of ellipses', () => {
  const times = Array.from({ length: 100 }, (_, i) => i * 3_600_000);
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'x', times, values: times.map((_, i) => i) });
  const html = toHtml(toTable(ts));
  assert.is(bodyRows(html), 11);
  assert.ok(html.includes('1970-01-01 00:00:00+00:00'));
  // row 99 = 99 h after the epoch = 1970-01-05 03:00 UTC
  assert.ok(html.includes('1970-01-05 03:00:00+00:00'));
  assert.not.ok(html.includes('1970-01-03 00:00:00+00:00'));
  assert.ok(html.includes('<td>…</td>'));
  assert.ok(html.includes('100 rows × 2 columns'));
  assert.is(bodyRows(toHtml(toTable(ts), { maxRows: 200 })), 100);
});

test('wide tables show the first and last 10 columns around an ellipsis column', () => {
  const scenarios = Array.from({ length: 30 }, (_, k) => [k]);
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'x', times: [0], scenarios });
  const head = thead(toHtml(toTable(ts, { name: 'x', singleLevelHeader: true })));
  assert.ok(head.includes('<th>x e09</th><th>…</th><th>x e20</th>'));
  assert.not.ok(head.includes('x e10'));
  assert.ok(head.includes('x e29'));
});

test('calendar-date columns (OHLC traded, delivery) show as dates', () => {
  const html = toHtml(toTable(ohlcList()));
  assert.ok(html.includes('<td>2020-01-02</td>'));
  assert.ok(html.includes('<td>2020-02-01</td>'));
  assert.not.ok(html.includes('times in'));
});

test('Europe/Gas_Day series show gas-day wall clock (day starts 06:00 CET)', () => {
  // 2024-01-01T05:00Z = 06:00+01:00 CET = 00:00-05:00 gas-day time
  assert.ok(toHtml(toTable(gasDay())).includes('2024-01-01 00:00:00-05:00'));
});

test('tables made elsewhere: Dates shown in the given zone, default CET', () => {
  const t = aq.table({ when: [new Date(Date.UTC(2024, 0, 1))], a: [1] });
  // 2024-01-01T00:00Z = 01:00+01:00 in CET and Oslo, 00:00+00:00 in UTC
  assert.ok(toHtml(t).includes('2024-01-01 01:00:00+01:00'));
  assert.ok(toHtml(t, { zone: 'Europe/Oslo' }).includes('2024-01-01 01:00:00+01:00'));
  assert.ok(toHtml(t, { zone: 'UTC' }).includes('2024-01-01 00:00:00+00:00'));
  assert.is(thead(toHtml(t)), '<tr><th>when</th><th>a</th></tr>');
});

test('derived tables keep the zone: a filtered CET table still shows CET', () => {
  const t = toTable(actual()).filter(aq.escape((d: { date: Date }) => d.date.getTime() > Date.UTC(2024, 2, 31, 0)));
  const html = toHtml(t);
  assert.is(bodyRows(html), 1);
  assert.ok(html.includes('2024-03-31 03:00:00+02:00'));
});

test('names are escaped', () => {
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: '<b>&', times: [0], values: [1] });
  const html = toHtml(toTable(ts));
  assert.ok(html.includes('&lt;b&gt;&amp;'));
  assert.not.ok(html.includes('<b>&'));
});

test.run();
