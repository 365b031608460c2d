import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Chart, lineChart, VEGALITE_MIME } from '../../src/plot';
import { hourly, JAN1_CET } from './samples';

const DISPLAY = Symbol.for('Jupyter.display');
const chart = (): Chart => lineChart(hourly(JAN1_CET, 24, (i) => i, { name: 'wind' }));

test('isChart is a brand check', () => {
  assert.ok(Chart.isChart(chart()));
  assert.not.ok(Chart.isChart({ spec: {} }));
  assert.not.ok(Chart.isChart(null));
});

test('the chart and its spec are frozen, deeply', () => {
  const c = chart();
  assert.ok(Object.isFrozen(c));
  assert.ok(Object.isFrozen(c.spec));
  assert.ok(Object.isFrozen((c.spec.data as { values: object[] }).values[0]));
  assert.is(Reflect.set(c.spec, 'width', 5), false);
  assert.is(c.spec.width, 720);
});

test('toString, inspect and counts', () => {
  const c = chart();
  assert.is(c.toString(), '<Chart: line, 1 series, 24 points>');
  assert.is(inspect(c), '<Chart: line, 1 series, 24 points>');
  assert.is(c.kind, 'line');
  assert.is(c.series, 1);
  assert.is(c.points, 24);
});

test('toJSON is the Vega-Lite spec', () => {
  const json = JSON.parse(JSON.stringify(chart()));
  assert.is(json.$schema, 'https://vega.github.io/schema/vega-lite/v5.json');
  assert.is(json.data.values.length, 24);
});

test('withSpec changes top-level properties in a copy', async () => {
  const c = chart();
  const wide = c.withSpec({ width: 900, title: 'Wind' });
  assert.is(wide.spec.width, 900);
  assert.is(wide.spec.title, 'Wind');
  assert.is(c.spec.width, 720);
  assert.ok(Chart.isChart(wide));
  assert.ok((await wide.toSVG()).startsWith('<svg'));
});

test('toVega compiles to Vega v5', () => {
  assert.is(chart().toVega().$schema, 'https://vega.github.io/schema/vega/v5.json');
});

test('toSVG is made once per chart', async () => {
  const c = chart();
  assert.ok((await c.toSVG()) === (await c.toSVG()));
});

test('the display bundle: Vega-Lite v5 + HTML + SVG + text by default', () => {
  const c = chart();
  const bundle = (c as unknown as Record<symbol, () => Record<string, unknown>>)[DISPLAY]!();
  assert.equal(Object.keys(bundle), [VEGALITE_MIME, 'text/html', 'image/svg+xml', 'text/plain']);
  assert.is(VEGALITE_MIME, 'application/vnd.vegalite.v5+json');
  assert.ok(bundle[VEGALITE_MIME] === c.spec);
  assert.ok((bundle['image/svg+xml'] as string).startsWith('<svg'));
  assert.is(bundle['text/plain'], '<Chart: line, 1 series, 24 points>');
});

test('the display bundle with PNG fallbacks carries base64 PNG', () => {
  const both = chart().withFallback('both');
  const bundle = (both as unknown as Record<symbol, () => Record<string, unknown>>)[DISPLAY]!();
  assert.equal(Object.keys(bundle), [VEGALITE_MIME, 'text/html', 'image/svg+xml', 'image/png', 'text/plain']);
  const png = Buffer.from(bundle['image/png'] as string, 'base64');
  assert.equal(Array.from(png.subarray(1, 4)), [0x50, 0x4e, 0x47]);
  const pngOnly = (
    lineChart(
      hourly(JAN1_CET, 3, (i) => i),
      { fallback: 'png' },
    ) as unknown as Record<symbol, () => Record<string, unknown>>
  )[DISPLAY]!();
  assert.equal(Object.keys(pngOnly), [VEGALITE_MIME, 'text/html', 'image/png', 'text/plain']);
});

test('a chart whose SVG cannot be made still displays, interactive only, and says why (text, HTML, stderr)', () => {
  const c = chart().withSpec({ data: { url: 'data/nosuch.csv' } });
  const said: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => said.push(args.join(' '));
  let bundle: Record<string, unknown>;
  try {
    bundle = (c as unknown as Record<symbol, () => Record<string, unknown>>)[DISPLAY]!();
  } finally {
    console.error = error;
  }
  assert.equal(Object.keys(bundle), [VEGALITE_MIME, 'text/html', 'text/plain']);
  assert.ok(bundle[VEGALITE_MIME] === c.spec);
  assert.match(bundle['text/plain'] as string, /^<Chart: line, 1 series, 24 points>: no static image \(.*data\/nosuch\.csv.*\)$/);
  const html = bundle['text/html'] as string;
  assert.match(html, /<p class="service-chart-output-static">&lt;Chart: line, 1 series, 24 points&gt;: no static image \(/);
  assert.not.match(html, /<img /);
  assert.ok(html.includes('window.vegaEmbed(view, spec'), 'still drawn where scripts run');
  assert.is(said.length, 1);
  assert.ok(said[0]!.startsWith(`${bundle['text/plain'] as string}; `), said[0]);
});

test('constructor checks its input', async () => {
  assert.throws(
    () => new Chart({ kind: 'x', spec: null as never }),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => new Chart({ kind: 'x', spec: {}, fallback: 'gif' as never }),
    (e: unknown) => e instanceof ValueError,
  );
  const plain = new Chart({
    kind: 'custom',
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      mark: 'point',
      data: { values: [{ a: 1 }] },
      encoding: { x: { field: 'a', type: 'quantitative' } },
    },
  });
  assert.is(plain.toString(), '<Chart: custom, 1 series, 0 points>');
  assert.ok((await plain.toSVG()).includes('<svg'));
});

test('toPNG gives PNG bytes at the requested zoom', async () => {
  const c = chart();
  const one = await c.toPNG({ scale: 1 });
  const two = await c.toPNG();
  const size = (png: Uint8Array): number => new DataView(png.buffer, png.byteOffset).getUint32(16);
  assert.equal(Array.from(one.subarray(0, 4)), [0x89, 0x50, 0x4e, 0x47]);
  assert.is(size(two), 2 * size(one));
});

test.run();
