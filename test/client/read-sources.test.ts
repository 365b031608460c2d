// readSeries / readTable over the hand-written fixtures of test/fixtures/sources/: each file as
// a real source writes it (DST days in CET, Europe/London, America/New_York, Australia/Sydney;
// ENTSO-E's MTU ranges with two auctions and (CET)/(CEST) markers; OPSD's wide file with its two
// timestamp columns; decimal commas; Excel serial days; `01jan2022 00:00:00` dates in EUR/kWh).
// The expected instants are worked out by hand from each zone's rules (comments).
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSeries, readTable } from '../../src/client/read-sources';
import { ValidationError, ValueError } from '../../src/exceptions';
import { Curve, CurveType, DataType } from '../../src/model';
import { Frequency } from '../../src/time';

const dir = join(__dirname, '..', 'fixtures', 'sources');
const at = (iso: string) => Date.parse(`${iso}:00Z`);

/** A series as [UTC minute text, value] pairs. */
async function pairs(file: string, k = 0): Promise<[string, number | null][]> {
  const list = await readSeries(join(dir, file));
  const s = list[k]!;
  return [...s.times].map((t, i) => [new Date(t).toISOString().slice(0, 16), Number.isNaN(s.values[i]!) ? null : s.values[i]!]);
}

test('CET: the empty spring hour is dropped, the autumn hour written twice is CEST then CET', async () => {
  assert.equal(await pairs('cet-hourly.source.yaml'), [
    ['2024-03-30T23:00', 100], // 00:00 CET (+01:00)
    ['2024-03-31T00:00', 101], // 01:00 CET
    ['2024-03-31T01:00', 103], // 03:00 CEST (+02:00); 02:00 does not exist and was empty
    ['2024-03-31T02:00', 104],
    ['2024-10-26T22:00', 200], // 00:00 CEST
    ['2024-10-26T23:00', 201],
    ['2024-10-27T00:00', 202], // 02:00 CEST, the first time
    ['2024-10-27T01:00', 203], // 02:00 CET, the second time
    ['2024-10-27T02:00', 204], // 03:00 CET
  ]);
});

test('Europe/London: dd/MM/yyyy HH:mm, ";" and decimal commas, half hours around both changes', async () => {
  const list = await readSeries(join(dir, 'london-halfhourly.source.yaml'));
  assert.is(list[0]!.resolution.frequency.tag, 'PT30M');
  assert.is(list[0]!.resolution.timezone, 'Europe/London');
  assert.equal(await pairs('london-halfhourly.source.yaml'), [
    ['2024-03-31T00:00', 21000.5], // 00:00 GMT
    ['2024-03-31T00:30', 20800.25],
    ['2024-03-31T01:00', 20500], // 02:00 BST; 01:00 and 01:30 do not exist (empty)
    ['2024-10-26T23:30', 19000.5], // 00:30 BST
    ['2024-10-27T00:00', 19100], // 01:00 BST
    ['2024-10-27T00:30', 19200], // 01:30 BST
    ['2024-10-27T01:00', 19300], // 01:00 GMT
    ['2024-10-27T01:30', 19400], // 01:30 GMT
    ['2024-10-27T02:00', 19500.75], // 02:00 GMT
  ]);
});

test('America/New_York: Excel serial days (45361 = 2024-03-10), the fraction of a day to the second', async () => {
  assert.equal(await pairs('new-york-excel.source.yaml'), [
    ['2024-03-10T05:00', 30.5], // 00:00 EST (-05:00)
    ['2024-03-10T06:00', 31],
    ['2024-03-10T07:00', 33], // 03:00 EDT (-04:00); 02:00 does not exist
    ['2024-11-03T04:00', 40], // 00:00 EDT
    ['2024-11-03T05:00', 41], // 01:00 EDT
    ['2024-11-03T06:00', 42], // 01:00 EST
    ['2024-11-03T07:00', 43], // 02:00 EST
  ]);
});

test('Australia/Sydney, long layout (JSON description): the repeat is inferred per curve', async () => {
  const list = await readSeries(join(dir, 'sydney-long.source.json'));
  assert.equal(
    list.map((s) => s.name),
    ['AU Source Test NSW Demand MW H Actual', 'AU Source Test VIC Demand MW H Actual'],
  );
  assert.equal(await pairs('sydney-long.source.json', 0), [
    ['2024-04-06T14:00', 7000], // 01:00 AEDT (+11:00)
    ['2024-04-06T15:00', 7100], // 02:00 AEDT
    ['2024-04-06T16:00', 7200], // 02:00 AEST (+10:00)
    ['2024-04-06T17:00', 7300], // 03:00 AEST
    ['2024-10-05T15:00', 6000], // 01:00 AEST
    ['2024-10-05T16:00', 6300], // 03:00 AEDT; 02:00 does not exist (empty)
  ]);
  assert.equal([...list[1]!.values], [5000, 5100, 5200, 5300, 4000, 4300]);
});

test('ENTSO-E export: MTU ranges, Sequence 1 only, (CEST)/(CET) markers decide the repeated quarter hours', async () => {
  assert.equal(await pairs('entsoe-prices.source.yaml'), [
    ['2024-03-31T00:45', 61.1], // 01:45 CET
    ['2024-03-31T01:00', 62.2], // 03:00 CEST
    ['2024-10-26T23:45', 70], // 01:45 CEST
    ['2024-10-27T00:00', 71], // 02:00 (CEST)
    ['2024-10-27T00:45', 72.5], // 02:45 (CEST)
    ['2024-10-27T01:00', 73], // 02:00 (CET)
    ['2024-10-27T01:45', 74.25], // 02:45 (CET)
    ['2024-10-27T02:00', 75], // 03:00 CET
  ]);
});

test('OPSD wide file: utc_timestamp and cet_cest_timestamp give the same two series', async () => {
  const utc = await readSeries(join(dir, 'opsd-utc.source.yaml'));
  const local = await readSeries(join(dir, 'opsd-cet-cest.source.yaml'));
  assert.is(utc.length, 2);
  for (const k of [0, 1]) {
    assert.equal([...local[k]!.times], [...utc[k]!.times]);
    assert.equal([...local[k]!.values], [...utc[k]!.values]);
  }
  assert.equal(
    [...utc[0]!.times],
    [
      at('2024-10-26T22:00'),
      at('2024-10-26T23:00'),
      at('2024-10-27T00:00'),
      at('2024-10-27T01:00'),
      at('2024-10-27T02:00'),
      at('2024-10-27T10:00'),
    ],
  );
  assert.equal([...utc[1]!.values], [0, 0, 0, Number.NaN, 0, 12000.5]);
});

test('01jan2022-style dates in any case, EUR/kWh scaled by 1000 to exact EUR/MWh', async () => {
  assert.equal(await pairs('be-prices.source.yaml'), [
    ['2022-03-27T00:00', 210.34], // 27mar2022 01:00 CET
    ['2022-03-27T01:00', 190], // 03:00 CEST; 02:00 does not exist (empty)
    ['2022-10-29T23:00', 75.23], // 30OCT2022 01:00 CEST
    ['2022-10-30T00:00', 60], // 02:00 CEST
    ['2022-10-30T01:00', 55], // 02:00 CET
    ['2022-10-30T02:00', 49.1], // 03:00 CET
  ]);
});

for (const [name, line, message] of [
  ['bad-date', 3, 'date: not a date-time: "2024-03-3x 00:00"'],
  ['repeated-once', 3, 'date: "2024-10-27 02:00" occurs twice in CET (the clocks go back) but is written once'],
  ['gap-value', 3, 'date: "2024-03-31 02:00" does not exist in CET: the clocks skip it and the row has values'],
] as const) {
  test(`${name}: a clear error naming the file and line, nothing read`, async () => {
    const err = await readSeries(join(dir, `${name}.source.yaml`)).catch((e: unknown) => e);
    assert.instance(err, ValueError);
    assert.match((err as Error).message, /failed with 1 problem; nothing was read:/);
    assert.ok((err as Error).message.includes(`${join(dir, `${name}.csv`)}:${line}: ${message}`), (err as Error).message);
  });
}

test('readTable: the usual table of the list, a time column and one column per series', async () => {
  const table = await readTable(join(dir, 'opsd-utc.source.yaml'));
  assert.is(table.numRows(), 6);
  assert.is(table.numCols(), 3);
});

test('a description object with the data given (as in a browser), a curve named only, passed in options.curves', async () => {
  const curve = new Curve({
    name: 'X Price EUR/MWh H Actual',
    curveType: CurveType.TIMESERIES,
    frequency: Frequency.PT1H,
    timezone: 'UTC',
    dataType: DataType.ACTUAL,
    unit: 'EUR/MWh',
  });
  const description = { file: 'x.csv', date: { column: 't' }, series: [{ column: 'p', curve: curve.name }] };
  const data = 't,p\n2024-01-01T00:00:00Z,1.5\n2024-01-01T01:00:00Z,2\n';
  const list = await readSeries(description, { data, curves: [curve] });
  assert.is(list[0]!.curve, curve);
  assert.equal([...list[0]!.values], [1.5, 2]);
  const err = await readSeries(description, { data }).catch((e: unknown) => e);
  assert.match((err as Error).message, /source:0: curve: curve "X Price EUR\/MWh H Actual" is named only/);
});

test('bad arguments are ValidationErrors naming the parameter', async () => {
  for (const bad of [42, 'prices.csv', join(dir, 'missing.source.yaml')]) {
    const err = await readSeries(bad as string).catch((e: unknown) => e);
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).parameter, 'source');
  }
});

test('dates off the curve grid and a date twice are problems naming the lines', async () => {
  const description = {
    file: 'x.csv',
    date: { column: 't', zone: 'CET' },
    series: [
      { column: 'p', curve: { name: 'X', curve_type: 'TIMESERIES', data_type: 'ACTUAL', frequency: 'PT1H', timezone: 'CET', unit: 'MW' } },
    ],
  };
  const data = 't,p\n2024-01-01 00:00,1\n2024-01-01 00:30,2\n2024-01-01 01:00,3\n2024-01-01T00:00:00+01:00,4\n';
  const err = await readSeries(description, { data }).catch((e: unknown) => e);
  const message = (err as Error).message;
  assert.ok(message.includes('x.csv:3: t: 2023-12-31T23:30:00.000Z is not the start of a PT1H step in CET'), message);
  const clean = data.replace('2024-01-01 00:30,2\n', '');
  const twice = await readSeries(description, { data: clean }).catch((e: unknown) => e);
  assert.ok(
    (twice as Error).message.includes('x.csv:4: t: duplicate date 2023-12-31T23:00:00.000Z: the same instant as line 2'),
    (twice as Error).message,
  );
});

test.run();
