// The body of a save: one JSON import file, blocks in the import format, and the answer read back.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { ParseException } from '../../../src/exceptions';
import { Periodseries, Timeseries } from '../../../src/model';
import { Frequency, Resolution } from '../../../src/time';
import { parseSaveResult, periodseriesBlock, saveBody, timeseriesBlock } from '../../../src/wire';

test('blocks name the curve and the instance and keep the dates with their offsets', () => {
  // 2024-10-27 02:00+02:00 and 02:00+01:00 in CET
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.PT1H, 'CET'),
    times: [Date.UTC(2024, 9, 27), Date.UTC(2024, 9, 27, 1)],
    values: [0.1, Number.NaN],
  });
  assert.equal(timeseriesBlock('X', ts, { issued: '2024-10-26 06:00', tag: 'a' }), {
    curve: 'X',
    resolution: { frequency: 'PT1H', timezone: 'CET' },
    instance: { issued: '2024-10-26 06:00', tag: 'a', created: null },
    scenario_names: null,
    data: [
      { d: '2024-10-27T02:00:00+02:00', v: 0.1 },
      { d: '2024-10-27T02:00:00+01:00', v: null },
    ],
  });
  const ps = new Periodseries({
    resolution: new Resolution(Frequency.NONE, 'CET'),
    begins: [Date.UTC(2024, 0, 1) - 3_600_000],
    ends: [Date.UTC(2024, 0, 2) - 3_600_000],
    values: [5],
  });
  assert.equal(periodseriesBlock('Y', ps, null), {
    curve: 'Y',
    instance: null,
    data: [{ begin: '2024-01-01T00:00:00+01:00', end: '2024-01-02T00:00:00+01:00', v: 5 }],
  });
  const body = JSON.parse(saveBody({ timeseries: [] }, true));
  assert.equal(body, { files: [{ name: 'save.json', text: '{"timeseries":[]}' }], dry_run: true });
});

test('the answer is read, and another shape is a ParseException', () => {
  const answer = {
    files: 1,
    new_curves: ['X'],
    curves: ['X'],
    instances: 0,
    blocks: 1,
    values: 2,
    events: 1,
    last_event_id: '1-0',
    dry_run: false,
  };
  assert.equal(parseSaveResult(answer), {
    curves: ['X'],
    newCurves: ['X'],
    instances: 0,
    blocks: 1,
    values: 2,
    events: 1,
    lastEventId: '1-0',
    dryRun: false,
  });
  assert.throws(
    () => parseSaveResult({ files: 1 }),
    (err: unknown) => err instanceof ParseException,
  );
});

/** An object's notebook bundle. */
const bundleOf = (value: object): { 'text/plain': string; 'text/html': string } =>
  (value as Record<symbol, () => { 'text/plain': string; 'text/html': string }>)[Symbol.for('Jupyter.display')]!();

const SAVED = {
  files: 1,
  new_curves: ['DE Residual Load MWh/h H Actual'],
  curves: ['DE Residual Load MWh/h H Actual', 'DE Wind MWh/h H Actual'],
  instances: 0,
  blocks: 2,
  values: 48,
  events: 2,
  last_event_id: '1700000000000-3',
  dry_run: false,
};

test('a save result: its fields as a table, a line with the counts, the same plain object as before', () => {
  const r = parseSaveResult(SAVED);
  assert.equal(r, {
    curves: ['DE Residual Load MWh/h H Actual', 'DE Wind MWh/h H Actual'],
    newCurves: ['DE Residual Load MWh/h H Actual'],
    instances: 0,
    blocks: 2,
    values: 48,
    events: 2,
    lastEventId: '1700000000000-3',
    dryRun: false,
  });
  assert.is(String(r), '<SaveResult: curves=2, newCurves=1, instances=0, blocks=2, values=48, events=2, lastEventId=1700000000000-3>');
  assert.is(
    inspect(r),
    [
      'SaveResult',
      '  curves       DE Residual Load MWh/h H Actual, DE Wind MWh/h H Actual',
      '  newCurves    DE Residual Load MWh/h H Actual',
      '  instances    0',
      '  blocks       2',
      '  values       48',
      '  events       2',
      '  lastEventId  1700000000000-3',
      '  dryRun       false',
    ].join('\n'),
  );
  const html = bundleOf(r)['text/html'];
  assert.ok(html.startsWith('<div class="service-model"><strong>SaveResult</strong><table>'), html);
  assert.ok(html.includes('<th style="text-align:left">newCurves</th><td>DE Residual Load MWh/h H Actual</td>'), html);
  assert.ok(html.includes('<th style="text-align:left">values</th><td>48</td>'), html);
  const dry = parseSaveResult({ ...SAVED, new_curves: [], last_event_id: null, dry_run: true });
  assert.is(String(dry), '<SaveResult: curves=2, newCurves=0, instances=0, blocks=2, values=48, events=2, lastEventId=None, dryRun=true>');
  assert.ok(inspect(dry).includes('  newCurves  none\n'), inspect(dry));
  assert.not.ok(inspect(dry).includes('lastEventId'), 'an empty field is left out');
});

test.run();
