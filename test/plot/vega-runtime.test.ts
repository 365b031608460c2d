import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { compileSpec, renderPng, renderSvg } from '../../src/plot/vega-runtime';
import { POINTS_SPEC } from './samples';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';
const points = POINTS_SPEC;

test('compileSpec gives a Vega v5 spec and no warnings for a clean spec', () => {
  const { spec, warnings } = compileSpec(points);
  assert.is(spec.$schema, 'https://vega.github.io/schema/vega/v5.json');
  assert.equal(warnings, []);
});

test('compileSpec collects warnings instead of printing them', () => {
  const { warnings } = compileSpec({
    ...points,
    encoding: { ...points.encoding, x: { field: 'a', type: 'quantitative', formatType: 'nosuch' } },
  });
  assert.ok(warnings.length > 0);
});

test('compileSpec throws ValueError for a spec Vega-Lite cannot compile', () => {
  assert.throws(
    () => compileSpec({ $schema: SCHEMA, data: { values: [] }, mark: 'nosuchmark' }),
    (e: unknown) => e instanceof ValueError,
  );
});

test('renderSvg gives an SVG sized like the spec and leaves the spec data untouched', async () => {
  const spec = structuredClone(points);
  const svg = await renderSvg(spec);
  assert.ok(svg.startsWith('<svg'));
  // the plot area is 200 x 100; with axes the SVG is larger
  const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
  assert.ok(width > 200 && width < 300, `width ${width}`);
  assert.equal(spec.data.values[0], { a: 1, b: 2 });
  assert.equal(Object.getOwnPropertySymbols(spec.data.values[0]), []);
});

test("renderSvg is Vega's own view.toSVG() of the compiled spec", async () => {
  const vega = require('vega');
  const vl = require('vega-lite');
  const view = new vega.View(vega.parse(vl.compile(structuredClone(points)).spec), { renderer: 'none' });
  const expected: string = await view.toSVG();
  view.finalize();
  assert.is(await renderSvg(points), expected);
});

test('renderSvg works on frozen specs', async () => {
  const frozen = Object.freeze({
    ...points,
    data: Object.freeze({ values: Object.freeze(points.data.values.map((r) => Object.freeze({ ...r }))) }),
  });
  assert.ok((await renderSvg(frozen)).startsWith('<svg'));
});

test('renderSvg refuses data by URL (no network, no files) with a ValueError naming it', async () => {
  const remote = { ...points, data: { url: 'https://example.invalid/data.json' } };
  try {
    await renderSvg(remote);
    assert.unreachable('rendered a chart with remote data');
  } catch (err) {
    assert.ok(err instanceof ValueError, String(err));
    assert.match((err as Error).message, 'https://example.invalid/data.json');
  }
});

test('renderPng gives PNG bytes, scaled', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><rect width="10" height="5" fill="red"/></svg>';
  const png = renderPng(svg, { scale: 3 });
  assert.equal(Array.from(png.subarray(0, 8)), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // IHDR: width and height are big-endian at bytes 16..23: 30 x 15
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  assert.equal([view.getUint32(16), view.getUint32(20)], [30, 15]);
});

test('renderPng draws text with the system fonts', () => {
  const blank = renderPng('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"></svg>', { scale: 1 });
  const text = renderPng(
    '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><text x="2" y="15" font-family="sans-serif" font-size="12">2024</text></svg>',
    { scale: 1 },
  );
  assert.ok(text.length > blank.length + 50, `${text.length} vs ${blank.length} bytes`);
});

test('renderPng rejects a bad scale', () => {
  for (const scale of [0, -1, NaN, Infinity]) {
    assert.throws(
      () => renderPng('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', { scale }),
      (e: unknown) => e instanceof ValueError,
    );
  }
});

test.run();
