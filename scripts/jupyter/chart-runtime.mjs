// Interactive charts in report pages. The report template (templates/report) writes each chart as
// a `service-chart` block: its Vega-Lite spec as JSON and its static SVG inside <noscript>. This
// module inlines the browser builds of vega, vega-lite and vega-embed into the page (from
// node_modules, as notebooks do: src/plot/chart-html.ts; the page loads nothing from the network) and a few lines that hand every block's
// spec to Vega-Embed, so the charts get their tooltips and zoom/pan (the plot builders put both in
// the spec). A block gets `data-rendered="true"` once drawn, or shows why it could not be.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The inlined packages (their builds and Vega-Embed's options come from the client, dist/plot/chart-html.js). */
const BUNDLES = [
  ['vega', require.resolve('vega')],
  ['vega-lite', require.resolve('vega-lite')],
  ['vega-embed', require.resolve('vega-embed')],
];

/** What runs in the page: Vega-Embed on every chart block, with the notebooks' options. */
const embed = (options) => `
(function () {
  var options = ${JSON.stringify(options)};
  document.querySelectorAll('.service-chart').forEach(function (chart) {
    var view = chart.querySelector('.service-chart-view');
    var spec = JSON.parse(chart.querySelector('.service-chart-spec').textContent);
    vegaEmbed(view, spec, options).then(function () {
      chart.setAttribute('data-rendered', 'true');
    }, function (err) {
      chart.setAttribute('data-rendered', 'failed');
      view.textContent = 'This chart could not be drawn: ' + err.message;
      console.error('service-chart:', err);
    });
  });
})();
`;

let scripts = null;

/**
 * The inlined scripts: the three builds, as notebooks inline them (chart-html.ts's
 * embedLibraries), and the embedding code.
 * @returns {string}
 */
function runtimeScripts() {
  if (scripts === null) {
    const { EMBED_OPTIONS, embedLibraries } = require(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'plot', 'chart-html.js'));
    const libraries = embedLibraries();
    if (libraries === null) throw new Error('chart-runtime: the browser builds of vega, vega-lite and vega-embed were not found');
    scripts = `${libraries}\n<script>${embed(EMBED_OPTIONS)}</script>\n`;
  }
  return scripts;
}

/**
 * The versions of the inlined packages, for the provenance record.
 * @returns {Record<string, string>}
 */
export function chartRuntimeVersions() {
  return Object.fromEntries(BUNDLES.map(([pkg, main]) => [pkg, JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')).version]));
}

/**
 * The report page with the chart runtime inlined before `</body>`; a page without charts is
 * returned as it is.
 * @param {string} html the page nbconvert wrote
 * @returns {string}
 * @throws {Error} when the page has charts but no `</body>`
 */
export function addChartRuntime(html) {
  if (!html.includes('class="service-chart ')) return html;
  if (!html.includes('</body>')) throw new Error('chart-runtime: the report page has no </body>');
  // A function as replacement: the bundles contain `$&` and the like, which a string would expand.
  return html.replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${runtimeScripts()}</body>`);
}
