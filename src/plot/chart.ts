/**
 * A chart: a Vega-Lite v5 spec with inline data, rendered to SVG or PNG without a browser
 * (`await chart.toSVG()`, through Vega's public `view.toSVG()`) and shown in notebooks as
 * interactive Vega-Lite with a static image beside it.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand } from '../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../model/inspect-display';
import { chartHtml } from './chart-html';
import { renderSvgSync } from './svg-sync';
import { compileSpec, renderPng, renderSvg, type PngOptions, type VegaLiteSpec, type VegaSpec } from './vega-runtime';

const BRAND = Symbol.for('service.plot.Chart');

/** The Vega-Lite v5 MIME type notebook front-ends render. */
export const VEGALITE_MIME = 'application/vnd.vegalite.v5+json';

/** Which static images a chart's notebook bundle carries beside the Vega-Lite spec. */
export type ChartFallback = 'svg' | 'png' | 'both';

/** Fields of a {@link Chart}. */
export interface ChartInit {
  /** What the chart shows: `'line'`, `'stacked-area'`, `'scenario-fan'`, ... */
  kind: string;
  /** The Vega-Lite v5 spec, with inline data. */
  spec: VegaLiteSpec;
  /** Number of series drawn; default 1. */
  series?: number;
  /** Number of data rows in the spec; default 0. */
  points?: number;
  /** Static images in the notebook bundle; default `'svg'`. */
  fallback?: ChartFallback;
}

/** A notebook MIME bundle of a chart. */
export interface ChartBundle {
  /** The Vega-Lite spec (interactive in JupyterLab, VS Code, nteract). */
  'application/vnd.vegalite.v5+json': VegaLiteSpec;
  /** Plain-text summary. */
  'text/plain': string;
  /** The SVG image (what exported HTML and GitHub show). */
  'image/svg+xml'?: string;
  /** The PNG image, base64. */
  'image/png'?: string;
  [mime: string]: unknown;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * A Vega-Lite chart built by one of the chart builders (`lineChart`, `stackedAreaChart`, ...).
 * The spec is frozen; `withSpec` gives a changed copy. Rendering is asynchronous (Vega's public
 * API) and the SVG is made once per chart.
 *
 * @param init - Kind, spec and counts.
 * @throws ValueError when the spec is not an object or the fallback is unknown.
 * @example
 * const chart = lineChart(ts);
 * (await chart.toSVG()).startsWith('<svg') //=> true
 */
export class Chart {
  /** What the chart shows (`'line'`, `'heatmap'`, ...). */
  readonly kind: string;
  /** The Vega-Lite v5 spec (frozen). */
  readonly spec: VegaLiteSpec;
  /** Number of series drawn. */
  readonly series: number;
  /** Number of data rows in the spec. */
  readonly points: number;
  /** Static images in the notebook bundle. */
  readonly fallback: ChartFallback;
  /** The SVG once made, by `toSVG()` or by the notebook bundle. */
  #svg: string | null = null;

  constructor(init: ChartInit) {
    if (typeof init?.spec !== 'object' || init.spec === null) throw new ValueError('A chart needs a Vega-Lite spec object');
    const fallback = init.fallback ?? 'svg';
    if (fallback !== 'svg' && fallback !== 'png' && fallback !== 'both') {
      throw new ValueError(`Chart fallback must be 'svg', 'png' or 'both', got ${String(fallback)}`);
    }
    this.kind = init.kind;
    this.spec = deepFreeze(init.spec);
    this.series = init.series ?? 1;
    this.points = init.points ?? 0;
    this.fallback = fallback;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a Chart (brand check, works across package copies).
   *
   * @param value - Anything.
   * @returns True for a Chart.
   * @example
   * Chart.isChart(lineChart(ts)) //=> true
   */
  static isChart(value: unknown): value is Chart {
    return hasBrand(value, BRAND);
  }

  /**
   * Returns a copy whose spec has some top-level properties replaced (`title`, `width`,
   * `height`, `config`, ...).
   *
   * @param patch - Properties to set on the spec's top level.
   * @returns A new Chart.
   * @example
   * lineChart(ts).withSpec({ width: 900 }).spec.width //=> 900
   */
  withSpec(patch: VegaLiteSpec): Chart {
    return new Chart({
      kind: this.kind,
      spec: { ...this.spec, ...patch },
      series: this.series,
      points: this.points,
      fallback: this.fallback,
    });
  }

  /**
   * Returns a copy whose notebook bundle carries other static images.
   *
   * @param fallback - `'svg'`, `'png'` or `'both'`.
   * @returns A new Chart.
   * @throws ValueError for another value.
   * @example
   * lineChart(ts).withFallback('both').fallback //=> 'both'
   */
  withFallback(fallback: ChartFallback): Chart {
    return new Chart({ kind: this.kind, spec: this.spec, series: this.series, points: this.points, fallback });
  }

  /**
   * The compiled Vega spec (what a Vega view runs).
   *
   * @returns The Vega spec.
   * @throws ValueError when Vega-Lite rejects the spec.
   * @example
   * lineChart(ts).toVega().$schema //=> 'https://vega.github.io/schema/vega/v5.json'
   */
  toVega(): VegaSpec {
    return compileSpec(this.spec).spec;
  }

  /**
   * Renders the chart to an SVG document with Vega's `view.toSVG()` (made once, then reused).
   *
   * @returns The SVG text.
   * @throws ValueError when Vega-Lite rejects the spec or it asks for data by URL.
   * @example
   * (await lineChart(ts).toSVG()).startsWith('<svg') //=> true
   */
  async toSVG(): Promise<string> {
    this.#svg ??= await renderSvg(this.spec);
    return this.#svg;
  }

  /**
   * Renders the chart to PNG through its SVG (fonts: the system's DejaVu Sans).
   *
   * @param options - Zoom factor (default 2) and background (default white).
   * @returns The PNG bytes.
   * @throws ValueError when the spec is rejected or the scale is not positive.
   * @example
   * Array.from((await lineChart(ts).toPNG()).subarray(1, 4)) //=> [80, 78, 71]
   */
  async toPNG(options: PngOptions = {}): Promise<Uint8Array> {
    return renderPng(await this.toSVG(), options);
  }

  /**
   * The spec, for `JSON.stringify` (a `.vl.json` file opens in the Vega editor).
   *
   * @returns The Vega-Lite spec.
   * @example
   * JSON.stringify(lineChart(ts)).includes('vega-lite/v5') //=> true
   */
  toJSON(): VegaLiteSpec {
    return this.spec;
  }

  /**
   * A one-line summary: kind, number of series and data rows.
   *
   * @returns The text.
   * @example
   * lineChart(ts).toString() //=> '<Chart: line, 1 series, 24 points>'
   */
  toString(): string {
    return `<Chart: ${this.kind}, ${this.series} series, ${this.points} points>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook bundle: the Vega-Lite spec, HTML that draws it with Vega-Embed (tooltips,
   * zoom/pan; chart-html.ts), the static image(s) and a text summary. The classic Notebook runs
   * the HTML; front-ends that render Vega-Lite may show the spec natively; where scripts do not
   * run, the HTML shows the static image, and nbconvert's report template the SVG. Synchronous,
   * as tslab's display needs: the SVG is the one `toSVG()` makes, rendered in a worker thread
   * while this call waits (svg-sync.ts).
   *
   * When an image cannot be made (the worker gave no answer in time, vega or resvg is missing,
   * the spec is refused), the bundle has no image: the HTML and the text say why, the same line goes to
   * stderr (the cell shows it), and the next display tries again (docs/notebooks.md#display).
   *
   * @returns The MIME bundle.
   * @example
   * Object.keys(lineChart(ts)[Symbol.for('Jupyter.display')]())
   * //=> ['application/vnd.vegalite.v5+json', 'text/html', 'image/svg+xml', 'text/plain']
   */
  [JUPYTER_DISPLAY](): ChartBundle {
    let images: Record<string, string> = {};
    let missing: string | null = null;
    try {
      this.#svg ??= renderSvgSync(this.spec);
      if (this.fallback !== 'png') images['image/svg+xml'] = this.#svg;
      if (this.fallback !== 'svg') images['image/png'] = Buffer.from(renderPng(this.#svg)).toString('base64');
    } catch (err) {
      // the SVG, or the PNG made from it (resvg missing): the chart goes without its images
      images = {};
      missing = `no static image (${String((err as Error)?.message ?? err)})`;
    }
    const text = missing === null ? this.toString() : `${this.toString()}: ${missing}`;
    if (missing !== null) console.error(`${text}; the chart is shown interactive only`);
    const html = chartHtml(this.spec, images, this.toString(), missing);
    return { [VEGALITE_MIME]: this.spec, ...(html === null ? {} : { 'text/html': html }), ...images, 'text/plain': text };
  }
}
setBrand(Chart.prototype, BRAND);
