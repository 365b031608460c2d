/**
 * The client's Node-only features (an API key file, the cache directory, the request log file,
 * the feed's `last_id` file, keep-alive agents) reach Node's built-in modules through
 * `process.getBuiltinModule` at the moment they are used, never through an import: a bundle of the
 * client for browsers holds no Node built-in (docs/client.md#browser-use), and in a browser such a
 * feature is an `InitializationError` naming it, while everything else works.
 *
 * @module
 */
import { InitializationError } from '../exceptions';

/** The running Node.js (or Deno, Bun) process, when there is one. */
function nodeProcessOrNull(): NodeJS.Process | null {
  const proc = (globalThis as { process?: NodeJS.Process }).process;
  return typeof proc?.getBuiltinModule === 'function' ? proc : null;
}

/**
 * Whether the client runs under Node.js (or a runtime with Node's built-ins), not in a browser.
 *
 * @returns True with Node's built-in modules at hand.
 * @example
 * inNode() //=> true   // false in a browser
 */
export function inNode(): boolean {
  return nodeProcessOrNull() !== null;
}

/**
 * The process whose `getBuiltinModule` a Node-only feature uses.
 *
 * @param feature - The option or feature, for the error (`apiKeyFile`, `cache.dir`, ...).
 * @returns The process.
 * @throws InitializationError `<feature> needs Node.js` in a browser.
 * @example
 * nodeProcess('apiKeyFile').getBuiltinModule('node:fs').readFileSync(path, 'utf8')
 */
export function nodeProcess(feature: string): NodeJS.Process {
  const proc = nodeProcessOrNull();
  if (proc === null)
    throw new InitializationError(`${feature} needs Node.js: it is not available in a browser (docs/client.md#browser-use)`);
  return proc;
}

/**
 * The process environment, or an empty one in a browser.
 *
 * @returns `process.env`, or `{}`.
 * @example
 * processEnv().SERVICE_API_URL //=> undefined   // unless set
 */
export function processEnv(): NodeJS.ProcessEnv {
  return (globalThis as { process?: NodeJS.Process }).process?.env ?? {};
}
