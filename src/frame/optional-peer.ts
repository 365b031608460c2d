/**
 * Loading of an optional peer package (danfojs, nodejs-polars) at call time, once, with a clear
 * `ImportError` naming the package when it is missing, fails to load, or lacks what the caller
 * needs; the loader can be replaced (another build, or a simulated missing package in tests).
 *
 * @module
 */
import { ImportError } from '../exceptions';

/**
 * Loads an optional peer package by name, at call time, with Node's `createRequire` (reached
 * through `process.getBuiltinModule`) rather than a `require` call that a bundler would follow:
 * these peers run under Node only, and a bundle for browsers must not pull them in
 * (docs/client.md#browser-use). In a browser it fails as a missing package does.
 *
 * @param name - The package, e.g. `nodejs-polars`.
 * @returns The module.
 * @throws The loader's error; `MODULE_NOT_FOUND` without Node.
 * @example
 * requirePeer('danfojs') //~> the danfojs module
 */
export function requirePeer(name: string): unknown {
  const nodeModule = (globalThis as { process?: NodeJS.Process }).process?.getBuiltinModule?.('node:module');
  if (!nodeModule) throw Object.assign(new Error(`Cannot load ${name} outside Node.js`), { code: 'MODULE_NOT_FOUND' });
  return nodeModule.createRequire(__filename)(name);
}

/** An optional package: its loaded module, and a way to replace how it is loaded. */
export interface OptionalPeer<M> {
  /** The module (loaded on first use); throws ImportError as described above. */
  load(): M;
  /** Replaces the loader (`null` restores the default) and forgets the loaded module. */
  setLoader(load: (() => unknown) | null): void;
}

/**
 * An optional peer package.
 *
 * @param name - The package name, as the errors say it.
 * @param hint - What to install, appended to every error.
 * @param defaultLoad - Loads the module (`requirePeer(name)` at call time).
 * @param usable - Whether the loaded value has what the caller needs.
 * @param lacks - What the error says is missing when `usable` is false (e.g. `DataFrame`).
 * @returns The peer.
 * @example
 * const danfo = optionalPeer<DanfoModule>('danfojs', HINT, () => requirePeer('danfojs'), (m) => typeof m.DataFrame === 'function', 'DataFrame');
 */
export function optionalPeer<M>(
  name: string,
  hint: string,
  defaultLoad: () => unknown,
  usable: (module: Partial<M>) => boolean,
  lacks: string,
): OptionalPeer<M> {
  let loader = defaultLoad;
  let loaded: M | null = null;
  return {
    load(): M {
      if (loaded) return loaded;
      let module: unknown;
      try {
        module = loader();
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        const missing = code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
        const detail = missing ? `${name} is not installed` : `${name} failed to load: ${(err as Error).message}`;
        throw new ImportError(`${detail}: ${hint}`);
      }
      const candidate = module as Partial<M> | null;
      if (!candidate || !usable(candidate)) throw new ImportError(`${name} has no ${lacks}: ${hint}`);
      loaded = candidate as M;
      return loaded;
    },
    setLoader(load: (() => unknown) | null): void {
      loader = load ?? defaultLoad;
      loaded = null;
    },
  };
}
