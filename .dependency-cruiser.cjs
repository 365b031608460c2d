/**
 * The import-graph rules of both packages (ARCHITECTURE.md#layers), checked by dependency-cruiser:
 *
 *   npx depcruise src server/src --config .dependency-cruiser.cjs     (test/architecture/dependency-graph.test.ts)
 *   npm run graph                                                     (which layer imports which)
 *
 * The client package (`src/`) is layered, bottom first: time < model < engine < wire < plot <
 * frame < client. A layer imports its own layer and lower ones; `src/exceptions.ts` is open to all
 * and imports nothing of ours; the package root (`src/index.ts`) gathers the layers and nothing
 * imports it. The server package (`server/src/`) has one folder per concern, each with the list
 * of folders it may import (SERVER below); it reaches the client package only by name
 * (resolved through tsconfig.json's `paths`) and only through the shared vocabulary
 * (`service/exceptions`, `service/time`, `service/model`, `service/engine`, and the protocol
 * layer as `#wire`, server/package.json's `imports`). Third-party packages with one home (axios, danfojs, polars, the rendering
 * libraries, the server's libraries) are confined to it. No runtime import cycle anywhere
 * (`import type` is erased by TypeScript and cannot change load order, so it does not count).
 */

/** The client package's layers, bottom first. */
const CLIENT_LAYERS = ['time', 'model', 'engine', 'wire', 'plot', 'frame', 'client'];

/**
 * The server package's folders (`server/src/<name>/`; `app` is `http/app.ts`, the composition
 * root, apart from the HTTP plumbing beside it) and the folders each may import besides itself.
 */
const SERVER = {
  store: [],
  auth: ['store'],
  requests: [],
  queries: ['store', 'auth', 'requests', 'http'],
  http: ['store', 'auth', 'queries'],
  import: ['store', 'auth', 'http'],
  feed: ['store', 'auth', 'queries', 'http'],
  console: ['http'],
  routes: ['store', 'auth', 'requests', 'queries', 'http', 'import'],
  demo: ['store', 'auth', 'import'],
  app: ['store', 'auth', 'requests', 'queries', 'http', 'import', 'feed', 'console', 'routes', 'demo'],
  cli: ['store', 'auth', 'requests', 'queries', 'http', 'import', 'feed', 'console', 'routes', 'demo', 'app'],
};

/** The path pattern of a server folder. */
const serverPath = (name) => {
  if (name === 'app') return '^server/src/http/app\\.ts$';
  if (name === 'http') return '^server/src/http/(?!app\\.ts$)';
  return `^server/src/${name}/`;
};

/** A package and its subpaths, installed or (when not installed) by name. */
const packages = (names) => `(^|/node_modules/|^node_modules/)(${names})(/|$)`;

/** What the server may import of the client package: the shared vocabulary's entry files. */
const SHARED_ENTRIES = '^src/(exceptions\\.ts|(time|model|engine|wire)/index\\.ts)$';

const clientLayerRules = CLIENT_LAYERS.map((layer, rank) => ({
  name: `layer-${layer}`,
  comment: `src/${layer}/ imports only its own layer and lower ones (${CLIENT_LAYERS.slice(0, rank).join(', ') || 'none'})`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: `^src/(${CLIENT_LAYERS.slice(rank + 1).join('|') || '$^'})/` },
}));

const serverFolderRules = Object.entries(SERVER).map(([name, allowed]) => ({
  name: `server-${name}`,
  comment: `${serverPath(name)} may import, of the server package, only ${allowed.length ? allowed.join(', ') : 'itself'}`,
  severity: 'error',
  from: { path: serverPath(name) },
  to: { path: '^server/src/', pathNot: [serverPath(name), ...allowed.map(serverPath)] },
}));

/** Each confined package and the only files that may import it (`import type` included). */
const CONFINED = [
  ['axios', 'axios', '^src/client/http/'],
  ['danfojs', 'danfojs|danfojs-node', '^src/frame/danfo\\.ts$'],
  ['polars', 'nodejs-polars[a-z0-9-]*', '^src/frame/polars\\.ts$'],
  ['vega', 'vega[a-z-]*|@resvg/resvg-js', '^src/plot/vega-runtime\\.ts$'],
  [
    'server-only',
    '@duckdb/[a-z-]*|fastify|@fastify/[a-z-]*|pg|pg-copy-streams|stream-json|stream-chain',
    '^server/src/',
  ],
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no runtime import cycle: move what both sides need into a module of its own',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'known-place',
      comment: 'every file with imports sits in a layer: a src/ layer folder, src/index.ts, src/exceptions.ts or a server folder',
      severity: 'error',
      from: {
        pathNot: [
          `^src/(${CLIENT_LAYERS.join('|')})/`,
          '^src/(index|exceptions)\\.ts$',
          ...Object.keys(SERVER).map(serverPath),
        ],
      },
      to: {},
    },
    {
      name: 'exceptions-imports-nothing',
      comment: 'src/exceptions.ts is open to every layer and imports nothing of ours',
      severity: 'error',
      from: { path: '^src/exceptions\\.ts$' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'nothing-imports-the-root',
      comment: 'src/index.ts gathers the layers; inside the packages nothing imports it',
      severity: 'error',
      from: {},
      to: { path: '^src/index\\.ts$' },
    },
    ...clientLayerRules,
    {
      name: 'client-by-relative-path',
      comment: 'inside the client package imports are relative, never by the package name',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', dependencyTypes: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'client-not-server',
      comment: 'the client package never imports the server package',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: ['^server/', packages('service-server')] },
    },
    ...serverFolderRules,
    {
      name: 'server-shared-vocabulary',
      comment: 'the server imports of the client package only service/exceptions, /time, /model, /engine and #wire',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { path: '^src/', pathNot: SHARED_ENTRIES },
    },
    {
      name: 'server-entry-points',
      comment: 'a name of the client package that is not one of its entry points (service/wire is #wire)',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { path: '^service(/|$)' },
    },
    {
      name: 'server-by-name',
      comment: 'the server reaches the client package by name (service/time, #wire), never by a relative path',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { path: '^src/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    ...CONFINED.map(([name, names, home]) => ({
      name: `confined-${name}`,
      comment: `${names} belongs only in ${home}`,
      severity: 'error',
      from: { pathNot: home },
      to: { path: packages(names) },
    })),
  ],
  options: {
    // type-only imports are in the graph (the confined packages count them) and marked 'type-only'
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
