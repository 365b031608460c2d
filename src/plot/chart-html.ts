/**
 * A chart as notebook HTML that any front-end running scripts (the classic Notebook, JupyterLab,
 * VS Code) draws with Vega-Embed, tooltips and zoom/pan on time as in the reports: the static
 * image first (what shows when scripts do not run: an untrusted notebook, an HTML export without
 * scripts), then a script that draws the chart in its place. The browser builds of vega,
 * vega-lite and vega-embed come from the installed packages, inlined into the first chart of a
 * kernel session only (they define `window.vega`, `vegaLite` and `vegaEmbed`, hidden from the
 * page's RequireJS); nothing is fetched from the network. The report pages inline the same
 * builds (scripts/jupyter/chart-runtime.mjs reads {@link embedLibraries}).
 *
 * @module
 */
import { escapeHtml } from '../model/display';
import type { VegaLiteSpec } from './vega-runtime';

/** The packages drawn in the browser and the file of each one's browser build (beside its main file). */
const LIBRARIES: readonly (readonly [pkg: string, file: string])[] = [
  ['vega', 'vega.min.js'],
  ['vega-lite', 'vega-lite.min.js'],
  ['vega-embed', 'vega-embed.min.js'],
];

/** Vega-Embed's options in notebooks and reports: SVG renderer, the export menu only. */
export const EMBED_OPTIONS = { renderer: 'svg', actions: { export: true, source: false, compiled: false, editor: false } } as const;

let libraries: string | null | undefined;
let librariesShown = false;

/**
 * The browser builds of vega, vega-lite and vega-embed, each in a `<script>` (source-map comments
 * dropped, `</script` escaped), that define the globals only where they are not defined yet and
 * hide an AMD `define` (the classic Notebook has RequireJS) so they land on `window`.
 *
 * @returns The script tags, or null when a package cannot be found (not installed, or no file
 *   system: a browser bundle).
 * @example
 * embedLibraries()?.includes('data-package="vega-embed"') //=> true
 */
export function embedLibraries(): string | null {
  if (libraries !== undefined) return libraries;
  const fs = (globalThis as { process?: NodeJS.Process }).process?.getBuiltinModule?.('node:fs');
  const path = (globalThis as { process?: NodeJS.Process }).process?.getBuiltinModule?.('node:path');
  try {
    if (!fs || !path || typeof require !== 'function') throw new Error('no file system');
    libraries = LIBRARIES.map(([pkg, file]) => {
      const code = fs
        .readFileSync(path.join(path.dirname(require.resolve(pkg)), file), 'utf8')
        .replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '')
        .replace(/<\/script/gi, '<\\/script');
      const global = pkg === 'vega-lite' ? 'vegaLite' : pkg === 'vega-embed' ? 'vegaEmbed' : 'vega';
      return `<script data-package="${pkg}">if (typeof window.${global} === 'undefined') (function (define, exports, module) {\n${code}\n}).call(window);</script>`;
    }).join('\n');
  } catch {
    libraries = null;
  }
  return libraries;
}

/** What draws one chart: waits until its block is in the document (a front-end may run the script first), then embeds. */
function drawScript(id: string): string {
  return `<script>(function () {
  var tries = 0;
  function draw() {
    var root = document.getElementById(${JSON.stringify(id)});
    if (!root || typeof window.vegaEmbed !== 'function') {
      if (tries++ < 100) setTimeout(draw, 50);
      return;
    }
    var view = root.querySelector('.service-chart-output-view');
    var spec = JSON.parse(root.querySelector('.service-chart-output-spec').textContent);
    window.vegaEmbed(view, spec, ${JSON.stringify(EMBED_OPTIONS)}).then(function () {
      var still = root.querySelector('.service-chart-output-static');
      if (still) still.remove();
      root.setAttribute('data-rendered', 'true');
    }, function (err) {
      root.setAttribute('data-rendered', 'failed');
      console.error('service chart:', err);
    });
  }
  draw();
})();</script>`;
}

/**
 * The notebook HTML of a chart: its static image, its spec, and the script that draws it with
 * Vega-Embed (with the libraries before it the first time in this process).
 *
 * @param spec - The Vega-Lite spec.
 * @param image - The static image: `image/svg+xml` text or `image/png` base64; none when it could
 *   not be made.
 * @param alt - The image's text alternative.
 * @param missing - Why there is no image (shown in its place until the chart is drawn).
 * @returns The HTML, or null when the browser builds are not installed (the bundle's other types
 *   then carry the chart).
 * @example
 * chartHtml(lineChart(ts).spec, { 'image/svg+xml': svg }, 'line chart')?.includes('<img') //=> true
 */
export function chartHtml(
  spec: VegaLiteSpec,
  image: { 'image/svg+xml'?: string; 'image/png'?: string },
  alt: string,
  missing: string | null = null,
): string | null {
  const libs = embedLibraries();
  if (libs === null) return null;
  const svg = image['image/svg+xml'];
  const png = image['image/png'];
  const src =
    svg !== undefined
      ? `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`
      : png !== undefined
        ? `data:image/png;base64,${png}`
        : null;
  const still =
    src !== null
      ? `<img class="service-chart-output-static" alt="${escapeHtml(alt)}" src="${src}">`
      : `<p class="service-chart-output-static">${escapeHtml(`${alt}: ${missing ?? 'no static image'}`)}</p>`;
  const id = `service-chart-${globalThis.crypto.randomUUID()}`;
  const json = JSON.stringify(spec).replace(/</g, '\\u003c');
  const first = librariesShown ? '' : `${libs}\n`;
  librariesShown = true;
  return (
    `<div class="service-chart-output" id="${id}">` +
    still +
    `<div class="service-chart-output-view"></div>` +
    `<script type="application/json" class="service-chart-output-spec">${json}</script>\n` +
    `${first}${drawScript(id)}</div>`
  );
}
