/**
 * `display(x)` for notebooks: charts as interactive Vega-Lite with a static image, tables as
 * HTML, model objects as their compact summary; anything else as text.
 *
 * @module
 */
import { JUPYTER_DISPLAY } from '../model/display';
import { Chart } from './chart';
import { inNotebook, inspectText, sendBundleTracked, type MimeBundle } from '../model/notebook-output';
import { canRenderHtml, tableHtml, tableText, type TableHtmlOptions } from './table-html';
import { isTableLike } from './table-source';

/** Options of {@link display} and {@link mimeBundle}. */
export type DisplayOptions = TableHtmlOptions;

function ownBundle(value: object): MimeBundle | null {
  const hook = (value as Record<symbol, unknown>)[JUPYTER_DISPLAY];
  if (typeof hook !== 'function') return null;
  const bundle = (hook as () => unknown).call(value);
  if (typeof bundle !== 'object' || bundle === null || typeof (bundle as { then?: unknown }).then === 'function') return null;
  return bundle as MimeBundle;
}

/**
 * The MIME bundle notebooks show for a value: its own `[Symbol.for('Jupyter.display')]()`
 * bundle (charts: Vega-Lite + SVG + text; model objects: HTML summary + text), HTML and text
 * for an Arquero table, else `text/plain` (Node's `inspect`).
 *
 * @param value - Anything.
 * @param options - For tables: row limit and the zone of date columns.
 * @returns The bundle; it always has `text/plain`.
 * @throws ValidationError for a bad row limit.
 * @example
 * Object.keys(mimeBundle(lineChart(ts))) //=> ['application/vnd.vegalite.v5+json', 'image/svg+xml', 'text/plain']
 * @example
 * Object.keys(mimeBundle(aq.table({ a: [1] }))) //=> ['text/html', 'text/plain']
 */
export function mimeBundle(value: unknown, options: DisplayOptions = {}): MimeBundle {
  if (typeof value === 'object' && value !== null) {
    const own = ownBundle(value);
    if (own !== null) return 'text/plain' in own ? own : { ...own, 'text/plain': inspectText(value) };
    if (isTableLike(value) && canRenderHtml(value)) {
      return { 'text/html': tableHtml(value, options), 'text/plain': tableText(value) };
    }
  }
  return { 'text/plain': typeof value === 'string' ? value : inspectText(value) };
}

/**
 * Shows a value in the notebook: in tslab as one output with every MIME type of
 * {@link mimeBundle} (the front-end picks the richest it can render: interactive Vega-Lite in
 * JupyterLab, the SVG in exported HTML and on GitHub), in Deno's kernel likewise; outside a
 * notebook it prints the text rendering.
 *
 * In Deno's kernel the message is sent asynchronously and the promise of that is returned:
 * write `await display(x)` there (it works in tslab too, where nothing is returned), since
 * Deno's kernel can lose a cell's own result when the cell ends while a large message is still
 * being sent (the cell fails with a bare "Execution failed").
 *
 * @param value - A chart, table, model object or anything else.
 * @param options - For tables: row limit (default 100) and the zone of date columns.
 * @returns Nothing in tslab and scripts (so a tslab cell ending in `display(x)` prints nothing
 *   more); in Deno's kernel the promise of the sent message.
 * @throws ValidationError for a bad row limit.
 * @example
 * await display(lineChart(ts)) //=> undefined (the chart appears below the cell)
 * @example
 * display(curve) //=> undefined (in a script: prints the curve's summary)
 */
export function display(value: unknown, options: DisplayOptions = {}): Promise<void> | undefined {
  // Outside a notebook only the text is printed: do not render a chart's images for it.
  const bundle = !inNotebook() && Chart.isChart(value) ? { 'text/plain': value.toString() } : mimeBundle(value, options);
  return sendBundleTracked(bundle).sent;
}
