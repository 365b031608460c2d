import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as wire from '../../../src/wire';
import { jsonDifferences } from './equivalent-json';

// Every response body of the recorded request/response pairs parses with the parser its request
// path calls for, and serialising the parsed object gives back an equivalent body
// (equivalent-json.ts lists the rules). Paged responses also carry their five headers.

interface Pair {
  request: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface Codec {
  name: string;
  parse(body: unknown): unknown;
  serialize(value: never): unknown;
  paged?: boolean;
}

const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as Pair[];

const codec = (name: string, parse: (body: unknown) => unknown, serialize: (value: never) => unknown, paged = false): Codec => ({
  name,
  parse,
  serialize,
  paged,
});
const STRINGS = codec('string list', wire.parseStringList, wire.serializeStringList);
const TIMESERIES = codec('timeseries', wire.parseTimeseries, wire.serializeTimeseries);
const PERIODSERIES = codec('periodseries', wire.parsePeriodseries, wire.serializePeriodseries);
const INSTANCES = codec('instance list', wire.parseInstanceList, wire.serializeInstanceList);

/** The parser a client would use for a request path (docs/protocol.md#endpoints, docs/protocol.md#ohlc, docs/protocol.md#srmc). */
function codecFor(request: string): Codec {
  const path = (request.split(' ')[1] as string).split('?')[0] as string;
  const seg = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const [section, a, b] = seg;
  switch (section) {
    case 'metadata':
      if (a === 'categories' || a === 'exact-categories') return STRINGS;
      if (a === 'places') return codec('place page', wire.parsePlaceList, wire.serializePlaceList, true);
      if (seg.length === 2) return codec('curve page', wire.parseCurveList, wire.serializeCurveList, true);
      return codec('curve', wire.parseCurve, wire.serializeCurve);
    case 'user':
      return codec('user', wire.parseUser, wire.serializeUser);
    case 'timeseries':
      return TIMESERIES;
    case 'instances':
    case 'ensembles':
      if (seg.length === 2) return codec('timeseries list', wire.parseTimeseriesList, wire.serializeTimeseriesList);
      if (b === 'tags') return STRINGS;
      if (b === 'list') return INSTANCES;
      if (seg[3] === 'absolute') return codec('absolute', wire.parseAbsoluteResult, wire.serializeAbsoluteResult);
      return TIMESERIES;
    case 'periods':
      return PERIODSERIES;
    case 'period-instances':
      if (seg.length === 2) return codec('periodseries list', wire.parsePeriodseriesList, wire.serializePeriodseriesList);
      return b === 'list' ? INSTANCES : PERIODSERIES;
    case 'ohlc':
      if (b === 'timeseries') return TIMESERIES;
      if (b === 'latest' && seg[3] === 'periods') return PERIODSERIES;
      return codec('ohlc list', wire.parseOHLCList, wire.serializeOHLCList);
    case 'srmc':
      return codec('srmc', wire.parseSRMC, wire.serializeSRMC);
    default:
      throw new Error(`no parser for ${request}`);
  }
}

test('the fixture file has the 80 recorded pairs', () => {
  assert.is(pairs.length, 80);
});

pairs.forEach((pair, i) => {
  const c = codecFor(pair.request);
  test(`pair ${i} (${c.name}): ${pair.request.slice(0, 90)}`, () => {
    const parsed = c.parse(pair.body);
    const written = JSON.parse(JSON.stringify(c.serialize(parsed as never))) as unknown;
    assert.equal(jsonDifferences(pair.body, written), []);
    // Parsing what we wrote gives an equal object (also from JSON text).
    const again = c.parse(JSON.stringify(written));
    if (typeof (parsed as { equals?: unknown }).equals === 'function') {
      assert.ok((parsed as { equals(o: unknown): boolean }).equals(again));
    } else {
      assert.equal(JSON.stringify(c.serialize(again as never)), JSON.stringify(written));
    }
    if (c.paged) {
      const info = wire.parsePageHeaders(pair.headers);
      assert.equal(wire.serializePageHeaders(info), pair.headers);
      assert.is(info.firstPage, 1);
    }
  });
});

test('the parsers cover every kind of body in the fixtures', () => {
  const kinds = new Set(pairs.map((p) => codecFor(p.request).name));
  assert.equal([...kinds].sort(), [
    'absolute',
    'curve',
    'curve page',
    'instance list',
    'ohlc list',
    'periodseries',
    'periodseries list',
    'place page',
    'srmc',
    'string list',
    'timeseries',
    'timeseries list',
    'user',
  ]);
});

test("the machine's time zone changes nothing", () => {
  const writeAll = () =>
    pairs.map((pair) => {
      const c = codecFor(pair.request);
      return JSON.stringify(c.serialize(c.parse(pair.body) as never));
    });
  const before = writeAll();
  const saved = process.env.TZ;
  try {
    process.env.TZ = 'Asia/Kolkata'; // +05:30, no DST: differs from the runner's America/New_York
    assert.is(new Date(Date.UTC(2020, 5, 1)).getHours(), 5);
    assert.equal(writeAll(), before);
  } finally {
    process.env.TZ = saved;
  }
});

test('src/wire re-exports the request side as well as the JSON side', () => {
  for (const name of ['QueryBuilder', 'encodePathSegment', 'formatDateTime', 'parseTimeseries', 'serializePageHeaders']) {
    assert.type((wire as Record<string, unknown>)[name], 'function', name);
  }
});

test.run();
