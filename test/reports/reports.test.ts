// `npm run report` (scripts/jupyter/run-notebooks.mjs) on two fixture notebooks: parameters (the
// cell tagged `parameters`, --param, --params-file with an index page, unknown names refused),
// check cells hidden, execution counts numbered, and a snapshot (--record, then --replay with no
// service) that gives the same page apart from when it ran and where the data came from, with
// the same list of requests and data version in the provenance: for a fixture notebook and for
// the teaching notebooks 01 and 02, which show the service's error answers (403, 404, 400) on
// purpose (a recording keeps those too), and for notebook 06, which follows the live push feed
// (the recording keeps the feed's conversation; the replay plays it back with no service).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type NotebookRun, runNotebooks } from '../helpers/run-notebooks';

const root = resolve(__dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'notebooks');
const work = mkdtempSync(join(tmpdir(), 'service-reports-'));
// The snapshot fixture imports "service": tslab finds it through notebooks/node_modules/service
// (kernel/install.mjs links it), so it runs from a hidden folder there, removed afterwards.
const snapshotDir = join(root, 'notebooks', `.report-test-${process.pid}`);
const RUN_TIMEOUT_MS = 6 * 60_000;
/** Teaching notebooks replayed too: 01 and 02 display error answers on purpose, 06 follows the live feed. */
const TEACHING = ['01-quickstart', '02-timeseries-in-depth', '06-live-data'];

type Run = NotebookRun;

const report = (...args: string[]): Promise<Run> => runNotebooks(['--no-live', ...args], RUN_TIMEOUT_MS);

interface Provenance {
  ran: string;
  source: Record<string, string>;
  parameters: Record<string, unknown>;
  dataVersion: string | null;
  requests: { operation: string; curve: string | null; range: string | null; path: string; etag: string | null }[];
  charts: Record<string, string>;
}

function provenanceOf(page: string): Provenance {
  const m = /<script type="application\/json" id="service-provenance">(.*?)<\/script>/s.exec(page);
  assert.ok(m, 'the page has its provenance record');
  return JSON.parse(m?.[1] ?? '{}') as Provenance;
}

/** The page without its provenance (metadata and footer): what a replay must give again. */
function withoutProvenance(page: string): string {
  return page
    .replace(/<meta name="service-provenance"[^>]*>\n/, '')
    .replace(/<script type="application\/json" id="service-provenance">.*?<\/script>\n/s, '')
    .replace(/<footer id="service-provenance-footer"[\s\S]*?<\/footer>\n/, '');
}

let params: Run;
let unknown: Run;
let batch: Run;
let recorded: Run;
let replayed: Run;
const out = (name: string): string => join(work, name);

test.before(async () => {
  const paramsDir = join(fixtures, 'params');
  mkdirSync(snapshotDir, { recursive: true });
  copyFileSync(join(fixtures, 'snapshot', 'snapshot-fixture.ipynb'), join(snapshotDir, 'snapshot-fixture.ipynb'));
  for (const name of TEACHING) copyFileSync(join(root, 'notebooks', `${name}.ipynb`), join(snapshotDir, `${name}.ipynb`));
  params = await report('--notebooks', paramsDir, '--out', out('params'), '--param', 'area=FR', '--param', 'days=14');
  unknown = await report('--no-build', '--notebooks', paramsDir, '--out', out('unknown'), '--param', 'zone=CET');
  writeFileSync(join(work, 'batch.yaml'), '- { area: DE, days: 1 }\n- { area: NL, days: 2 }\n');
  batch = await report('--no-build', '--notebooks', paramsDir, '--out', out('batch'), '--params-file', join(work, 'batch.yaml'));
  // With the live demo (the later flag wins over report()'s --no-live), so notebook 06 sees events.
  recorded = await report('--no-build', '--live', '--notebooks', snapshotDir, '--out', out('recorded'), '--record', out('snapshot'));
  replayed = await report('--no-build', '--notebooks', snapshotDir, '--out', out('replayed'), '--replay', out('snapshot'));
});

test.after(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(snapshotDir, { recursive: true, force: true });
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
  assert.is(withoutProvenance(b), withoutProvenance(a));
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

test('the teaching notebooks 01, 02 and 06 replay with their error answers and feed events, the same page provenance aside', () => {
  // What the error cells print: the error classes (01) and the service's 400 message (02); what
  // the feed cells print (06): the events that arrived and the ones sent again on resuming.
  const shown = {
    '01-quickstart': ['<td>ForbiddenError</td>', '<td>NotFoundError</td>', '<td>ValidationError</td>'],
    '02-timeseries-in-depth': ['Field=&#34;unit&#34;, message: Currency conversion needs daily or coarser data'],
    '06-live-data': ['<td>CURVE_UPDATE</td>', 'the feed sent again: ', ': new and previous instance'],
  };
  for (const name of TEACHING) {
    const a = readFileSync(join(out('recorded'), `${name}.html`), 'utf8');
    const b = readFileSync(join(out('replayed'), `${name}.html`), 'utf8');
    for (const error of shown[name as keyof typeof shown]) assert.ok(b.includes(error), `${name} shows ${error}`);
    assert.is(withoutProvenance(b), withoutProvenance(a), name);
    assert.equal(provenanceOf(b).requests, provenanceOf(a).requests, name);
  }
});

test.run();
