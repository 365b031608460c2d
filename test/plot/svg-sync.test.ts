// The synchronous SVG of notebook display: renderSvg run in a worker thread while the caller
// waits; the same SVG as the asynchronous API, the same errors, and a worker that does not keep
// the process alive (this file ends although workers were started). The protocol's failures are
// played by a stand-in worker (fixtures/svg-stand-in.ts): a worker still starting, one that
// never answers, one that ends while drawing or between two charts, whose `exit` event the
// blocked thread cannot hear.
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { renderSvgSync, SvgRenderer } from '../../src/plot/svg-sync';
import { renderSvg } from '../../src/plot/vega-runtime';
import { POINTS_SPEC } from './samples';

const points = POINTS_SPEC;
const STAND_IN = join(__dirname, 'fixtures', 'svg-stand-in.ts');

/** Blocks this thread as a notebook cell does between two displays (no event loop turn). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const failsWith = (run: () => unknown, pattern: RegExp): void =>
  assert.throws(run, (e: unknown) => e instanceof ValueError && pattern.test((e as Error).message));

test('renderSvgSync (notebook display) gives the same SVG as renderSvg, and its errors as ValueError', async () => {
  assert.is(renderSvgSync(points), await renderSvg(points));
  failsWith(() => renderSvgSync({ ...points, data: { url: 'data/nosuch.csv' } }), /data\/nosuch\.csv/);
});

test('renderSvgSync serves one request after another from the same worker', () => {
  const first = renderSvgSync(points);
  const second = renderSvgSync({ ...points, width: 300 });
  assert.ok(first.startsWith('<svg') && second.startsWith('<svg'));
  assert.is.not(first, second);
});

test('a request posted while the worker is still starting is answered', () => {
  const renderer = new SvgRenderer({ file: STAND_IN });
  assert.is(renderer.render({ label: 'first' }), '<svg>first</svg>');
  assert.is(renderer.render({ label: 'second' }), '<svg>second</svg>');
});

test('a request not answered in time fails naming the limit; the next gets its own answer from a new worker', () => {
  const renderer = new SvgRenderer({ file: STAND_IN, timeoutMs: 4000 });
  assert.is(renderer.render({ label: 'warm' }), '<svg>warm</svg>');
  failsWith(() => renderer.render({ label: 'lost', hang: true }), /^The chart was not rendered within 4 s$/);
  assert.is(renderer.render({ label: 'next' }), '<svg>next</svg>');
});

test('a worker that ends while drawing fails that request (not at the time limit); the next starts a new one', () => {
  // With a limit of ten minutes, a wait for the limit would outlast the test file's time.
  const renderer = new SvgRenderer({ file: STAND_IN, timeoutMs: 600_000 });
  failsWith(() => renderer.render({ end: 'taking' }), /worker thread stopped while drawing it/);
  assert.is(renderer.render({ label: 'after exit' }), '<svg>after exit</svg>');
  failsWith(() => renderer.render({ end: 'throwing' }), /worker thread stopped while drawing it/);
  assert.is(renderer.render({ label: 'after a throw' }), '<svg>after a throw</svg>');
});

test('a worker that ended between two charts of one cell is replaced, the request sent again', () => {
  const renderer = new SvgRenderer({ file: STAND_IN, timeoutMs: 600_000 });
  assert.is(renderer.render({ label: 'one', end: 'after' }), '<svg>one</svg>');
  sleepSync(500); // the worker ends meanwhile; this thread's event loop never hears of it
  assert.is(renderer.render({ label: 'two' }), '<svg>two</svg>');
});

test.run();
