import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ProblemList, readCsv } from '../../../server/src/import';

const W = 'DE Wind Power Production MWh/h H Actual';

test('the header decides the kind; rows of one curve (and instance) form one block with their lines', () => {
  const problems = new ProblemList();
  const doc = readCsv(
    'f.csv',
    `Curve,DATE,Issued,Tag,Value,Scenario:e00\n${W},2024-01-01 00:00,2024-01-01T00:00Z,EC,1,2\n${W},2024-01-01 01:00,2024-01-01T00:00Z,ec,3,\nX,2024-01-01,,,5,6\n`,
    problems,
  );
  assert.equal(problems.items, []);
  assert.equal(
    doc.series.map((s) => [s.curve, s.instance?.tag ?? null, s.at.line, s.points.map((p) => p.line)]),
    [
      [W, 'EC', 2, [2, 3]],
      ['X', null, 4, [4]],
    ],
  );
  assert.equal(doc.series[0]!.scenarioNames, ['e00']);
  assert.ok(Number.isNaN(doc.series[0]!.points[1]!.scenarios[0]));
  const periods = readCsv('p.csv', 'curve,begin,end,value,capacity\nR,2024-01-01,2024-01-02,5,\n', problems);
  assert.equal(
    periods.periods[0]!.periods.map((p) => [p.begin, p.end, p.value]),
    [['2024-01-01', '2024-01-02', 5]],
  );
  assert.ok(periods.periods[0]!.hasCapacity);
  const ohlc = readCsv('o.csv', 'curve,traded,period,delivery,settlement\nF,2024-01-02,month,2024-02-01,81.5\n', problems);
  assert.is(ohlc.ohlc[0]!.rows[0]!.settlement, 81.5);
  assert.ok(Number.isNaN(ohlc.ohlc[0]!.rows[0]!.open), 'columns left out are missing values');
  const curves = readCsv('c.csv', 'name,curve_type,data_type,frequency,timezone,unit\nN,TIMESERIES,ACTUAL,PT1H,CET,MW\n', problems);
  assert.equal(curves.curves[0], {
    at: { file: 'c.csv', line: 2 },
    fields: { name: 'N', curve_type: 'TIMESERIES', data_type: 'ACTUAL', frequency: 'PT1H', timezone: 'CET', unit: 'MW' },
    lines: {},
  });
  assert.equal(problems.items, []);
});

test('header problems stop the file; row problems name line and column', () => {
  const problems = new ProblemList();
  assert.equal(readCsv('a.csv', 'curve,date,value,value\nX,1,2,3\n', problems).series, []);
  assert.equal(
    problems.items.map((p) => [p.line, p.field, p.message]),
    [[1, 'value', 'the column appears twice']],
  );
  const more = new ProblemList();
  readCsv('b.csv', 'curve,date,value\n,2024-01-01,1\nX,2024-01-01,abc\n', more);
  assert.equal(
    more.items.map((p) => `${p.line} ${p.field}: ${p.message}`),
    ['2 curve: the curve name is empty', '3 value: not a number: "abc"'],
  );
  const empty = new ProblemList();
  readCsv('e.csv', '\n# only a comment\n', empty);
  assert.equal(
    empty.items.map((p) => p.message),
    ['the file has no header row'],
  );
});

test.run();
