// `npm run report` (scripts/jupyter/run-notebooks.mjs) on two fixture notebooks: parameters (the
// cell tagged `parameters`, --param, --params-file with an index page, unknown names refused),
// check cells hidden, execution counts numbered, and a snapshot (--record, then --replay with no
// service) that gives the same page apart from when it ran and where the data came from, with
// the same list of requests and data version in the provenance. The runs with a service share
// one, started here (--service, --key-file), instead of seeding a demo each. The teaching
// notebooks' replay (error answers and the push feed) is checked in browser.test.ts, from the
// recording its full report run makes.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstDifference, provenanceOf, withoutProvenance } from '../helpers/report-pages';
import { type NotebookRun, runNotebooks, serviceArgs } from '../helpers/run-notebooks';
import { type StartedService, startService } from '../helpers/start-service';

const root = resolve(__dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'notebooks');
const work = mkdtempSync(join(tmpdir(), 'service-reports-'));
// The snapshot fixture imports "service": tslab resolves it from the notebook's folder, so that
// folder (in the temporary one, never under notebooks/, where a file appearing or vanishing upsets
// the tslab kernels of other tests' notebook runs) gets a node_modules/service link to the project.
const snapshotDir = join(work, 'snapshot-notebooks');
const RUN_TIMEOUT_MS = 6 * 60_000;

type Run = NotebookRun;

const report = (...args: string[]): Promise<Run> => runNotebooks(['--no-live', ...args], RUN_TIMEOUT_MS);

let service: StartedService;
let params: Run;
let unknown: Run;
let badService: Run;
let batch: Run;
let recorded: Run;
let replayed: Run;
const out = (name: string): string => join(work, name);

test.before(async () => {
  const paramsDir = join(fixtures, 'params');
  mkdirSync(join(snapshotDir, 'node_modules'), { recursive: true });
  symlinkSync(root, join(snapshotDir, 'node_modules', 'service'), 'dir');
  copyFileSync(join(fixtures, 'snapshot', 'snapshot-fixture.ipynb'), join(snapshotDir, 'snapshot-fixture.ipynb'));
  service = await startService({ demo: { preset: 'small' } }); // today's demo, as `npm run report` seeds it
  const shared = serviceArgs(service, work);
  params = await report(...shared, '--notebooks', paramsDir, '--out', out('params'), '--param', 'area=FR', '--param', 'days=14');
  unknown = await report('--no-build', '--notebooks', paramsDir, '--out', out('unknown'), '--param', 'zone=CET');
  badService = await report('--no-build', '--notebooks', paramsDir, '--out', out('unknown'), '--service', 'localhost:7070');
  writeFileSync(join(work, 'batch.yaml'), '- { area: DE, days: 1 }\n- { area: NL, days: 2 }\n');
  batch = await report(...shared, '--no-build', '--notebooks', paramsDir, '--out', out('batch'), '--params-file', join(work, 'batch.yaml'));
  recorded = await report(...shared, '--no-build', '--notebooks', snapshotDir, '--out', out('recorded'), '--record', out('snapshot'));
  replayed = await report('--no-build', '--notebooks', snapshotDir, '--out', out('replayed'), '--replay', out('snapshot'));
});

test.after(async () => {
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

test('--param injects the values after the parameters cell and names the report after them', () => {
  assert.is(params.code, 0, params.output.slice(-4000));
  const page = readFileSync(join(out('params'), 'params-fixture-FR-14.html'), 'utf8');
  assert.ok(page.includes('FR: 336 hours'), 'the injected values were used (14 days * 24)');
  assert.ok(page.includes('Parameters given to this run'), 'the injected cell is shown');
  assert.equal(provenanceOf(page).parameters, { area: 'FR', days: 14 });
});

test('check cells run but are not shown; execution counts are numbered; numbers are rounded', () => {
  const page = readFileSync(join(out('params'), 'params-fixture-FR-14.html'), 'utf8');
  assert.not.ok(page.includes('HIDDEN-CHECK-OUTPUT'), 'the check cell is hidden');
  assert.not.ok(page.includes('In&nbsp;[&nbsp;]'), 'no empty execution count');
  assert.ok(page.includes('[1]:'), 'counts are shown');
});

test('an unknown parameter name fails before anything runs, listing the known ones', () => {
  assert.is(unknown.code, 2);
  assert.match(
    unknown.output,
    'unknown parameter zone for test/fixtures/notebooks/params/params-fixture.ipynb; its parameters are: area, days, title',
  );
});

test('--service takes an http(s) URL, refused before anything runs otherwise', () => {
  assert.is(badService.code, 2);
  assert.match(
    badService.output,
    'run-notebooks: --service must be an http(s) URL such as http://127.0.0.1:7070/api, not "localhost:7070"',
  );
  assert.match(params.output, `run-notebooks: against the service at ${service.apiUrl}`);
});

test('--params-file writes one report per parameter set and an index page', () => {
  assert.is(batch.code, 0, batch.output.slice(-4000));
  const index = readFileSync(join(out('batch'), 'index.html'), 'utf8');
  assert.ok(index.includes('href="params-fixture-DE-1.html"') && index.includes('href="params-fixture-NL-2.html"'), index);
  assert.ok(readFileSync(join(out('batch'), 'params-fixture-NL-2.html'), 'utf8').includes('NL: 48 hours'));
});

test('a replay with no service gives the recorded page again, provenance aside; the requests and data version agree', () => {
  assert.is(recorded.code, 0, recorded.output.slice(-4000));
  assert.is(replayed.code, 0, replayed.output.slice(-4000));
  assert.match(replayed.output, /replaying .* no service/);
  const a = readFileSync(join(out('recorded'), 'snapshot-fixture.html'), 'utf8');
  const b = readFileSync(join(out('replayed'), 'snapshot-fixture.html'), 'utf8');
  assert.ok(a.includes('class="service-chart '), 'the page has an interactive chart');
  assert.is(firstDifference(withoutProvenance(a), withoutProvenance(b)), '', 'the replayed page is the recorded one');
  const pa = provenanceOf(a);
  const pb = provenanceOf(b);
  assert.ok(pa.source.service?.startsWith('http://127.0.0.1:'), JSON.stringify(pa.source));
  assert.is(pb.source.recordedFrom, pa.source.service);
  assert.equal(pb.requests, pa.requests);
  assert.is(pb.dataVersion, pa.dataVersion);
  assert.match(pa.dataVersion ?? '', /^[0-9a-f]{16}$/);
  // The fixture loads one curve, hourly, over one day.
  const load = pa.requests.find((r) => r.operation === 'timeseries');
  assert.is(load?.curve, 'DE Consumption MWh/h 15min Actual');
  assert.match(load?.range ?? '', /^\d{4}-\d\d-\d\d.* to \d{4}-\d\d-\d\d/);
  assert.match(load?.etag ?? '', /^"[A-Za-z0-9_-]{27}"$/);
  assert.equal(Object.keys(pa.charts), ['vega', 'vega-lite', 'vega-embed']);
  // The footer lists the requests too.
  assert.match(a, /<details><summary>\d+ requests \(operation, curve, range, ETag\)<\/summary>/);
  assert.ok(a.includes('DE Consumption MWh/h 15min Actual'));
});

test.run();
