// Every builder's spec is checked against the Vega-Lite v5 JSON schema shipped with vega-lite
// (vega-lite/build/vega-lite-schema.json), with ajv, besides compiling cleanly and rendering.
import * as aq from 'arquero';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  durationCurveChart,
  forecastVintagesChart,
  forwardCurveChart,
  heatmapChart,
  lineChart,
  ohlcChart,
  scenarioFanChart,
  stackedAreaChart,
  type Chart,
} from '../../src/plot';
import { assertRenders, candles, ensemble, forwardDay, hourly, instance, JAN1_CET, outages, windCurve } from './samples';

const schema = require('vega-lite/build/vega-lite-schema.json') as { $schema: string };
const ajv = new Ajv({ allErrors: false, strict: false, validateFormats: false });
const validate = ajv.compile(schema);

const a = hourly(JAN1_CET, 48, (i) => i, { name: 'a' });
const b = hourly(JAN1_CET, 48, (i) => 48 - i, { name: 'b' });
// 2024-10-27 00:00 CEST: the repeated 02:00 hour makes line rows carry their order
const fallBack = hourly(Date.UTC(2024, 9, 26, 22), 6, (i) => i);

const charts: Record<string, () => Chart> = {
  line: () => lineChart([a, b]),
  'line, clocks going back': () => lineChart(fallBack, { step: true }),
  'line from a table': () => lineChart(aq.table({ date: [new Date(0), new Date(3_600_000)], v: [1, 2] })),
  'stacked area': () => stackedAreaChart([a, b]),
  'stacked area, normalized': () => stackedAreaChart([a, b], { normalize: true }),
  'scenario fan': () => scenarioFanChart(ensemble(JAN1_CET, 24, 5, true)),
  'forecast vintages': () =>
    forecastVintagesChart([hourly(JAN1_CET, 24, (i) => i, { curve: windCurve(), instance: instance('2023-12-31T00:00') })], { actual: a }),
  'OHLC candles': () => ohlcChart(candles()),
  'forward curve (OHLC)': () => forwardCurveChart(forwardDay()),
  'forward curve (periods)': () => forwardCurveChart(outages()),
  heatmap: () => heatmapChart(a),
  'duration curve': () => durationCurveChart([a, b]),
};

test("the schema is Vega-Lite's own (draft-07 JSON schema)", () => {
  assert.is(schema.$schema, 'http://json-schema.org/draft-07/schema#');
});

for (const [name, make] of Object.entries(charts)) {
  test(`${name}: valid against the Vega-Lite v5 schema, compiles cleanly, renders SVG and PNG`, async () => {
    const chart = make();
    const ok = validate(JSON.parse(JSON.stringify(chart.spec)));
    assert.ok(ok, JSON.stringify(validate.errors?.slice(0, 3)));
    await assertRenders(chart);
  });
}

test.run();
