// Export files written chunk by chunk into a buffer: the CSV of the import format (quoting,
// offsets at the autumn change, missing values empty, scenarios), a Parquet file's frame, the
// columns fixed by the first chunk, the definitions as curves.csv, and file names.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../src/exceptions';
import { curvesCsv, exportFileName, SeriesFileWriter, type ExportSink } from '../../../src/wire';

const H = 3_600_000;
const DEF = {
  name: 'DE "X", test MWh/h H Actual',
  curve_type: 'TIMESERIES',
  data_type: 'ACTUAL',
  frequency: 'PT1H',
  timezone: 'Europe/Berlin',
  unit: 'MWh/h',
  categories: ['A', 'B'],
};

function buffer(): ExportSink & { bytes(): Uint8Array; ended: boolean } {
  const parts: Uint8Array[] = [];
  const sink = {
    ended: false,
    async write(b: Uint8Array) {
      parts.push(b);
    },
    async end() {
      sink.ended = true;
    },
    bytes() {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    },
  };
  return sink;
}

test('CSV: the import format, chunk after chunk, dates with the offsets of the autumn change', async () => {
  const sink = buffer();
  const writer = new SeriesFileWriter('csv', [DEF], sink, { curveColumn: false });
  // 2024-10-27 02:00+02:00 (00:00Z) and 02:00+01:00 (01:00Z), then 03:00+01:00
  const t0 = Date.UTC(2024, 9, 27);
  await writer.add(DEF.name, {
    times: Float64Array.of(t0, t0 + H),
    values: Float64Array.of(0.1, Number.NaN),
    scenarios: [],
    scenarioNames: [],
  });
  await writer.add(DEF.name, { times: Float64Array.of(t0 + 2 * H), values: Float64Array.of(-1e-7), scenarios: [], scenarioNames: [] });
  await writer.finish();
  assert.ok(sink.ended);
  assert.is(writer.rows, 3);
  assert.is(
    new TextDecoder().decode(sink.bytes()),
    'curve,date,value\n' +
      '"DE ""X"", test MWh/h H Actual",2024-10-27T02:00:00+02:00,0.1\n' +
      '"DE ""X"", test MWh/h H Actual",2024-10-27T02:00:00+01:00,\n' +
      '"DE ""X"", test MWh/h H Actual",2024-10-27T03:00:00+01:00,-1e-7\n',
  );
});

test('scenario columns, and a chunk of other columns refused', async () => {
  const sink = buffer();
  const writer = new SeriesFileWriter('csv', [DEF], sink, { curveColumn: true });
  await writer.add(DEF.name, {
    times: Float64Array.of(0),
    values: null,
    scenarios: [Float64Array.of(1), Float64Array.of(2)],
    scenarioNames: ['y1', 'y2'],
  });
  assert.is(new TextDecoder().decode(sink.bytes()).split('\n')[0], 'curve,date,scenario:y1,scenario:y2');
  const err = await writer
    .add(DEF.name, { times: Float64Array.of(H), values: Float64Array.of(1), scenarios: [], scenarioNames: [] })
    .catch((e) => e);
  assert.instance(err, ValidationError);
  assert.is((err as ValidationError).parameter, 'curves');
});

test('Parquet: PAR1 at both ends, also for a file without rows', async () => {
  for (const times of [Float64Array.of(0, H), new Float64Array(0)]) {
    const sink = buffer();
    const writer = new SeriesFileWriter('parquet', [DEF], sink, { curveColumn: false });
    if (times.length) await writer.add(DEF.name, { times, values: Float64Array.of(1, Number.NaN), scenarios: [], scenarioNames: [] });
    await writer.finish();
    const bytes = sink.bytes();
    const magic = (at: number) => new TextDecoder().decode(bytes.subarray(at, at + 4));
    assert.equal([magic(0), magic(bytes.length - 4)], ['PAR1', 'PAR1']);
  }
});

test('curves.csv and file names', () => {
  assert.is(
    curvesCsv([DEF]),
    'name,curve_type,data_type,frequency,timezone,unit,area,area_sink,denominator,categories,source,commodity,instance_issued_timezone,package,place_key\n' +
      '"DE ""X"", test MWh/h H Actual",TIMESERIES,ACTUAL,PT1H,Europe/Berlin,MWh/h,,,,A B,,,,,\n',
  );
  assert.is(
    exportFileName('DE Wind Power Production MWh/h 15min Actual', 'parquet'),
    'DE Wind Power Production MWh_h 15min Actual.parquet',
  );
  assert.is(exportFileName('a\\b:c?', 'csv'), 'a_b_c_.csv');
});

test.run();
