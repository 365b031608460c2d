import { inNode, nodeProcess } from '../node-only';

/**
 * Version of this package, read from its `package.json` (found by walking up from this file,
 * which works from `src/` under tsx and from `dist/` once built).
 *
 * @returns The version string, or `'0.0.0'` when no package file is found (or in a browser,
 *   which sends no `User-Agent` of ours anyway).
 * @example
 * packageVersion() //~> '0.1.0'
 */
export function packageVersion(): string {
  if (!inNode()) return '0.0.0';
  const proc = nodeProcess('packageVersion');
  const { readFileSync } = proc.getBuiltinModule('node:fs');
  const { dirname, join } = proc.getBuiltinModule('node:path');
  let dir = __dirname;
  for (let depth = 0; depth < 6; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'service' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json at this level: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return '0.0.0';
}

/**
 * The `User-Agent` this client sends: `service-ts/<package version>`.
 *
 * @example
 * USER_AGENT //~> 'service-ts/0.1.0'
 */
export const USER_AGENT = `service-ts/${packageVersion()}`;

/**
 * Headers sent on every request (docs/protocol.md#headers): the key under `authHeader`, `User-Agent`,
 * `Accept: *\/*`, `Accept-Encoding: gzip, deflate` (`identity` with compression off, see
 * docs/protocol.md#compression) and `Connection: keep-alive`. In a browser only the key and
 * `Accept`: the browser sets the others itself (compression too) and refuses a page that tries.
 *
 * @param authHeader - Header carrying the key (`X-API-Key`, or `Ocp-Apim-Subscription-Key`).
 * @param apiKey - The key.
 * @param compression - Ask for compressed answers (default true).
 * @returns Header names and values.
 * @example
 * requestHeaders('X-API-Key', 'abc')['X-API-Key'] //=> 'abc'
 */
export function requestHeaders(authHeader: string, apiKey: string, compression = true): Record<string, string> {
  if (!inNode()) return { [authHeader]: apiKey, Accept: '*/*' };
  return {
    [authHeader]: apiKey,
    'User-Agent': USER_AGENT,
    Accept: '*/*',
    'Accept-Encoding': compression ? 'gzip, deflate' : 'identity',
    Connection: 'keep-alive',
  };
}
