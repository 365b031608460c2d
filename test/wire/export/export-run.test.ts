// One export run into memory: a curve's day of hours in two chunks written to one CSV file, the
// result's files and rows, and how the result shows itself (a plain object with its fields as
// before; a table of its files in notebooks and consoles).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { parseDateTimeText, runExport, type ExportChunk } from '../../../src/wire';
import { withoutFrameDisplay } from '../../helpers/plain-display';

withoutFrameDisplay(test);

const DEF = {
  name: 'DE X MWh/h H Actual',
  curve_type: 'TIMESERIES',
  data_type: 'ACTUAL',
  frequency: 'PT1H',
  timezone: 'UTC',
  unit: 'MWh/h',
};
const H = 3_600_000;

test('a day of hours in chunks of 12 steps: one file of 24 rows, and the result shows its files', async () => {
  const texts = new Map<string, string>();
  const loaded: string[] = [];
  const result = await runExport(
    [DEF],
    {
      format: 'csv',
      layout: 'curve',
      chunkSteps: 12,
      begin: parseDateTimeText('2024-01-01')!,
      end: parseDateTimeText('2024-01-02')!,
    },
    {
      async loadChunk(_curve, chunk): Promise<ExportChunk> {
        loaded.push(chunk.begin);
        const times = Float64Array.from({ length: (chunk.endMs - chunk.beginMs) / H }, (_, i) => chunk.beginMs + i * H);
        return { times, values: times.map((t) => (t - chunk.beginMs) / H), scenarios: [], scenarioNames: [] };
      },
      async openFile(name) {
        let text = '';
        return {
          path: `out/${name}`,
          async write(bytes: Uint8Array) {
            text += new TextDecoder().decode(bytes);
          },
          async end() {
            texts.set(name, text);
          },
          async abort() {},
        };
      },
      async writeText(name, text) {
        texts.set(name, text);
        return `out/${name}`;
      },
    },
  );
  assert.is(loaded.length, 2);
  assert.equal(result, {
    files: [{ path: 'out/DE X MWh_h H Actual.csv', curves: ['DE X MWh/h H Actual'], rows: 24 }],
    curvesFile: 'out/curves.csv',
    rows: 24,
  });
  assert.is(texts.get('DE X MWh_h H Actual.csv')?.split('\n')[0], 'curve,date,value');
  assert.is(
    JSON.stringify(result),
    '{"files":[{"path":"out/DE X MWh_h H Actual.csv","curves":["DE X MWh/h H Actual"],"rows":24}],"curvesFile":"out/curves.csv","rows":24}',
  );
  assert.is(String(result), '<ExportResult: files=1, rows=24, curvesFile=out/curves.csv>');
  assert.is(
    inspect(result),
    [
      'ExportResult',
      '  files       1',
      '  rows        24',
      '  curvesFile  out/curves.csv',
      'files · 1',
      'path  curves  rows',
      'out/DE X MWh_h H Actual.csv  DE X MWh/h H Actual  24',
    ].join('\n'),
  );
  const html = (result as unknown as Record<symbol, () => { 'text/html': string }>)[Symbol.for('Jupyter.display')]!()['text/html'];
  assert.ok(html.startsWith('<div class="service-model"><strong>ExportResult</strong><table>'), html);
  assert.ok(html.includes('<th style="text-align:left">curvesFile</th><td>out/curves.csv</td>'), html);
  assert.ok(
    html.endsWith(
      '<div class="service-model"><strong>files · 1</strong><table><tr><th>path</th><th>curves</th><th>rows</th></tr><tr><td>out/DE X MWh_h H Actual.csv</td><td>DE X MWh/h H Actual</td><td>24</td></tr></table></div>',
    ),
    html,
  );
});

test.run();
