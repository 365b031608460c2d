/**
 * Bundles the client for browsers with esbuild (`platform: 'browser'`, as a user's bundler would,
 * docs/client.md#browser-use) and reports every Node built-in the bundle would need: a plugin catches
 * each import of one (`fs`, `node:fs`, ...) with the file that imports it, so the test names the
 * culprit instead of failing on esbuild's first "Could not resolve".
 */
import { builtinModules } from 'node:module';
import { build, type Metafile, type Plugin } from 'esbuild';

/** A bundle and the Node built-ins that were imported on its way. */
export interface BrowserBundle {
  /** The bundle's JavaScript. */
  code: string;
  /** `node:fs <- src/client/options.ts` for each import of a Node built-in. */
  builtins: string[];
  /** Every input of the bundle. */
  inputs: string[];
  /** esbuild's metafile. */
  metafile: Metafile;
}

const BUILTIN = new RegExp(`^(node:)?(${builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|')})$`);

/**
 * Bundles one entry for browsers.
 *
 * @param entry - The entry file (absolute), e.g. the client's `src/index.ts` or `dist/index.mjs`.
 * @param options - `format` (default `esm`), `globalName` for an `iife` bundle, `minify`.
 * @returns The bundle and the Node built-ins imported on its way.
 */
export async function bundleForBrowser(
  entry: string,
  options: { format?: 'esm' | 'iife'; globalName?: string; minify?: boolean } = {},
): Promise<BrowserBundle> {
  const builtins: string[] = [];
  const catchBuiltins: Plugin = {
    name: 'catch-node-builtins',
    setup(b) {
      b.onResolve({ filter: BUILTIN }, (args) => {
        builtins.push(`${args.path} <- ${args.importer.replace(`${process.cwd()}/`, '')}`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: options.format ?? 'esm',
    ...(options.globalName ? { globalName: options.globalName } : {}),
    minify: options.minify ?? false,
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: 'bundle.js',
    plugins: [catchBuiltins],
  });
  return {
    code: result.outputFiles[0]!.text,
    builtins,
    inputs: Object.keys(result.metafile.inputs),
    metafile: result.metafile,
  };
}
