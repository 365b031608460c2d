/**
 * A request log from the environment: with `SERVICE_REQUEST_LOG` naming a file, a client made
 * without its own `onResponse` hook appends one JSON line per request to it, through that public
 * hook: `{ path, status, fromCache, etag }` (the path and query below the API root; the answer's
 * ETag, the service's version of the data it read). `npm run report` sets it for each notebook and
 * lists the requests in the report's provenance.
 *
 * @module
 */
import type { ResponseListener } from './http';
import { nodeProcess } from './node-only';

/**
 * The `onResponse` hook that writes the request log named by `SERVICE_REQUEST_LOG`.
 *
 * @param env - The environment.
 * @returns The hook, or undefined without `SERVICE_REQUEST_LOG`.
 * @example
 * requestLogFromEnv({ SERVICE_REQUEST_LOG: '/tmp/requests.jsonl' }) //=> a function
 * requestLogFromEnv({}) //=> undefined
 */
export function requestLogFromEnv(env: NodeJS.ProcessEnv): ResponseListener | undefined {
  const file = env.SERVICE_REQUEST_LOG;
  if (file === undefined || file === '') return undefined;
  const { appendFileSync } = nodeProcess('SERVICE_REQUEST_LOG').getBuiltinModule('node:fs');
  return (info) => {
    const line = { path: info.path, status: info.status, fromCache: info.fromCache, etag: info.etag };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}
