// The shared source reader (src/wire/sources): descriptions with the line of every problem, the
// rules for the hour the clocks skip and the hour they repeat, markers, filters, decimal marks,
// long layouts, CSV read in chunks, and Parquet and Arrow files (timestamp columns as instants).
import { tableFromArrays, tableToIPC, timestamp, TimeUnit } from '@uwdata/flechette';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../../src/exceptions';
import { wallClockInstants, tableFor, CET } from '../../../src/time';
import {
  checkSourceDescription,
  CsvStream,
  parseCsv,
  ProblemList,
  readSourceColumns,
  readSourceDescription,
  type SourceDescription,
} from '../../../src/wire/sources';

const curve = { name: 'X', curve_type: 'TIMESERIES', data_type: 'ACTUAL', frequency: 'PT1H', timezone: 'CET', unit: 'MW' };

function describe(date: Record<string, unknown>, extra: Record<string, unknown> = {}): SourceDescription {
  return checkSourceDescription(
    { file: 'x.csv', date: { column: 'd', zone: 'CET', ...date }, series: [{ column: 'v', curve }], ...extra },
    'x.source.yaml',
  );
}

async function problemsOf(description: SourceDescription, data: string): Promise<string[]> {
  const problems = new ProblemList();
  await readSourceColumns(description, data, 'x.csv', problems);
  return problems.items.map((p) => `${p.line}: ${p.field}: ${p.message}`);
}

const iso = (t: number) => new Date(t).toISOString().slice(0, 16);

test('wallClockInstants: two instants in the repeated hour, none in the skipped one, summer first', () => {
  const offsetOf = tableFor(CET).offsetFn;
  assert.equal(wallClockInstants(Date.UTC(2024, 9, 27, 2, 30), offsetOf).map(iso), ['2024-10-27T00:30', '2024-10-27T01:30']);
  assert.equal(wallClockInstants(Date.UTC(2024, 2, 31, 2, 30), offsetOf), []);
  assert.equal(wallClockInstants(Date.UTC(2024, 2, 31, 3, 0), offsetOf).map(iso), ['2024-03-31T01:00']);
});

test('a description with problems: each names its line and member, all at once', () => {
  const text = [
    'file: prices.xlsx', // 1
    'layout: tall', // 2
    'date:', // 3
    '  zone: Mars/Olympus', // 4
    '  ambiguous: guess', // 5
    'csv: { delimiter: ";;" }', // 6
    'series:', // 7
    '  - column: p', // 8
    '    curve: 5', // 9
    '    colour: red', // 10
  ].join('\n');
  const err = (() => {
    try {
      readSourceDescription(text, 'p.source.yaml');
    } catch (e) {
      return e as Error;
    }
  })();
  assert.instance(err, ValueError);
  const lines = (err as Error).message
    .split('\n')
    .slice(1)
    .map((l) => l.trim());
  assert.equal(lines, [
    'p.source.yaml:1: file: unknown kind of file "prices.xlsx": name a .csv, .parquet or .arrow file',
    'p.source.yaml:2: layout: expected one of wide, long, got "tall"',
    'p.source.yaml:4: date.column: required member is missing',
    'p.source.yaml:4: date.zone: unknown time zone "Mars/Olympus"',
    'p.source.yaml:5: date.ambiguous: expected one of infer, earlier, later, error, got "guess"',
    'p.source.yaml:6: csv.delimiter: expected one character, got ";;"',
    'p.source.yaml:10: series.0.colour: unknown member (expected one of column, key, scale, curve)',
    "p.source.yaml:9: series.0.curve: expected a stored curve's name or a full curve definition { name, curve_type, data_type, frequency, timezone, unit, ... }",
  ]);
  assert.throws(() => readSourceDescription('file: [a,\n', 'q.source.yaml'), /q\.source\.yaml:\d+: YAML syntax/);
});

test('ambiguous: error, earlier, later; a third repeat under infer; a marker that contradicts the zone', async () => {
  const data = 'd,v\n2024-10-27 02:00,1\n2024-10-27 02:00,2\n';
  assert.equal(await problemsOf(describe({}), data), [
    '2: d: "2024-10-27 02:00" occurs twice in CET (the clocks go back): write it with an offset or a (CEST)/(CET) marker, or set ambiguous: infer, earlier or later',
    '3: d: "2024-10-27 02:00" occurs twice in CET (the clocks go back): write it with an offset or a (CEST)/(CET) marker, or set ambiguous: infer, earlier or later',
  ]);
  const earlier = await readSourceColumns(describe({ ambiguous: 'earlier' }), 'd,v\n2024-10-27 02:00,1\n');
  assert.equal([...earlier[0]!.times].map(iso), ['2024-10-27T00:00']);
  const later = await readSourceColumns(describe({ ambiguous: 'later' }), 'd,v\n2024-10-27 02:00,1\n');
  assert.equal([...later[0]!.times].map(iso), ['2024-10-27T01:00']);
  assert.equal(await problemsOf(describe({ ambiguous: 'infer' }), `${data}2024-10-27 02:00,3\n`), [
    '4: d: "2024-10-27 02:00" is written a third time (it occurs twice in CET; first at line 2)',
  ]);
  assert.equal(await problemsOf(describe({}), 'd,v\n2024-01-15 02:00 (CEST),1\n2024-01-15 03:00 (XYZ),1\n'), [
    '2: d: "2024-01-15 02:00 (CEST)": the marked offset is not that of CET at this time',
    '3: d: unknown zone marker (XYZ) in "2024-01-15 03:00 (XYZ)": expected one of UTC, GMT, WET, WEST, BST, IST, CET, CEST, EET, EEST',
  ]);
});

test('nonexistent: error by default, also for an empty row', async () => {
  assert.equal(await problemsOf(describe({}), 'd,v\n2024-03-31 02:00,\n'), [
    '2: d: "2024-03-31 02:00" does not exist in CET: the clocks skip it (nonexistent: skip-empty drops such a row when it is empty)',
  ]);
});

test('values: decimal commas, a bad number names its column and line, filters keep matching rows', async () => {
  const description = describe({}, { csv: { delimiter: ';', decimal: ',' }, filter: { area: 'DE' } });
  assert.throws(() => describe({}, { filter: { area: 'DE' }, csv: { decimal: ':' } }), /csv\.decimal: expected "\." or ","/);
  const data = 'd;area;v\n2024-01-01 00:00;DE;1,5\n2024-01-01 00:00;FR;9,9\n2024-01-01 01:00;DE;-0,25\n';
  const [col] = await readSourceColumns(description, data);
  assert.equal([...col!.values], [1.5, -0.25]);
  assert.equal([...col!.lines], [2, 4]);
  assert.equal(await problemsOf(description, 'd;area;v\n2024-01-01 00:00;DE;1.5\n'), ['2: v: not a number: "1.5" (decimal mark ",")']);
  assert.equal(await problemsOf(description, 'd;v\n'), ['1: area: the filter column is missing (columns: "d", "v")']);
});

test('unix seconds and milliseconds are instants; a format with an offset token too', async () => {
  const [s] = await readSourceColumns(describe({ format: 'unix-s' }), 'd,v\n1704067200,1\n');
  const [ms] = await readSourceColumns(describe({ format: 'unix-ms' }), 'd,v\n1704067200000,1\n');
  const [tokens] = await readSourceColumns(describe({ format: 'dd.MM.yyyy HH:mm ZZ' }), 'd,v\n01.01.2024 01:00 +01:00,1\n');
  for (const c of [s, ms, tokens]) assert.equal([...c!.times], [Date.UTC(2024, 0, 1)]);
});

test('CSV read in chunks of any size gives the records of the whole text', () => {
  const text = '\ufeffa,b\r\n"x, ""y""\nz",2\n# note\n\n3,4';
  const whole = parseCsv(text);
  assert.equal(whole.records, [
    { line: 1, fields: ['a', 'b'] },
    { line: 2, fields: ['x, "y"\nz', '2'] },
    { line: 6, fields: ['3', '4'] },
  ]);
  for (let size = 1; size <= text.length; size++) {
    const records: unknown[] = [];
    const csv = new CsvStream(
      (r) => records.push(r),
      () => assert.unreachable('no syntax error'),
    );
    for (let i = 0; i < text.length; i += size) csv.push(text.slice(i, i + size));
    csv.end();
    assert.equal(records, whole.records, `chunks of ${size}`);
  }
  assert.equal(parseCsv('a,"b\n').errors, [{ line: 1, message: 'unterminated quoted field' }]);
});

test('Parquet: a wide file with a timestamp column (instants) and a long one with a text date column', async () => {
  const times = [Date.UTC(2024, 9, 26, 22), Date.UTC(2024, 9, 26, 23), Date.UTC(2024, 9, 27, 0)];
  const wide = parquetWriteBuffer({
    columnData: [
      { name: 'utc_timestamp', data: times.map((t) => new Date(t)), type: 'TIMESTAMP' },
      { name: 'load', data: [1.5, null, 3], type: 'DOUBLE' },
    ],
  });
  const description = checkSourceDescription(
    { file: 'w.parquet', date: { column: 'utc_timestamp' }, series: [{ column: 'load', curve }] },
    'w.source.yaml',
  );
  const [col] = await readSourceColumns(description, new Uint8Array(wide));
  assert.equal([...col!.times], times);
  assert.equal([...col!.values], [1.5, Number.NaN, 3]);
  const long = parquetWriteBuffer({
    columnData: [
      { name: 'date', data: ['2024-10-27 02:00', '2024-10-27 02:00', '2024-10-27 02:00', '2024-10-27 02:00'], type: 'STRING' },
      { name: 'curve', data: ['A', 'B', 'A', 'B'], type: 'STRING' },
      { name: 'value', data: [1, 2, 3, 4], type: 'DOUBLE' },
    ],
  });
  const longDescription = checkSourceDescription(
    {
      file: 'l.parquet',
      layout: 'long',
      curve_column: 'curve',
      value_column: 'value',
      date: { column: 'date', zone: 'CET', ambiguous: 'infer' },
    },
    'l.source.yaml',
  );
  const cols = await readSourceColumns(longDescription, new Uint8Array(long));
  assert.equal(
    cols.map((c) => [c.spec.curve.name, [...c.times].map(iso), [...c.values]]),
    [
      ['A', ['2024-10-27T00:00', '2024-10-27T01:00'], [1, 3]],
      ['B', ['2024-10-27T00:00', '2024-10-27T01:00'], [2, 4]],
    ],
  );
});

test('Parquet: row groups of several pages, missing values, scale; a text cell is read row by row', async () => {
  const n = 5000;
  const times = Array.from({ length: n }, (_, i) => Date.UTC(2024, 0, 1) + i * 900_000);
  const load = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? null : i / 4));
  const bytes = parquetWriteBuffer({
    columnData: [
      { name: 'utc_timestamp', data: times.map((t) => new Date(t)), type: 'TIMESTAMP' },
      { name: 'load', data: load, type: 'DOUBLE' },
      { name: 'note', data: Array.from({ length: n }, (_, i) => (i === n - 1 ? 'x' : '1')), type: 'STRING' },
    ],
    rowGroupSize: 1500,
    pageSize: 4096,
  });
  const description = (column: string) =>
    checkSourceDescription(
      { file: 'w.parquet', date: { column: 'utc_timestamp' }, series: [{ column, curve, scale: 1000 }] },
      'w.source.yaml',
    );
  const [col] = await readSourceColumns(description('load'), new Uint8Array(bytes));
  assert.equal([...col!.times], times);
  assert.equal(
    [...col!.values],
    load.map((v) => (v === null ? Number.NaN : v * 1000)),
  );
  assert.equal([...col!.lines.slice(0, 2)], [2, 3]);
  const problems = new ProblemList();
  await readSourceColumns(description('note'), new Uint8Array(bytes), 'w.parquet', problems);
  assert.equal(
    problems.items.map((p) => `${p.file}:${p.line}: ${p.field}: ${p.message}`),
    [`w.parquet:${n + 1}: note: not a number: "x"`],
  );
});

test('Arrow IPC: a timestamp column is instants', async () => {
  const times = [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1, 1)];
  const table = tableFromArrays({ time: times, price: [10.5, 11] }, { types: { time: timestamp(TimeUnit.MILLISECOND, 'UTC') } });
  const description = checkSourceDescription(
    { file: 'p.arrow', date: { column: 'time' }, series: [{ column: 'price', curve }] },
    'p.source.yaml',
  );
  const [col] = await readSourceColumns(description, tableToIPC(table, { format: 'file' }) as Uint8Array);
  assert.equal([...col!.times], times);
  assert.equal([...col!.values], [10.5, 11]);
});

test.run();
