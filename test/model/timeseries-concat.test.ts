// Series joined end to end: parts in order make the whole again, empty parts are skipped, and
// parts that overlap or differ in resolution or scenarios are refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { concatTimeseries, Timeseries } from '../../src/model';
import { Frequency, Resolution } from '../../src/time';

const H = 3_600_000;
const hourly = new Resolution(Frequency.PT1H, 'CET');
const whole = new Timeseries({ resolution: hourly, times: [0, H, 2 * H, 3 * H], values: [1, Number.NaN, 3, 4], name: 'x' });

test('parts in order make the whole series again', () => {
  const parts = [whole.slice(null, H), whole.slice(H, H), whole.slice(H, 3 * H), whole.slice(3 * H)];
  assert.equal(
    parts.map((p) => p.length),
    [1, 0, 2, 1],
  );
  assert.ok(concatTimeseries(parts).equals(whole));
  assert.is(concatTimeseries([whole]), whole);
});

test('scenarios are joined column by column', () => {
  const s = new Timeseries({
    resolution: hourly,
    times: [0, H],
    scenarios: [
      [1, 2],
      [3, 4],
    ],
    scenarioNames: ['a', 'b'],
  });
  const joined = concatTimeseries([s.slice(null, H), s.slice(H)]);
  assert.equal(
    [joined.scenarioNames, joined.scenarios.map((c) => [...c]), joined.valuesOrNull()],
    [
      ['a', 'b'],
      [
        [1, 2],
        [3, 4],
      ],
      null,
    ],
  );
});

test('overlapping parts, other resolutions or scenarios, and no parts are refused', () => {
  const refused = (parts: Timeseries[]) =>
    assert.throws(
      () => concatTimeseries(parts),
      (err: unknown) => err instanceof ValueError,
    );
  refused([]);
  refused([whole.slice(null, 2 * H), whole.slice(H)]);
  refused([whole, new Timeseries({ resolution: new Resolution(Frequency.PT1H, 'UTC'), times: [9 * H], values: [1] })]);
  refused([whole, new Timeseries({ resolution: hourly, times: [9 * H], scenarios: [[1]] })]);
});

test.run();
