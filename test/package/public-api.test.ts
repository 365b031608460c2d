/**
 * The public surface: the names exported by every entry point in `package.json`
 * `exports` (`service` = src/index.ts, `service/exceptions` = src/exceptions.ts, `service/plot` =
 * src/plot/index.ts, `service/time`, `service/model` and `service/engine` = their folders' index.ts),
 * with their kinds, must equal the checked-in list
 * `test/fixtures/public-api.json`. A difference is printed name by name. After an intended
 * change of the API, refresh the list and commit it with the change:
 *
 *   node --import tsx test/package/public-api.test.ts --update
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffApi, entryPoints, livePublicApi, valueNames, type PublicApi } from './public-api';

const root = join(__dirname, '..', '..');
const fixturePath = join(root, 'test', 'fixtures', 'public-api.json');
const REFRESH = 'node --import tsx test/package/public-api.test.ts --update';

/** The checked-in file: a note on how to refresh it, then the names per import path. */
interface Fixture {
  readonly $comment: string;
  readonly api: PublicApi;
}

const live = livePublicApi(root);

if (process.argv.includes('--update')) {
  const fixture: Fixture = {
    $comment: `Names exported by each entry point of package.json "exports", with their kinds; checked by test/package/public-api.test.ts. Refresh after an intended API change: ${REFRESH}`,
    api: live,
  };
  writeFileSync(fixturePath, `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`wrote ${fixturePath}`);
}

const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as Fixture;

test('the exported names equal test/fixtures/public-api.json', () => {
  const diff = diffApi(fixture.api, live);
  if (diff.length > 0) {
    console.log(`\npublic API differs from test/fixtures/public-api.json (+ new, - gone, ~ kind changed):\n${diff.join('\n')}\n`);
    console.log(`if the change is intended, refresh the list:\n  ${REFRESH}\n`);
  }
  assert.equal(diff, [], `${diff.length} line(s) of difference; refresh with: ${REFRESH}`);
});

test('the entry points are service, service/exceptions, service/plot, service/time, service/model and service/engine, built from src', () => {
  assert.equal(
    entryPoints(root).map((e) => `${e.importPath} <- ${e.source}`),
    [
      'service <- src/index.ts',
      'service/exceptions <- src/exceptions.ts',
      'service/plot <- src/plot/index.ts',
      'service/time <- src/time/index.ts',
      'service/model <- src/model/index.ts',
      'service/engine <- src/engine/index.ts',
    ],
  );
});

test('service/wire is not an entry point: the protocol layer is internal to the client and the service', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
    typesVersions: Record<string, Record<string, unknown>>;
  };
  assert.not.ok('./wire' in pkg.exports, 'package.json exports has no ./wire');
  assert.not.ok('wire' in (pkg.typesVersions['*'] ?? {}), 'package.json typesVersions has no wire');
  assert.is(live['service/wire'], undefined);
});

test('the root exports the user-facing names the spec promises', () => {
  const names = live.service;
  for (const [name, kind] of Object.entries({
    ServiceClient: 'class',
    PartnerConnection: 'class',
    Frequency: 'class',
    Timeseries: 'class',
    Curve: 'class',
    toTable: 'function',
    toDataFrame: 'function',
    toTimezone: 'function',
    ValidationError: 'class',
  })) {
    assert.is(names![name], kind, name);
  }
  // the engine, the wire codecs, time internals, error plumbing and aliases are not at the root
  for (const name of [
    'wire',
    'MASK_SIZE',
    'maskIndex',
    'pickRows',
    'assignSteps',
    'statusOfError',
    'bodyOfError',
    'headersOfError',
    'HttpTransport',
    'localMillisOf',
    'floorMillis',
    'civilFromDays',
    'firstAtOrAfter',
    'stepRange',
    'INTERNAL_SERVER_ERROR_MESSAGE',
    'parseRetryAfter',
    'errorFromResponse',
    'toDf',
    'toDateTime',
  ]) {
    assert.is(names![name], undefined, `${name} is not exported by the root`);
  }
  assert.is(live['service/engine']!.pickRows, 'function');
  assert.is(live['service/time']!.localMillisOf, 'function');
  assert.is(live['service/exceptions']!.errorFromResponse, 'function');
  assert.ok(live['service/plot']!.lineChart === 'function');
  assert.ok(live['service/plot']!.display === 'function');
});

test('the root has at most 100 names that exist at run time', () => {
  const runtime = valueNames(live.service!);
  assert.ok(runtime.length <= 100, `${runtime.length} runtime names at the root: ${runtime.join(', ')}`);
});

test('every error class of service/exceptions is also exported by service', () => {
  const root = live.service;
  const missing = Object.entries(live['service/exceptions']!)
    .filter(([, k]) => k === 'class')
    .filter(([n, k]) => root![n] !== k)
    .map(([n]) => n);
  assert.equal(missing, []);
});

test('diffApi reports added, removed and changed names, and new or removed entry points', () => {
  const before: PublicApi = { service: { a: 'class', b: 'function', c: 'const' }, 'service/x': { y: 'type' } };
  const after: PublicApi = { service: { a: 'class', c: 'const+type', d: 'interface' }, 'service/z': {} };
  assert.equal(diffApi(before, after), [
    'service',
    '  - b (function)',
    '  ~ c: const -> const+type',
    '  + d (interface)',
    'service/x',
    '  - (entry point removed)',
    '  - y (type)',
    'service/z',
    '  + (new entry point)',
  ]);
  assert.equal(diffApi(before, before), []);
});

test('valueNames keeps what exists at run time', () => {
  assert.equal(
    valueNames({ B: 'interface', A: 'class', C: 'const+type', D: 'type', E: 'type-only class', 'n.x': 'function', n: 'namespace' }),
    ['A', 'C', 'n'],
  );
});

test.run();
