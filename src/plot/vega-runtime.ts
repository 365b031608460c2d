/**
 * The one module that loads the rendering libraries: `vega@5` and `vega-lite@5` (CommonJS
 * builds, loaded on first use) and `@resvg/resvg-js` for PNG. Everything else in `src/plot`
 * builds plain Vega-Lite JSON and never touches these packages.
 *
 * SVG comes from Vega's public asynchronous API (`view.toSVG()` on a headless view); PNG is that
 * SVG rasterised by resvg with the system fonts. Notebook display, which must be synchronous,
 * gets the same SVG through `svg-sync.ts` (this function run in a worker thread).
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

/**
 * Renders a Vega-Lite spec to an SVG document without a browser, through Vega's public API:
 * the spec is compiled, run in a headless view (`renderer: 'none'`) and drawn by
 * `view.toSVG()`. Data must be inline: the view's loader refuses every URL, so rendering never
 * reaches the network or the file system.
 *
 * @param spec - The Vega-Lite spec (with inline data).
 * @returns The SVG text.
 * @throws ValueError when the spec is invalid or asks for data or images by URL.
 * @throws ImportError when vega or vega-lite is not installed.
 * @example
 * (await renderSvg({ mark: 'point', data: { values: [{ a: 1 }] }, encoding: { x: { field: 'a', type: 'quantitative' } } }))
 *   .startsWith('<svg') //=> true
 */
export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const lib = vegaLib();
  // Vega tags the data objects it ingests, so it gets a copy (the chart's spec stays frozen).
  const compiled = compileSpec(structuredClone(spec)).spec;
  // Vega logs a failed load and draws the chart without that data: remember the refusal instead.
  const refused: string[] = [];
  const loader = lib.loader();
  loader.sanitize = (uri: string) => {
    refused.push(uri);
    return Promise.reject(new ValueError(`refused ${uri}`));
  };
  const view = new lib.View(lib.parse(compiled as VegaModule.Spec), { renderer: 'none', logLevel: lib.None, loader });
  try {
    const svg = await view.toSVG();
    if (refused.length > 0) throw new ValueError(`Charts render inline data only; the spec asks for ${refused.join(', ')}`);
    return svg;
  } catch (err) {
    if (err instanceof ValueError || err instanceof ImportError) throw err;
    throw new ValueError(`The chart could not be rendered: ${(err as Error).message}`);
  } finally {
    view.finalize();
  }
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
