/**
 * Where `display(x)` sends a MIME bundle: tslab's kernel (one `display_data` message with every
 * MIME type, through tslab's internal writer), tslab's public single-type display, Deno's
 * kernel, or, outside a notebook, the console.
 *
 * @module
 */

/**
 * A value as text: Node's `inspect` (reached at run time, so that a bundle for browsers holds no
 * Node built-in, docs/client.md#browser-use), or `String(value)` in a browser.
 *
 * @param value - Anything.
 * @returns Its text.
 * @example
 * inspectText({ a: 1 }) //=> '{ a: 1 }'
 */
export function inspectText(value: unknown): string {
  const util = (globalThis as { process?: NodeJS.Process }).process?.getBuiltinModule?.('node:util');
  return util ? util.inspect(value) : String(value);
}

/** A notebook MIME bundle: MIME type to content (strings, or JSON for JSON types). */
export type MimeBundle = Record<string, unknown>;

/** Which route a bundle took, as reported by {@link sendBundle}. */
export type OutputRoute = 'tslab' | 'tslab-display' | 'deno' | 'console';

/** tslab's internal writer (`tslab/dist/jupyter` `lastWriteDisplayData`). */
type WriteDisplayData = (message: { data: MimeBundle; metadata: object; transient: object }, update: boolean) => void;

const TSLAB_JUPYTER = /[\\/]tslab[\\/]dist[\\/]jupyter\.js$/;
const TSLAB_PUBLIC = /[\\/]tslab[\\/]dist[\\/]public\.js$/;

function loadedModule(pattern: RegExp, request: string): Record<string, unknown> | null {
  for (const [path, mod] of Object.entries(require.cache)) {
    if (pattern.test(path) && mod?.exports) return mod.exports as Record<string, unknown>;
  }
  for (const base of [process.cwd(), __dirname]) {
    try {
      const path = require.resolve(request, { paths: [base] });
      const found = require.cache[path];
      if (found?.exports) return found.exports as Record<string, unknown>;
    } catch {
      // not installed there
    }
  }
  return null;
}

/**
 * tslab's internal display writer when this process is a tslab kernel running a cell: found
 * among the loaded modules, so it is the kernel's own tslab whatever copy the notebook resolves.
 *
 * @returns The writer, or null outside tslab.
 * @example
 * tslabWriter() //=> null (outside a notebook)
 */
export function tslabWriter(): WriteDisplayData | null {
  const jupyter = loadedModule(TSLAB_JUPYTER, 'tslab/dist/jupyter');
  const write = jupyter?.lastWriteDisplayData;
  return typeof write === 'function' ? (write as WriteDisplayData) : null;
}

interface TslabDisplay {
  raw(contentType: string, content: unknown): void;
  html(html: string): void;
}

function tslabDisplay(): TslabDisplay | null {
  const pub = loadedModule(TSLAB_PUBLIC, 'tslab');
  const display = pub?.display as Partial<TslabDisplay> | undefined;
  return display && typeof display.raw === 'function' ? (display as TslabDisplay) : null;
}

interface DenoJupyter {
  display(bundle: MimeBundle, options: { raw: boolean }): Promise<void>;
}

function denoJupyter(): DenoJupyter | null {
  const deno = (globalThis as { Deno?: { jupyter?: Partial<DenoJupyter> } }).Deno;
  try {
    return deno?.jupyter && typeof deno.jupyter.display === 'function' ? (deno.jupyter as DenoJupyter) : null;
  } catch {
    return null; // outside `deno jupyter`, reading Deno.jupyter throws
  }
}

/**
 * Tells whether this process runs in Deno's notebook kernel (`deno jupyter`).
 *
 * @returns True inside Deno's kernel.
 * @example
 * inDenoKernel() //=> false (in a script)
 */
export function inDenoKernel(): boolean {
  return denoJupyter() !== null;
}

/**
 * Tells whether this process runs in a notebook kernel that `display` can reach (tslab or
 * Deno), so callers can skip building rich renderings when only text will be printed.
 *
 * @returns True inside tslab or Deno's kernel.
 * @example
 * inNotebook() //=> false (in a script)
 */
export function inNotebook(): boolean {
  return tslabWriter() !== null || tslabDisplay() !== null || denoJupyter() !== null;
}

/** The one MIME type sent when a kernel takes only one per message: the most portable one. */
function bestSingle(bundle: MimeBundle): [string, unknown] {
  for (const mime of ['image/svg+xml', 'image/png', 'text/html']) {
    if (bundle[mime] !== undefined) return [mime, bundle[mime]];
  }
  const first = Object.entries(bundle).find(([mime]) => mime !== 'text/plain');
  return first ?? ['text/plain', bundle['text/plain'] ?? ''];
}

/**
 * Sends a MIME bundle to the notebook this process runs in: in tslab as one `display_data`
 * message with all MIME types (or, if tslab's internal writer cannot be reached, the most
 * portable single type through `tslab.display`), in Deno's kernel through
 * `Deno.jupyter.display`, and elsewhere prints the `text/plain` rendering.
 *
 * @param bundle - The MIME bundle (with `text/plain`).
 * @returns The route taken.
 * @example
 * sendBundle({ 'text/plain': 'hello' }) //=> 'console' (prints hello)
 */
export function sendBundle(bundle: MimeBundle): OutputRoute {
  return sendBundleTracked(bundle).route;
}

/**
 * {@link sendBundle}, also giving Deno's pending send: Deno's kernel sends a display message
 * asynchronously, and a cell that ends while a large one is still being sent can lose its own
 * result ("Execution failed"; the kernel reports "Promise was collected"), so `display` hands
 * the promise back for `await display(x)`.
 *
 * @param bundle - The MIME bundle (with `text/plain`).
 * @returns The route taken, and in Deno's kernel the promise of the send (errors are logged, never thrown).
 * @example
 * sendBundleTracked({ 'text/plain': 'hello' }).route //=> 'console' (prints hello)
 */
export function sendBundleTracked(bundle: MimeBundle): { route: OutputRoute; sent?: Promise<void> } {
  const write = tslabWriter();
  if (write !== null) {
    write({ data: bundle, metadata: {}, transient: {} }, false);
    return { route: 'tslab' };
  }
  const display = tslabDisplay();
  if (display !== null) {
    const [mime, content] = bestSingle(bundle);
    try {
      if (mime === 'text/html') display.html(String(content));
      else display.raw(mime, content);
      return { route: 'tslab-display' };
    } catch {
      // tslab is installed but this is not a running kernel: fall through
    }
  }
  const deno = denoJupyter();
  if (deno !== null) {
    return { route: 'deno', sent: deno.display(bundle, { raw: true }).catch((err: unknown) => console.error(err)) };
  }
  const text = bundle['text/plain'];
  console.log(typeof text === 'string' ? text : inspectText(text));
  return { route: 'console' };
}
