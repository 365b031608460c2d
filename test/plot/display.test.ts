import * as aq from 'arquero';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TimeseriesList } from '../../src/model';
import { display, lineChart, mimeBundle, registerTableHtml, VEGALITE_MIME } from '../../src/plot';
import { candles, hourly, instance, JAN1_CET, windCurve } from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

const keys = (x: unknown): string[] => Object.keys(mimeBundle(x)).sort();

test('a chart: Vega-Lite v5, HTML drawn by Vega-Embed, SVG fallback and text', () => {
  const chart = lineChart(hourly(JAN1_CET, 3, (i) => i));
  const bundle = mimeBundle(chart);
  assert.equal(Object.keys(bundle), [VEGALITE_MIME, 'text/html', 'image/svg+xml', 'text/plain']);
  assert.ok(bundle[VEGALITE_MIME] === chart.spec);
  assert.equal(keys(chart.withFallback('both')), [VEGALITE_MIME, 'image/png', 'image/svg+xml', 'text/html', 'text/plain'].sort());
});

test('a series, curve, instance and lists: their compact HTML summary and text', () => {
  const ts = hourly(JAN1_CET, 3, (i) => i, { curve: windCurve() });
  for (const x of [ts, windCurve(), instance('2024-01-01T00:00'), new TimeseriesList([ts]), candles()]) {
    assert.equal(keys(x), ['text/html', 'text/plain']);
  }
  const bundle = mimeBundle(ts);
  assert.ok((bundle['text/html'] as string).includes('PT1H'));
  assert.ok((bundle['text/plain'] as string).startsWith('<Timeseries:'));
});

test('an Arquero table: HTML and a one-line text', () => {
  const bundle = mimeBundle(aq.table({ date: [new Date(0)], wind: [1] }), { zone: 'CET' });
  assert.equal(Object.keys(bundle), ['text/html', 'text/plain']);
  // 1970-01-01T00:00Z = 01:00 CET
  assert.ok((bundle['text/html'] as string).includes('1970-01-01 01:00:00+01:00'));
  assert.is(bundle['text/plain'], '<Table: 1 rows × 2 columns: date, wind>');
});

test('a table uses the registered multi-level renderer when there is one', () => {
  const before = registerTableHtml(() => '<table class="levels"></table>');
  try {
    assert.is(mimeBundle(aq.table({ a: [1] }))['text/html'], '<table class="levels"></table>');
  } finally {
    registerTableHtml(before);
  }
});

test('anything else: text only', () => {
  assert.equal(mimeBundle('hello'), { 'text/plain': 'hello' });
  assert.equal(mimeBundle(5), { 'text/plain': '5' });
  assert.equal(mimeBundle({ a: 1 }), { 'text/plain': '{ a: 1 }' });
  assert.equal(mimeBundle(null), { 'text/plain': 'null' });
  // a display hook that returns a promise is not a bundle
  const asyncHook = { [Symbol.for('Jupyter.display')]: async () => ({ 'text/html': 'x' }), toString: () => 'async thing' };
  assert.equal(Object.keys(mimeBundle(asyncHook)), ['text/plain']);
  // a hook without text/plain gets one
  const htmlOnly = { [Symbol.for('Jupyter.display')]: () => ({ 'text/html': '<b>x</b>' }) };
  assert.equal(Object.keys(mimeBundle(htmlOnly)), ['text/html', 'text/plain']);
});

test('display in tslab sends the bundle as one output and returns nothing', () => {
  const jupyter = require('tslab/dist/jupyter') as { lastWriteDisplayData: unknown };
  const sent: { data: Record<string, unknown> }[] = [];
  jupyter.lastWriteDisplayData = (message: { data: Record<string, unknown> }) => sent.push(message);
  try {
    const chart = lineChart(hourly(JAN1_CET, 3, (i) => i));
    assert.is(display(chart), undefined);
    assert.is(display(aq.table({ a: [1] })), undefined);
    assert.is(display(windCurve()), undefined);
    assert.equal(
      sent.map((m) => Object.keys(m.data)),
      [
        [VEGALITE_MIME, 'text/html', 'image/svg+xml', 'text/plain'],
        ['text/html', 'text/plain'],
        ['text/plain', 'text/html'],
      ],
    );
  } finally {
    jupyter.lastWriteDisplayData = null;
  }
});

test('display outside a notebook prints the text, without rendering the chart', () => {
  const lines: unknown[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => void lines.push(...args);
  const chart = lineChart(hourly(JAN1_CET, 3, (i) => i));
  let rendered = false;
  const spy = Object.create(chart, {
    toSVG: {
      value: () => {
        rendered = true;
        return '<svg/>';
      },
    },
  });
  try {
    display(spy);
    display(windCurve());
  } finally {
    console.log = original;
  }
  assert.is(rendered, false);
  assert.equal(lines, ['<Chart: line, 1 series, 3 points>', windCurve().toString()]);
});

test.run();
