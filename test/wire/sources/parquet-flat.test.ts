// Flat Parquet columns read page by page (src/wire/sources/parquet-flat.ts): the same values as
// hyparquet's own reader for files DuckDB writes (version 1 and 2 pages, dictionaries, missing
// values, several row groups), and a file with a list column read by hyparquet's reader instead.
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { snappyUncompressor } from 'hysnappy';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allFlat, readFlatColumns } from '../../../src/wire/sources/parquet-flat';
import { checkSourceDescription, readSourceColumns } from '../../../src/wire/sources';

const dir = mkdtempSync(join(tmpdir(), 'parquet-flat-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** A Parquet file written by DuckDB from a query, as an ArrayBuffer. */
async function duckdbParquet(name: string, query: string, options: string): Promise<ArrayBuffer> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const path = join(dir, name);
  await conn.run(`COPY (${query}) TO '${path}' (FORMAT parquet, ${options})`);
  conn.closeSync();
  db.closeSync();
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const compressors = { SNAPPY: snappyUncompressor() };
const parsers = { timestampFromMicroseconds: (us: bigint) => Number(us / 1000n) };

// 50,000 rows: times, doubles with every 7th missing, a double of five values (a dictionary),
// text with every 3rd missing, integers, and big integers missing from row 20,001 on
const QUERY = `SELECT TIMESTAMP '2024-01-01' + INTERVAL (i * 15) MINUTE AS ts,
  CASE WHEN i % 7 = 0 THEN NULL ELSE i / 4.0 END::DOUBLE AS v, (i % 5)::DOUBLE AS d,
  CASE WHEN i % 3 = 0 THEN NULL ELSE 'x' || (i % 4) END AS s, i::INTEGER AS n,
  CASE WHEN i > 20000 THEN NULL ELSE i END::BIGINT AS late
  FROM range(50000) t(i)`;

for (const [label, options] of [
  ['version 1 pages', 'ROW_GROUP_SIZE 12000, COMPRESSION snappy'],
  ['version 2 pages', 'ROW_GROUP_SIZE 20000, COMPRESSION snappy, PARQUET_VERSION v2'],
  ['no compression', 'ROW_GROUP_SIZE 50000, COMPRESSION uncompressed'],
] as const) {
  test(`${label}: every row group's columns hold what hyparquet's reader gives, a missing value as null`, async () => {
    const file = await duckdbParquet(`${label.replaceAll(' ', '-')}.parquet`, QUERY, options);
    const metadata = await parquetMetadataAsync(file);
    assert.ok(allFlat(metadata));
    const expected = (await parquetReadObjects({ file, compressors, parsers })) as Record<string, unknown>[];
    const names = ['ts', 'v', 'd', 's', 'n', 'late'];
    let row = 0;
    for (let g = 0; g < metadata.row_groups.length; g++) {
      const columns = await readFlatColumns(file, metadata, g, [0, 1, 2, 3, 4, 5], { compressors, parsers });
      const rows = Number(metadata.row_groups[g]!.num_rows);
      for (const [c, column] of columns.entries()) {
        assert.is(column.length, rows, `${names[c]} in group ${g}`);
        const want = expected.slice(row, row + rows).map((r) => r[names[c]!]);
        assert.equal(Array.from(column as ArrayLike<unknown>), want, `${names[c]} in group ${g}`);
      }
      row += rows;
    }
    assert.is(row, 50_000);
    // columns are read alone, in any order
    const [late, ts] = await readFlatColumns(file, metadata, 0, [5, 0], { compressors, parsers });
    assert.equal([ts![0], late![0], late![1]], [Date.UTC(2024, 0, 1), 0n, 1n]);
  });
}

test('a file with a list column: not flat, and a source still reads its flat columns', async () => {
  const file = await duckdbParquet(
    'list.parquet',
    `SELECT TIMESTAMP '2024-01-01' + INTERVAL (i) HOUR AS ts, [i, i + 1] AS pair, i * 1.5 AS v FROM range(30) t(i)`,
    'ROW_GROUP_SIZE 10',
  );
  assert.not.ok(allFlat(await parquetMetadataAsync(file)));
  const curve = { name: 'X', curve_type: 'TIMESERIES', data_type: 'ACTUAL', frequency: 'PT1H', timezone: 'UTC', unit: 'MW' };
  const description = checkSourceDescription(
    { file: 'l.parquet', date: { column: 'ts' }, series: [{ column: 'v', curve }] },
    'l.source.yaml',
  );
  const [col] = await readSourceColumns(description, new Uint8Array(file));
  assert.equal(
    [...col!.times],
    Array.from({ length: 30 }, (_, i) => Date.UTC(2024, 0, 1, i)),
  );
  assert.equal(
    [...col!.values],
    Array.from({ length: 30 }, (_, i) => i * 1.5),
  );
});

test.run();
