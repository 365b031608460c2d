import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ProblemList, readJson } from '../../../server/src/import';

test('series, periods and OHLC lists with the lines of their items; a curve object is also a definition', () => {
  const text = `{
  "timeseries": [{
    "curve": {"name": "C", "curve_type": "SCENARIO_TIMESERIES", "resolution": {"frequency": "P1D", "timezone": "CET"}, "place": {"key": "pp-1"}, "subscription": null},
    "data": [
      {"d": "2024-01-01", "s": [1, null]},
      {"d": "2024-01-02", "s": [3, 4]}
    ]
  }],
  "periodseries": [{"curve": "P", "instance": {"issued": "2024-01-01T10:00:00Z", "tag": null}, "data": [{"begin": "2024-01-01", "end": "2024-01-02", "v": null}]}],
  "ohlc": [{"curve": "O", "data": [{"product": {"traded_at": "2024-01-02", "period": "day", "delivery": "2024-01-03"}, "settlement": 5}]}]
}`;
  const problems = new ProblemList();
  const doc = readJson('a.json', text, problems);
  assert.equal(problems.items, []);
  const [s] = doc.series;
  assert.equal([s!.curve, s!.hasValue, s!.scenarioNames, s!.points.map((p) => p.line)], ['C', false, ['e00', 'e01'], [5, 6]]);
  assert.ok(Number.isNaN(s!.points[0]!.scenarios[1]));
  assert.equal(doc.curves[0]!.fields, {
    name: 'C',
    curve_type: 'SCENARIO_TIMESERIES',
    frequency: 'P1D',
    timezone: 'CET',
    place_key: 'pp-1',
  });
  assert.equal([doc.curves[0]!.at.line, doc.curves[0]!.lines.frequency], [3, 3]);
  assert.equal(doc.periods[0]!.instance, { issued: '2024-01-01T10:00:00Z', tag: '', created: null });
  assert.is(doc.ohlc[0]!.rows[0]!.period, 'day');
});

test('wrong shapes are problems with lines', () => {
  const problems = new ProblemList();
  readJson('b.json', '{\n "timeseries": {},\n "series": []\n}', problems);
  assert.equal(
    problems.items.map((p) => `${p.line} ${p.field}: ${p.message}`),
    ['3 series: unknown member of the import file', '2 timeseries: expected a list of timeseries objects'],
  );
  const top = new ProblemList();
  readJson('c.json', '[1]', top);
  assert.match(top.items[0]!.message, /expected a JSON object/);
  const curve = new ProblemList();
  readJson('d.json', '{"timeseries": [{"data": []}], "ohlc": [{"curve": "O", "data": [{"settlement": 1}]}]}', curve);
  assert.equal(
    curve.items.map((p) => p.message),
    ["a timeseries object needs its curve: a curve object or the curve's name", 'expected an OHLC row with a product'],
  );
});

test.run();
