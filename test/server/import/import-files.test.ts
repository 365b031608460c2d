import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { ValueError } from '../../../src/exceptions';
import { checkSources, importFiles, importSources, type ImportSource } from '../../../server/src/import';
import { DuckDbStore } from '../../../server/src/store';

const CURVES = `name,curve_type,data_type,frequency,timezone,unit,area,denominator,categories,instance_issued_timezone
DE Wind Power Production MWh/h H Actual,TIMESERIES,ACTUAL,PT1H,CET,MWh/h,DE,,Wind Power Production,
DE Wind Power Production MWh/h D Climate,SCENARIO_TIMESERIES,CLIMATE,P1D,CET,MWh/h,DE,,Wind Power Production,
DE Consumption MWh/h H Forecast,INSTANCE,FORECAST,PT1H,CET,MWh/h,DE,,Consumption,UTC
DE Nuclear Capacity Available MW REMIT,PERIOD,REMIT,NONE,CET,MW,DE,,Nuclear Capacity Available,
DE Nuclear Capacity Available MW Messages REMIT,INSTANCE_PERIOD,REMIT,NONE,CET,MW,DE,,Nuclear Capacity Available Messages,UTC
DE Futures Power Base EUR/MWh EEX OHLC,OHLC,OHLC,P1D,CET,EUR,DE,MWh,Futures Power Base,
`;
const WIND = 'DE Wind Power Production MWh/h H Actual';
const CLIMATE = 'DE Wind Power Production MWh/h D Climate';
const CONS = 'DE Consumption MWh/h H Forecast';
const REMIT = 'DE Nuclear Capacity Available MW REMIT';
const MESSAGES = 'DE Nuclear Capacity Available MW Messages REMIT';
const FUTURES = 'DE Futures Power Base EUR/MWh EEX OHLC';

let dir: string;
let store: DuckDbStore;
const T = (iso: string) => Date.parse(iso);

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-test-'));
  store = await DuckDbStore.open(join(dir, 'store'));
  await importSources(store, [{ name: 'curves.csv', text: CURVES }]);
});

test.after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('curve definitions create curves with their metadata and defaults', async () => {
  const wind = await store.getCurve(WIND);
  assert.equal(wind, {
    name: WIND,
    curveType: 'TIMESERIES',
    area: 'DE',
    areaSink: null,
    placeKey: null,
    categories: ['Wind', 'Power', 'Production'],
    frequency: 'PT1H',
    timezone: 'CET',
    unit: 'MWh/h',
    denominator: null,
    dataType: 'ACTUAL',
    source: null,
    commodity: null,
    instanceIssuedTimezone: null,
    package: 'power',
  });
  assert.is((await store.getCurve(FUTURES))?.package, 'market');
  assert.is((await store.getCurve(FUTURES))?.denominator, 'MWh');
  assert.is((await store.getCurve(CONS))?.instanceIssuedTimezone, 'UTC');
});

test('a series CSV: dates without offset are wall-clock time in the curve zone (DST day)', async () => {
  // 2024-03-31 in CET: 00:00+01:00 = 23:00Z the day before, 01:00+01:00 = 00:00Z, 03:00+02:00 = 01:00Z (02:00 does not exist)
  const r = await importSources(store, [
    {
      name: 'wind.csv',
      text: `curve,date,value\n${WIND},2024-03-31 03:00,3\n${WIND},2024-03-31 00:00,1\n${WIND},2024-03-31T00:00:00Z,2\n`,
    },
  ]);
  assert.equal([r.blocks, r.values, r.events.length, r.newCurves], [1, 3, 1, []]);
  const block = await store.readSeries(WIND, {}, null);
  assert.equal(Array.from(block.times), [T('2024-03-30T23:00:00Z'), T('2024-03-31T00:00:00Z'), T('2024-03-31T01:00:00Z')]);
  assert.equal(Array.from(block.values as Float64Array), [1, 2, 3]);
  assert.equal([r.events[0]!.begin, r.events[0]!.end], [T('2024-03-30T23:00:00Z'), T('2024-03-31T02:00:00Z')]);
});

test('wall-clock times a DST change skips move forward; ambiguous ones take standard time', async () => {
  const curve = 'NL Wind Power Production MWh/h 15min Actual';
  const defs = `name,curve_type,data_type,frequency,timezone,unit,area\n${curve},TIMESERIES,ACTUAL,PT15M,CET,MWh/h,NL\n`;
  // 2024-03-31 02:30 does not exist in CET: 03:30+02:00 = 01:30Z; 2024-10-27 02:30 happens twice: +01:00 = 01:30Z
  await importSources(store, [
    { name: 'nl.csv', text: defs },
    { name: 'dst.csv', text: `curve,date,value\n${curve},2024-03-31 02:30,1\n${curve},2024-10-27 02:30,2\n` },
  ]);
  assert.equal(Array.from((await store.readSeries(curve, {}, null)).times), [T('2024-03-31T01:30:00Z'), T('2024-10-27T01:30:00Z')]);
});

test('a scenario CSV: scenario:<name> columns; empty cells are missing values', async () => {
  // 2024-01-01 and 2024-01-02 at local midnight in CET (+01:00)
  await importSources(store, [
    { name: 'climate.csv', text: `curve,date,scenario:y1991,scenario:y1992\n${CLIMATE},2024-01-01,10,11\n${CLIMATE},2024-01-02,,13\n` },
  ]);
  const block = await store.readSeries(CLIMATE, {}, null);
  assert.equal(Array.from(block.times), [T('2023-12-31T23:00:00Z'), T('2024-01-01T23:00:00Z')]);
  assert.is(block.values, null);
  assert.equal(block.scenarioNames, ['y1991', 'y1992']);
  assert.ok(Number.isNaN(block.scenarios[0]![1]));
  assert.equal(Array.from(block.scenarios[1]!), [11, 13]);
});

test('an instance CSV: issued in the issue zone, tag lower-cased, created in the curve zone, ensembles', async () => {
  const rows = [0, 1].map(
    (h) => `${CONS},2024-01-01T0${h}:00:00Z,2024-01-01T00:00:00Z,EC,2024-01-01 05:30,${100 + h},${99 + h},${101 + h}`,
  );
  const r = await importSources(store, [
    { name: 'cons.csv', text: `curve,date,issued,tag,created,value,scenario:e00,scenario:e01\n${rows.join('\n')}\n` },
  ]);
  assert.is(r.instances, 1);
  const [inst] = await store.listInstances(CONS);
  // created 05:30 in CET (+01:00) = 04:30Z
  assert.equal(inst, {
    curve: CONS,
    issued: T('2024-01-01T00:00:00Z'),
    tag: 'ec',
    created: T('2024-01-01T04:30:00Z'),
    modified: null,
    scenarioNames: ['e00', 'e01'],
  });
  assert.equal([r.events[0]!.issued, r.events[0]!.tag], [T('2024-01-01T00:00:00Z'), 'ec']);
  const block = await store.readSeries(CONS, {}, { issued: inst!.issued, tag: 'EC' });
  assert.equal(Array.from(block.values as Float64Array), [100, 101]);
  assert.equal(Array.from(block.scenarios[1]!), [101, 102]);
  // importing the instance again keeps created and sets modified
  await importSources(
    store,
    [{ name: 'again.csv', text: `curve,date,issued,tag,value\n${CONS},2024-01-01T00:00:00Z,2024-01-01T00:00:00Z,ec,7\n` }],
    { clock: () => T('2024-01-02T00:00:00Z') },
  );
  const [again] = await store.listInstances(CONS);
  assert.equal([again!.created, again!.modified], [T('2024-01-01T04:30:00Z'), T('2024-01-02T00:00:00Z')]);
});

test('period CSVs, with capacity and with instances', async () => {
  const text = `curve,begin,end,value,capacity\n${REMIT},2024-01-06,2024-02-01,8600,8600\n${REMIT},2024-01-01,2024-01-06,8113.5,8600\n`;
  await importSources(store, [{ name: 'remit.csv', text }]);
  const p = await store.readPeriods(REMIT, {}, null);
  assert.equal(Array.from(p.begins), [T('2023-12-31T23:00:00Z'), T('2024-01-05T23:00:00Z')]);
  assert.equal(Array.from(p.values), [8113.5, 8600]);
  assert.equal(Array.from(p.capacities as Float64Array), [8600, 8600]);
  const msg = `curve,issued,tag,begin,end,value\n${MESSAGES},2024-01-01T10:54:51Z,GGXX,2024-01-02T00:00:00+01:00,2024-01-03T00:00:00+01:00,500\n`;
  const r = await importSources(store, [{ name: 'msg.csv', text: msg }]);
  assert.is(r.instances, 1);
  assert.is((await store.readPeriods(MESSAGES, {}, { issued: T('2024-01-01T10:54:51Z'), tag: 'ggxx' })).values[0], 500);
});

test('an OHLC CSV: trading and delivery days at local midnight; empty prices missing', async () => {
  const text = `curve,traded,period,delivery,open,high,low,close,settlement,volume,open_interest
${FUTURES},2024-01-02,Month,2024-02-01,80,82,79,81,81.5,394,10678
${FUTURES},2024-01-02,year,2025-01-01,,,,,90.25,,
`;
  const r = await importSources(store, [{ name: 'eex.csv', text }]);
  assert.is(r.values, 2);
  const o = await store.readOhlc(FUTURES, {});
  assert.equal(Array.from(o.traded), [T('2024-01-01T23:00:00Z'), T('2024-01-01T23:00:00Z')]);
  assert.equal(o.period, ['month', 'year']);
  assert.equal(Array.from(o.delivery), [T('2024-01-31T23:00:00Z'), T('2024-12-31T23:00:00Z')]);
  assert.equal([o.settlement[0], o.settlement[1], o.openInterest[0]], [81.5, 90.25, 10678]);
  assert.ok(Number.isNaN(o.open[1]));
});

test('a JSON file: curve objects, and service responses as they were saved', async () => {
  const json = {
    curves: [
      {
        name: 'FR Solar Photovoltaic Production MWh/h 15min Actual',
        curve_type: 'TIMESERIES',
        area: 'FR',
        area_sink: null,
        place: null,
        categories: ['Solar', 'Photovoltaic', 'Production'],
        resolution: { frequency: 'PT15M', timezone: 'CET' },
        unit: 'MWh/h',
        denominator: null,
        data_type: 'ACTUAL',
        source: null,
        commodity: 'Power',
        instance_issued_timezone: null,
        subscription: { access: 'PAYING', type: 'PACKAGE', label: 'x', package: 'power' },
      },
    ],
    timeseries: [
      {
        curve: 'FR Solar Photovoltaic Production MWh/h 15min Actual',
        resolution: { frequency: 'PT15M', timezone: 'CET' },
        unit: 'MWh/h',
        denominator: null,
        data: [
          { d: '2024-06-01T12:00:00+02:00', v: 5 },
          { d: '2024-06-01T12:15:00+02:00', v: null },
        ],
      },
      {
        curve: {
          name: CONS,
          curve_type: 'INSTANCE',
          area: 'DE',
          resolution: { frequency: 'PT1H', timezone: 'CET' },
          data_type: 'FORECAST',
          unit: 'MWh/h',
        },
        instance: { issued: '2024-06-01T00:00:00+00:00', tag: 'gfs', scenarios: 0, created: null, modified: null },
        contract: null,
        scenario_names: null,
        data: [{ d: '2024-06-02T00:00:00+02:00', v: 4249.56 }],
      },
    ],
    periodseries: [
      {
        curve: REMIT,
        resolution: { frequency: 'NONE', timezone: 'CET' },
        data: [{ begin: '2024-06-01T00:00:00+02:00', end: '2024-06-05T00:00:00+02:00', v: 7000, capacity: 8600 }],
      },
    ],
    ohlc: [
      {
        curve: FUTURES,
        unit: 'EUR',
        denominator: 'MWh',
        data: [{ product: { traded_at: '2024-06-03', period: 'week', front: 1, delivery: '2024-06-10' }, settlement: 70 }],
      },
    ],
  };
  const r = await importSources(store, [{ name: 'saved.json', text: JSON.stringify(json, null, 2) }]);
  assert.equal(r.newCurves, ['FR Solar Photovoltaic Production MWh/h 15min Actual']);
  assert.is(r.events.length, 4);
  const solar = await store.readSeries('FR Solar Photovoltaic Production MWh/h 15min Actual', {}, null);
  assert.equal(Array.from(solar.times), [T('2024-06-01T10:00:00Z'), T('2024-06-01T10:15:00Z')]);
  assert.ok(Number.isNaN((solar.values as Float64Array)[1]));
  assert.is((await store.getCurve('FR Solar Photovoltaic Production MWh/h 15min Actual'))?.commodity, 'Power');
});

async function snapshot() {
  return {
    stats: await store.stats(),
    events: (await store.eventsAfter(null, 1_000_000)).events.length,
    wind: Array.from((await store.readSeries(WIND, {}, null)).values as Float64Array),
  };
}

async function refused(sources: ImportSource[], expected: string[]): Promise<void> {
  const before = await snapshot();
  try {
    await importSources(store, sources);
    assert.unreachable('the import should fail');
  } catch (err) {
    assert.instance(err, ValueError);
    const lines = (err as Error).message
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
    assert.equal(lines, expected);
  }
  assert.equal(await snapshot(), before, 'the store is unchanged');
}

const GOOD = { name: 'good.csv', text: `curve,date,value\n${WIND},2024-03-31 05:00,50\n` };

test('wrong columns are refused with file, line and field; a good file in the same import is not imported either', async () => {
  await refused(
    [GOOD, { name: 'cols.csv', text: `curve,date,valeu,colour\n${WIND},2024-01-01,1,red\n` }],
    [
      'cols.csv:1: valeu: unknown column for a series file',
      'cols.csv:1: colour: unknown column for a series file',
      'cols.csv:1: value: a series file needs a value column or scenario:<name> columns',
    ],
  );
  await refused(
    [GOOD, { name: 'periods.csv', text: `curve,begin,end\n${REMIT},2024-01-01,2024-01-02\n` }],
    ['periods.csv:1: value: required column is missing'],
  );
  await refused(
    [{ name: 'fields.csv', text: `curve,date,value\n${WIND},2024-01-01 00:00\n` }],
    ['fields.csv:2: expected 3 fields, found 2'],
  );
  await refused(
    [{ name: 'kind.csv', text: 'when,what\n1,2\n' }],
    [
      'kind.csv:1: cannot tell the kind of file from the header: expected curve columns (name, curve_type, ...), series (curve, date, value), periods (curve, begin, end, value) or OHLC (curve, traded, period, delivery, settlement)',
    ],
  );
});

test('bad dates are refused: impossible dates, text, off the step grid', async () => {
  await refused(
    [
      GOOD,
      {
        name: 'dates.csv',
        text: `curve,date,value\n${WIND},2024-02-30 00:00,1\n${WIND},yesterday,2\n${WIND},2024-01-01 00:30,3\n${WIND},,4\n`,
      },
    ],
    [
      'dates.csv:2: date: not a date-time: "2024-02-30 00:00" (expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or ISO 8601 with an offset)',
      'dates.csv:3: date: not a date-time: "yesterday" (expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or ISO 8601 with an offset)',
      'dates.csv:4: date: "2024-01-01 00:30" is not the start of a PT1H step in CET',
      'dates.csv:5: date: the date-time is missing',
    ],
  );
});

test('an unknown curve type (and other bad curve fields) is refused', async () => {
  const text =
    'name,curve_type,data_type,frequency,timezone,unit\nNew Curve,TIMESERIE,ACTUAL,PT1H,CET,MW\nOther Curve,TIMESERIES,ACTUALS,PT7M,Mars/Olympus,MW\n';
  await refused(
    [GOOD, { name: 'types.csv', text }],
    [
      'types.csv:2: curve_type: unknown curve type "TIMESERIE"',
      'types.csv:3: data_type: unknown data type "ACTUALS"',
      'types.csv:3: frequency: unknown frequency "PT7M"',
      'types.csv:3: timezone: unknown time zone "Mars/Olympus"',
    ],
  );
  assert.is(await store.getCurve('New Curve'), null);
});

test('duplicate timestamps are refused, also when written with different offsets', async () => {
  // 2024-01-01 01:00 CET (+01:00) = 00:00Z
  const text = `curve,date,value\n${WIND},2024-01-01 01:00,1\n${WIND},2024-01-01T02:00:00+01:00,2\n${WIND},2024-01-01T00:00:00Z,3\n`;
  await refused(
    [GOOD, { name: 'dups.csv', text }],
    ['dups.csv:4: date: duplicate date "2024-01-01T00:00:00Z": the same instant as line 2'],
  );
  await refused(
    [GOOD, { name: 'again.csv', text: `curve,date,value\n${WIND},2024-03-31 05:00,1\n` }],
    ['again.csv:2: curve: the block overlaps another block of the same curve in the import (good.csv:2); each date may be given once'],
  );
});

test('unknown curves, wrong curve types, missing instances and bad numbers are refused', async () => {
  const text = `curve,date,value\nNo Such Curve,2024-01-01,1\n${REMIT},2024-01-01,1\n${CONS},2024-01-01 00:00,1\n${WIND},2024-01-01 00:00,1.2.3\n`;
  await refused(
    [{ name: 'refs.csv', text }],
    [
      'refs.csv:5: value: not a number: "1.2.3"',
      'refs.csv:2: curve: unknown curve "No Such Curve": define it (a curves CSV file or "curves" in JSON) or import its definition first',
      'refs.csv:3: curve: curve "DE Nuclear Capacity Available MW REMIT" is of type PERIOD; series are for TIMESERIES, SCENARIO_TIMESERIES, INSTANCE curves',
      'refs.csv:4: issued: curve "DE Consumption MWh/h H Forecast" (INSTANCE) needs the instance: issued (and tag)',
    ],
  );
});

test('a definition that differs from the stored curve is refused; an equal one passes', async () => {
  await refused(
    [{ name: 'meta.csv', text: `name,curve_type,data_type,frequency,timezone,unit\n${WIND},TIMESERIES,ACTUAL,PT1H,CET,GW\n` }],
    [`meta.csv:2: unit: differs from the stored curve "${WIND}" (stored "MWh/h", file "GW"); an import never changes a curve's metadata`],
  );
  assert.equal(
    await checkSources(store, [
      { name: 'same.csv', text: `name,curve_type,data_type,frequency,timezone,unit\n${WIND},timeseries,actual,PT1H,CET,MWh/h\n` },
    ]),
    [],
  );
});

test('bad JSON files are refused with lines', async () => {
  await refused(
    [{ name: 'syntax.json', text: '{\n  "timeseries": [\n    {"curve": "x",}\n  ]\n}' }],
    ['syntax.json:3: JSON syntax, column 19: expected a member name in double quotes'],
  );
  const text = `{\n  "timeseries": [{\n    "curve": "${WIND}",\n    "data": [\n      {"d": "2024-01-01T00:00:00Z", "v": 1},\n      {"d": "2024-01-01T01:00:00Z", "v": "2"},\n      {"date": "x"}\n    ],\n    "colour": "red"\n  }]\n}`;
  await refused(
    [{ name: 'members.json', text }],
    [
      'members.json:9: colour: unknown member of a timeseries object',
      'members.json:6: v: expected a number or null, got "2"',
      'members.json:7: date: unknown member of a data item',
      'members.json:7: d: expected a string, got null',
      'members.json:7: date: the date-time is missing',
    ],
  );
});

test('importFiles reads files by extension and refuses unreadable or unknown ones', async () => {
  const ok = join(dir, 'wind.csv');
  writeFileSync(ok, `curve,date,value\n${WIND},2024-04-01 00:00,77\n`);
  assert.is((await importFiles(store, [ok])).values, 1);
  const before = await snapshot();
  await importFiles(store, [ok, join(dir, 'missing.csv'), join(dir, 'notes.txt')]).then(
    () => assert.unreachable(),
    (err: Error) => {
      assert.match(err.message, /missing\.csv:0: cannot read the file: ENOENT/);
      assert.match(err.message, /notes\.txt:0: cannot read the file/);
    },
  );
  writeFileSync(join(dir, 'notes.txt'), 'x');
  await importFiles(store, [join(dir, 'notes.txt')]).then(
    () => assert.unreachable(),
    (err: Error) => assert.match(err.message, /unknown file type/),
  );
  assert.equal(await snapshot(), before);
  const dry = await importFiles(store, [ok], { dryRun: true });
  assert.equal([dry.values, dry.events.length], [1, 0]);
  assert.equal(await snapshot(), before, 'a dry run writes nothing');
});

test('a Parquet source file of 14 row groups, a column it does not read; a bad row in a late group imports nothing', async () => {
  const rows = 2000;
  const start = Date.UTC(2024, 0, 1);
  const a = Float64Array.from({ length: rows }, (_, i) => i / 4);
  const b = Float64Array.from({ length: rows }, (_, i) => -i);
  const source = (name: string, dates: Date[], curves: [string, string]) => {
    const columnData = [
      { name: 'note', data: Array.from({ length: rows }, (_, i) => `row ${i}`), type: 'STRING' as const },
      { name: 'utc_timestamp', data: dates, type: 'TIMESTAMP' as const },
      { name: 'a', data: a, type: 'DOUBLE' as const },
      { name: 'b', data: b, type: 'DOUBLE' as const },
    ];
    // 150 rows a row group: 14 groups
    writeFileSync(join(dir, `${name}.parquet`), new Uint8Array(parquetWriteBuffer({ columnData, rowGroupSize: 150 })));
    const series = curves.map(
      (curve, k) =>
        `  - column: ${'ab'[k]}\n    curve: { name: ${curve}, curve_type: TIMESERIES, data_type: ACTUAL, frequency: PT15M, timezone: UTC, unit: MW, area: DE }`,
    );
    writeFileSync(
      join(dir, `${name}.source.yaml`),
      `file: ${name}.parquet\ndate: { column: utc_timestamp }\nseries:\n${series.join('\n')}\n`,
    );
    return join(dir, `${name}.source.yaml`);
  };
  const dates = Array.from({ length: rows }, (_, i) => new Date(start + i * 900_000));
  const good = source('pq', dates, ['PQ A MW 15min Actual', 'PQ B MW 15min Actual']);
  const r = await importFiles(store, [good]);
  assert.equal([r.blocks, r.values, r.newCurves.length], [2, 2 * rows, 2]);
  const read = await store.readSeries('PQ A MW 15min Actual', {}, null);
  assert.equal(
    Array.from(read.times),
    Array.from(dates, (d) => d.getTime()),
  );
  assert.equal(Array.from(read.values as Float64Array), Array.from(a));
  assert.equal(Array.from((await store.readSeries('PQ B MW 15min Actual', {}, null)).values as Float64Array), Array.from(b));
  // row 1700 (line 1702, the twelfth row group) a minute off the 15-minute grid
  const off = dates.map((d, i) => (i === 1700 ? new Date(d.getTime() + 60_000) : d));
  const before = await snapshot();
  await importFiles(store, [source('pq-bad', off, ['PQ C MW 15min Actual', 'PQ D MW 15min Actual'])]).then(
    () => assert.unreachable(),
    (err: Error) =>
      assert.match(err.message, /pq-bad\.parquet:1702: utc_timestamp: 2024-01-18T17:01:00\.000Z is not the start of a PT15M step in UTC/),
  );
  assert.equal(await snapshot(), before, 'the store is unchanged');
  assert.is(await store.getCurve('PQ C MW 15min Actual'), null);
});

test.run();
