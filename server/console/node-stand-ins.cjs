// Browser stand-ins for the Node built-ins the client package imports (scripts/build-console.mjs
// resolves every `node:` import of the console bundle here). The console never takes the client's
// Node-only paths (disk cache, key files, request log); these names exist so that building and
// constructing a client works in a browser, and anything else fails loudly if it is ever reached.
'use strict';

function unavailable(name) {
  return () => {
    throw new Error(`${name} is not available in a browser`);
  };
}

/** Keep-alive agents: the browser manages connections itself. */
class Agent {
  destroy() {}
}

const STATUS_CODES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

module.exports = {
  Agent,
  STATUS_CODES,
  randomUUID: () => globalThis.crypto.randomUUID(),
  inspect: (value) => String(value),
  createHash: unavailable('node:crypto createHash'),
  randomBytes: unavailable('node:crypto randomBytes'),
  readFileSync: unavailable('node:fs readFileSync'),
  writeFileSync: unavailable('node:fs writeFileSync'),
  appendFileSync: unavailable('node:fs appendFileSync'),
  mkdirSync: unavailable('node:fs mkdirSync'),
  renameSync: unavailable('node:fs renameSync'),
  promises: {},
  join: (...parts) => parts.join('/'),
  dirname: (p) => p.replace(/\/[^/]*$/, ''),
  extname: (p) => /\.[^./]*$/.exec(p)?.[0] ?? '',
};
