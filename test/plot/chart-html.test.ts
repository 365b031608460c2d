// A chart's notebook HTML (src/plot/chart-html.ts): the static image first (what shows when
// scripts do not run), the spec, a script that draws it with Vega-Embed, and the browser builds of
// vega, vega-lite and vega-embed in the first chart of the process only, never a network address.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMBED_OPTIONS, embedLibraries } from '../../src/plot/chart-html';
import { lineChart, mimeBundle } from '../../src/plot';
import { hourly, JAN1_CET } from './samples';

const html = (): string => mimeBundle(lineChart(hourly(JAN1_CET, 24, (i) => i, { name: 'wind' })))['text/html'] as string;

test('the libraries come in the first chart only, each defining its global where it is missing', () => {
  const first = html();
  const second = html();
  for (const pkg of ['vega', 'vega-lite', 'vega-embed']) {
    assert.is(first.split(`data-package="${pkg}"`).length, 2, `${pkg} once in the first chart`);
    assert.not.ok(second.includes(`data-package="${pkg}"`), `${pkg} not in the second chart`);
  }
  assert.match(first, /if \(typeof window\.vegaEmbed === 'undefined'\) \(function \(define, exports, module\) \{/);
  assert.ok(second.length < 200_000, `${second.length} characters without the libraries`);
  assert.ok(embedLibraries()?.startsWith('<script data-package="vega">'));
});

test('the static SVG comes first, as an image (kept when scripts do not run), then the spec and the drawing script', () => {
  const out = html();
  const img = /<img class="service-chart-output-static" alt="([^"]*)" src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)">/.exec(out);
  assert.ok(img, out.slice(0, 400));
  assert.is(img?.[1], '&lt;Chart: line, 1 series, 24 points&gt;');
  assert.ok(
    Buffer.from(img?.[2] ?? '', 'base64')
      .toString('utf8')
      .startsWith('<svg'),
  );
  const spec = /<script type="application\/json" class="service-chart-output-spec">(.*?)<\/script>/s.exec(out)?.[1] ?? '';
  assert.is((JSON.parse(spec) as { $schema: string }).$schema, 'https://vega.github.io/schema/vega-lite/v5.json');
  assert.ok(out.indexOf('<img') < out.indexOf('window.vegaEmbed(view, spec'), 'image before the script');
  assert.ok(out.includes(JSON.stringify(EMBED_OPTIONS)));
  const id = /<div class="service-chart-output" id="(service-chart-[0-9a-f-]{36})">/.exec(out)?.[1];
  assert.ok(id !== undefined && out.includes(`document.getElementById(${JSON.stringify(id)})`));
  assert.not.match(out, /\bsrc="https?:|\bhref="https?:/);
});

test('a PNG-only chart falls back to its PNG', () => {
  const out = mimeBundle(
    lineChart(
      hourly(JAN1_CET, 3, (i) => i),
      { fallback: 'png' },
    ),
  )['text/html'] as string;
  assert.match(out, /<img class="service-chart-output-static" alt="[^"]*" src="data:image\/png;base64,iVBOR/);
});

test.run();
