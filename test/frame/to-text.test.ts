import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as aq from 'arquero';
import { Timeseries } from '../../src/model';
import { toTable } from '../../src/frame';
import { toText } from '../../src/frame/to-text';
import { actual, climate, ensemble, Frequency, Resolution, UTC } from './samples';

test('runs with TZ=America/New_York (so machine-zone rendering would show)', () => {
  assert.is(process.env.TZ, 'America/New_York');
});

test('a CET series: CET wall-clock times with offsets across the spring change, NaN for a gap, the shape and zone', () => {
  // 2024-03-30T23:00Z = 00:00+01:00; 00:00Z = 01:00+01:00; 01:00Z = 03:00+02:00 (CEST)
  assert.is(
    toText(toTable(actual())),
    [
      'date                       DE Consumption MWh/h H Actual',
      '2024-03-31 00:00:00+01:00                              1',
      '2024-03-31 01:00:00+01:00                            NaN',
      '2024-03-31 03:00:00+02:00                              3',
      '[3 rows × 2 columns · times in CET]',
    ].join('\n'),
  );
});

test('multi-level header: one line per level with text, a spanning label written once over its columns', () => {
  const lines = toText(toTable(ensemble())).split('\n');
  assert.is(lines.length, 6);
  assert.ok(lines[0]!.startsWith('date                       DE Wind Power Production MWh/h 15min Fo…'), lines[0]);
  assert.is(lines[1]!.trim(), '2020-10-26 00:00 ec-ens');
  assert.equal(lines[2]!.trim().split(/\s+/), ['e00', 'e01']);
  assert.equal(lines[3]!.split(/\s+/), ['2020-10-26', '01:00:00+01:00', '4249.56', '4230.24', '4200.12']);
  assert.equal(lines[4]!.split(/\s+/), ['2020-10-26', '02:00:00+01:00', '5150.15', '5438.17', 'NaN']);
  assert.is(lines[5], '[2 rows × 4 columns · times in CET]');
  // the empty instance level of a climate series is left out: curve line, scenario line
  const climateLines = toText(toTable(climate())).split('\n');
  assert.equal(climateLines[1]!.trim().split(/\s+/), ['y1980', 'y1981']);
  assert.is(climateLines.at(-1), '[1 row × 3 columns · times in CET]');
});

test('long tables: first and last five rows around a line of …; wide tables: first and last four columns', () => {
  const times = Array.from({ length: 100 }, (_, i) => i * 3_600_000);
  const scenarios = Array.from({ length: 12 }, (_, k) => times.map((_, i) => i * 100 + k));
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'x', times, scenarios });
  const lines = toText(toTable(ts, { singleLevelHeader: true })).split('\n');
  assert.is(lines.length, 1 + 5 + 1 + 5 + 1);
  assert.ok(lines[1]!.startsWith('1970-01-01 00:00:00+00:00'));
  assert.is(lines[6]!.split(/\s+/).filter((c) => c === '…').length, lines[6]!.split(/\s+/).length);
  // row 99 = 99 h after the epoch = 1970-01-05 03:00 UTC; its scenarios 9900..9911
  assert.ok(lines[11]!.startsWith('1970-01-05 03:00:00+00:00'), lines[11]);
  assert.equal(lines[11]!.split(/\s+/).slice(2), ['9900', '9901', '9902', '9903', '…', '9908', '9909', '9910', '9911']);
  assert.is(lines[12], '[100 rows × 13 columns · times in UTC]');
});

test('a table made elsewhere: plain columns, no zone in the shape line', () => {
  assert.is(toText(aq.table({ a: [1, 2.5], b: ['x', 'y'] })), '  a  b\n  1  x\n2.5  y\n[2 rows × 2 columns]');
});
test.run();
