/**
 * The one module that loads the rendering libraries: `vega@5` and `vega-lite@5` (CommonJS
 * builds, loaded on first use) and `@resvg/resvg-js` for PNG. Everything else in `src/plot`
 * builds plain Vega-Lite JSON and never touches these packages.
 *
 * Rendering is synchronous: inline data makes Vega's dataflow finish in one pass, after which
 * the scenegraph is drawn by Vega's headless SVG string renderer (the same renderer
 * `view.toSVG()` uses) and, for PNG, rasterised by resvg with the system fonts.
 *
 * @module
 */
import type * as VegaModule from 'vega';
import type * as VegaLiteModule from 'vega-lite';
import type * as ResvgModule from '@resvg/resvg-js';
import { ImportError, ValueError } from '../exceptions';

/** A Vega-Lite specification as plain JSON. */
export type VegaLiteSpec = { readonly [key: string]: unknown };

/** A compiled Vega specification as plain JSON. */
export type VegaSpec = { readonly [key: string]: unknown };

let vega: typeof VegaModule | undefined;
let vegaLite: typeof VegaLiteModule | undefined;
let resvg: typeof ResvgModule | undefined;

function load<T>(name: string, install: string): T {
  try {
    return require(name) as T;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'MODULE_NOT_FOUND' && String((err as Error).message).includes(`'${name}'`)) {
      throw new ImportError(`Charts need ${name}: npm install ${install}`);
    }
    throw err;
  }
}

function vegaLib(): typeof VegaModule {
  vega ??= load<typeof VegaModule>('vega', 'vega@5');
  return vega;
}

function vegaLiteLib(): typeof VegaLiteModule {
  vegaLite ??= load<typeof VegaLiteModule>('vega-lite', 'vega-lite@5');
  return vegaLite;
}

function resvgLib(): typeof ResvgModule {
  resvg ??= load<typeof ResvgModule>('@resvg/resvg-js', '@resvg/resvg-js');
  return resvg;
}

/** The result of {@link compileSpec}: the Vega spec and the compiler's warnings. */
export interface CompiledSpec {
  /** The Vega specification. */
  readonly spec: VegaSpec;
  /** Warnings Vega-Lite reported while compiling (empty for a clean spec). */
  readonly warnings: readonly string[];
}

/**
 * Compiles a Vega-Lite spec to Vega, collecting the compiler's warnings instead of printing them.
 *
 * @param spec - The Vega-Lite spec.
 * @returns The Vega spec and the warnings.
 * @throws ValueError when Vega-Lite rejects the spec.
 * @throws ImportError when vega-lite is not installed.
 * @example
 * compileSpec({ mark: 'point', data: { values: [] } }).warnings //=> []
 */
export function compileSpec(spec: VegaLiteSpec): CompiledSpec {
  const warnings: string[] = [];
  const logger: CompileLogger = {
    level: () => logger,
    warn: (...args) => {
      warnings.push(args.map(String).join(' '));
      return logger;
    },
    info: () => logger,
    debug: () => logger,
    error: (...args) => {
      throw new ValueError(`Invalid Vega-Lite spec: ${args.map(String).join(' ')}`);
    },
  };
  let compiled: { spec: unknown };
  try {
    compiled = vegaLiteLib().compile(spec as unknown as VegaLiteModule.TopLevelSpec, { logger: logger as never });
  } catch (err) {
    if (err instanceof ValueError || err instanceof ImportError) throw err;
    throw new ValueError(`Invalid Vega-Lite spec: ${(err as Error).message}`);
  }
  return { spec: compiled.spec as VegaSpec, warnings };
}

/** The logger interface of the Vega-Lite compiler. */
interface CompileLogger {
  level(): CompileLogger;
  warn(...args: readonly unknown[]): CompileLogger;
  info(...args: readonly unknown[]): CompileLogger;
  debug(...args: readonly unknown[]): CompileLogger;
  error(...args: readonly unknown[]): CompileLogger;
}

/** Internal fields of a Vega 5 view that size the headless renderer (as `view.toSVG()` does). */
interface ViewInternals {
  _viewWidth: number;
  _viewHeight: number;
  _origin: [number, number];
  _pulse: unknown;
}

/**
 * Renders a Vega-Lite spec to an SVG document without a browser, synchronously.
 *
 * @param spec - The Vega-Lite spec (with inline data).
 * @returns The SVG text.
 * @throws ValueError when the spec is invalid or its data would need loading.
 * @throws ImportError when vega or vega-lite is not installed.
 * @example
 * renderSvg({ mark: 'point', data: { values: [{ a: 1 }] }, encoding: { x: { field: 'a', type: 'quantitative' } } })
 *   .startsWith('<svg') //=> true
 */
export function renderSvg(spec: VegaLiteSpec): string {
  const lib = vegaLib();
  // Vega tags the data objects it ingests, so it gets a copy (the chart's spec stays frozen).
  const compiled = compileSpec(structuredClone(spec)).spec;
  const view = new lib.View(lib.parse(compiled as VegaModule.Spec), { renderer: 'none', logLevel: lib.Error });
  view.run();
  const internals = view as unknown as ViewInternals;
  if (internals._pulse || typeof internals._viewWidth !== 'number' || !Array.isArray(internals._origin)) {
    view.finalize();
    throw new ValueError('The chart could not be laid out synchronously (data must be inline)');
  }
  const padding = view.padding() as { top: number; bottom: number; left: number; right: number };
  const width = Math.max(0, internals._viewWidth + padding.left + padding.right);
  const height = Math.max(0, internals._viewHeight + padding.top + padding.bottom);
  const origin = [padding.left + internals._origin[0], padding.top + internals._origin[1]];
  const renderModule = lib.renderModule as unknown as (name: string) => { headless: new (loader: unknown) => SvgStringRenderer };
  const module = renderModule('svg');
  const renderer = new module.headless(view.loader());
  renderer.initialize(null, width, height, origin, 1).background(view.background());
  renderer.render((view.scenegraph() as unknown as { root: unknown }).root);
  const svg = renderer.svg();
  view.finalize();
  return svg;
}

/** The parts of Vega's headless SVG renderer used here. */
interface SvgStringRenderer {
  initialize(el: null, width: number, height: number, origin: number[], scale: number): SvgStringRenderer;
  background(color: unknown): SvgStringRenderer;
  render(root: unknown): SvgStringRenderer;
  svg(): string;
}

/** Options of {@link renderPng}. */
export interface PngOptions {
  /** Zoom factor over the SVG's size (2 = twice as many pixels each way); default 2. */
  scale?: number;
  /** Background colour; default `'white'`. */
  background?: string;
}

/**
 * Rasterises an SVG document to PNG with resvg, using the system fonts (DejaVu Sans for the
 * generic `sans-serif`).
 *
 * @param svg - The SVG text.
 * @param options - Scale and background.
 * @returns The PNG bytes.
 * @throws ValueError when the scale is not a positive number.
 * @throws ImportError when @resvg/resvg-js is not installed.
 * @example
 * Array.from(renderPng('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>').subarray(1, 4))
 * //=> [80, 78, 71]
 */
export function renderPng(svg: string, options: PngOptions = {}): Uint8Array {
  const scale = options.scale ?? 2;
  if (!(typeof scale === 'number' && scale > 0 && Number.isFinite(scale))) {
    throw new ValueError(`PNG scale must be a positive number, got ${String(scale)}`);
  }
  const { Resvg } = resvgLib();
  const image = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: options.background ?? 'white',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  const png = image.render().asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
