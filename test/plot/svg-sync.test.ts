// The synchronous SVG of notebook display: renderSvg run in a worker thread while the caller
// waits; the same SVG as the asynchronous API, the same errors, and a worker that does not keep
// the process alive (this file ends although the worker was started).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { renderSvgSync } from '../../src/plot/svg-sync';
import { renderSvg } from '../../src/plot/vega-runtime';
import { POINTS_SPEC } from './samples';

const points = POINTS_SPEC;

test('renderSvgSync (notebook display) gives the same SVG as renderSvg, and its errors as ValueError', async () => {
  assert.is(renderSvgSync(points), await renderSvg(points));
  assert.throws(
    () => renderSvgSync({ ...points, data: { url: 'data/nosuch.csv' } }),
    (e: unknown) => e instanceof ValueError && /data\/nosuch\.csv/.test((e as Error).message),
  );
});

test('renderSvgSync serves one request after another from the same worker', () => {
  const first = renderSvgSync(points);
  const second = renderSvgSync({ ...points, width: 300 });
  assert.ok(first.startsWith('<svg') && second.startsWith('<svg'));
  assert.is.not(first, second);
});

test.run();
