// The body of a save: one JSON import file, blocks in the import format, and the answer read back.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
