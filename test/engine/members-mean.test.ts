import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { valuesOrMembersMean } from '../../src/engine';
import { Timeseries } from '../../src/model';
import { Frequency, Resolution } from '../../src/time';

const resolution = new Resolution(Frequency.PT1H, 'UTC');

test('the own values when the series has them, else the mean of the members present', () => {
  const plain = new Timeseries({ resolution, times: [0, 3_600_000], values: [1, 2] });
  assert.is(valuesOrMembersMean(plain), plain.values);
  const members = new Timeseries({
    resolution,
    times: [0, 3_600_000, 7_200_000],
    scenarios: [
      [10, Number.NaN, Number.NaN],
      [11, 4, Number.NaN],
    ],
  });
  const mean = valuesOrMembersMean(members);
  assert.equal(Array.from(mean.subarray(0, 2)), [10.5, 4]);
  assert.ok(Number.isNaN(mean[2]!));
});

test.run();
