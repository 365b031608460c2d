// "Use in a notebook" (server/console/notebook-code.ts): the TypeScript a curve page shows runs as it is
// (here with tsx, the key from SERVICE_API_KEY) and loads the same values the page loaded; the
// Python call names the reference client's methods and arguments; the notebook is one tslab cell.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../src/client';
import type { Curve } from '../../src/model';
import { callFor, runCall, settingsOf } from '../../server/console/curve-call';
import { notebookOf, pythonCode, typescriptCode } from '../../server/console/notebook-code';
import { startService, type StartedService } from '../helpers/start-service';

const root = resolve(__dirname, '..', '..');
const ACTUAL = 'DE Wind Power Production MWh/h 15min Actual';
const FORECAST = 'DE Wind Power Production MWh/h 15min Forecast';
let svc: StartedService;
let client: ServiceClient;

test.before(async () => {
  svc = await startService({ demo: { preset: 'small' }, console: false });
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl });
});

test.after(async () => {
  await svc?.close();
});

/** Runs a TypeScript cell as an ES module with tsx from the project (in a child: the service runs in this process). */
async function runCell(code: string): Promise<string> {
  const dir = join(root, 'tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `console-cell-${process.pid}.mts`);
  writeFileSync(file, `${code}\nconsole.log(JSON.stringify({ rows: data.length }));\n`);
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      // the package as a notebook gets it (its build, by name), not the sources the tests map it to
      env: { ...process.env, SERVICE_API_KEY: svc.apiKey, TSX_TSCONFIG_PATH: join(root, 'server', 'tsconfig.json') },
      timeout: 120_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const status = await new Promise<number | null>((done) => child.on('close', done));
    assert.is(status, 0, stderr);
    return stdout.trim().split('\n').pop() ?? '';
  } finally {
    rmSync(file, { force: true });
  }
}

test('the TypeScript cell runs as it is and loads what the page loaded', async () => {
  const curve: Curve = await client.metadata.curve(ACTUAL);
  const call = callFor(curve, settingsOf(new URLSearchParams('frequency=PT1H&aggregation=SUM')));
  const onPage = (await runCall(client, curve, call, new AbortController().signal)) as { length: number };
  const code = typescriptCode(curve, call, svc.apiUrl);
  assert.match(code, /^import \{ ServiceClient \} from 'service';\nimport \{ lineChart \} from 'service\/plot';/);
  assert.match(
    code,
    /client\.timeseries\.load\("DE Wind Power Production MWh\/h 15min Actual", \{ begin: "\d{4}-\d\d-\d\d", end: "\d{4}-\d\d-\d\d", frequency: "PT1H", aggregation: "SUM" \}\);/,
  );
  // a week of hours (6 days between midnight in CET and in UTC, when the demo's actuals, which
  // end the day after its UTC anchor, lack the newest CET day)
  assert.ok(onPage.length >= 6 * 24, `${onPage.length} hours`);
  assert.is(await runCell(code), JSON.stringify({ rows: onPage.length }));
});

test('the Python call is the reference client`s', async () => {
  const curve = await client.metadata.curve(ACTUAL);
  const call = callFor(curve, settingsOf(new URLSearchParams('begin=2025-01-01&end=2025-01-08&frequency=P1D&aggregation=MAX&unit=GWh/h')));
  assert.is(
    pythonCode(curve, call, 'http://127.0.0.1:7070/api'),
    [
      'from energyquantified import EnergyQuantified',
      'from energyquantified.time import Frequency',
      'from energyquantified.metadata import Aggregation',
      '',
      'eq = EnergyQuantified(api_key_file="service-key.txt", api_url="http://127.0.0.1:7070/api")',
      'data = eq.timeseries.load("DE Wind Power Production MWh/h 15min Actual", begin="2025-01-01", end="2025-01-08", frequency=Frequency.P1D, aggregation=Aggregation.MAX, unit="GWh/h")',
    ].join('\n'),
  );
  const forecast = await client.metadata.curve(FORECAST);
  const ensemble = callFor(forecast, settingsOf(new URLSearchParams('tag=ec-ens')), true);
  assert.is(ensemble.section, 'instances');
  assert.is(ensemble.method, 'latest');
  assert.match(
    pythonCode(forecast, ensemble, 'http://x/api'),
    /data = eq\.instances\.latest\("DE Wind Power Production MWh\/h 15min Forecast", tags=\["ec-ens"\], ensembles=True\)$/,
  );
  assert.match(
    typescriptCode(forecast, ensemble, 'http://x/api'),
    /import \{ scenarioFanChart \} from 'service\/plot';[\s\S]*client\.instances\.latest\("DE Wind Power Production MWh\/h 15min Forecast", \{ tags: "ec-ens", ensembles: true \}\);\nscenarioFanChart\(data\);$/,
  );
  const issued = callFor(forecast, settingsOf(new URLSearchParams('issued=2025-01-01T00:00:00Z&tag=ec')));
  assert.equal([issued.method, issued.options], ['get', { issued: '2025-01-01T00:00:00Z', tag: 'ec' }]);
});

test('the notebook is one tslab cell holding the TypeScript', async () => {
  const curve = await client.metadata.curve(ACTUAL);
  const code = typescriptCode(curve, callFor(curve, settingsOf(new URLSearchParams())), svc.apiUrl);
  const nb = JSON.parse(notebookOf(code)) as {
    cells: { cell_type: string; source: string[]; outputs: unknown[] }[];
    metadata: { kernelspec: { name: string; language: string } };
    nbformat: number;
  };
  assert.is(nb.nbformat, 4);
  assert.is(nb.metadata.kernelspec.name, 'tslab');
  assert.is(nb.metadata.kernelspec.language, 'typescript');
  assert.is(nb.cells.length, 1);
  assert.is(nb.cells[0]!.cell_type, 'code');
  assert.is(nb.cells[0]!.source.join(''), code);
  assert.equal(nb.cells[0]!.outputs, []);
});

test.run();
