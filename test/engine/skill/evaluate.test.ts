import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateSkill, persistenceValue } from '../../../src/engine';
import { ValidationError } from '../../../src/exceptions';
import { Instance, Timeseries } from '../../../src/model';
import { Frequency, Resolution } from '../../../src/time';

const H = 3_600_000;
const DAY = 24 * H;
const T0 = Date.UTC(2024, 0, 1);

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} != ${expected}`);

/** An hourly instance issued at `issued`, values from the issue on. */
function instance(issued: number, tag: string, values: number[], opts: { zone?: string; members?: number[][] } = {}): Timeseries {
  const times = values.length > 0 ? values.map((_, i) => issued + i * H) : (opts.members?.[0] ?? []).map((_, i) => issued + i * H);
  return new Timeseries({
    resolution: new Resolution(Frequency.PT1H, opts.zone ?? 'UTC'),
    instance: new Instance({ issued: DateTime.fromMillis(issued, { zone: 'UTC' }), tag }),
    name: 'X Forecast',
    unit: 'MW',
    times,
    values: values.length > 0 ? values : null,
    ...(opts.members ? { scenarios: opts.members } : {}),
  });
}

/** An hourly actual from `begin`, `hours` long, with the value of each hour from `value`. */
function actual(begin: number, hours: number, value: (t: number) => number, zone = 'UTC'): Timeseries {
  const times = Array.from({ length: hours }, (_, i) => begin + i * H);
  return new Timeseries({
    resolution: new Resolution(Frequency.PT1H, zone),
    name: 'X Actual',
    unit: 'MW',
    times,
    values: times.map(value),
  });
}

// Three instances, issued at 00:00 on 2 to 4 January, each four hours long; the actual is 100
// everywhere, so the errors are the forecasts minus 100:
//   issue 1: +1 -1 +2 -2    issue 2: +3 +1 0 -4    issue 3: -1 -3 +2 +6
// Buckets of two hours: bucket 0 = leads 0 and 1 h, bucket 1 = leads 2 and 3 h.
const ERRORS = [
  [1, -1, 2, -2],
  [3, 1, 0, -4],
  [-1, -3, 2, 6],
];
const three = ERRORS.map((e, k) =>
  instance(
    T0 + (k + 1) * DAY,
    'a',
    e.map((x) => 100 + x),
  ),
);
const flat = actual(T0, 5 * 24, () => 100);

test('three instances with known errors give known MAE, RMSE, bias and MAPE per lead bucket', () => {
  const r = evaluateSkill(three, flat, { leadTimes: { step: 'PT2H', max: 'PT4H' } });
  assert.equal(r.tags, ['a']);
  assert.equal(
    r.leads().map((l) => l.lead),
    ['0-2h', '2-4h'],
  );
  const [b0, b1] = r.rows;
  // bucket 0: errors 1, -1, 3, 1, -1, -3
  assert.is(b0!.n, 6);
  close(b0!.mae, 10 / 6, 'MAE 0');
  close(b0!.rmse, Math.sqrt(22 / 6), 'RMSE 0');
  close(b0!.bias, 0, 'bias 0');
  close(b0!.mape, 10 / 6, 'MAPE 0 (actual 100: percent = MAE)');
  // bucket 1: errors 2, -2, 0, -4, 2, 6
  assert.is(b1!.n, 6);
  close(b1!.mae, 16 / 6, 'MAE 1');
  close(b1!.rmse, Math.sqrt(64 / 6), 'RMSE 1');
  close(b1!.bias, 4 / 6, 'bias 1');
  // the actual is flat, so persistence is perfect and the skill score is undefined
  assert.ok(Number.isNaN(b0!.skill));
  const issues = r.byIssue();
  assert.equal(
    issues.map((i) => i.issued),
    ['2024-01-02T00:00:00Z', '2024-01-03T00:00:00Z', '2024-01-04T00:00:00Z'],
  );
  assert.is(issues[0]!.n, 4);
  close(issues[0]!.mae, 6 / 4, 'MAE of issue 1');
  close(issues[0]!.rmse, Math.sqrt(10 / 4), 'RMSE of issue 1');
  close(issues[2]!.bias, 4 / 4, 'bias of issue 3');
});

test("the errors' unit is the series' unit with its denominator: MW, or EUR/MWh for a price", () => {
  const leads = { leadTimes: { step: 'PT2H', max: 'PT4H' } } as const;
  assert.is(evaluateSkill(three, flat, leads).unit, 'MW');
  const price = { unit: 'EUR', denominator: 'MWh' };
  const r = evaluateSkill(
    three.map((f) => f.with(price)),
    flat.with(price),
    leads,
  );
  assert.is(r.unit, 'EUR/MWh');
  // an instance without a unit takes the actual's
  const unitless = three.map((f) => f.with({ unit: null }));
  assert.is(evaluateSkill(unitless, flat.with(price), leads).unit, 'EUR/MWh');
});

test('a missing actual and a missing forecast value leave their pairs out', () => {
  const holed = actual(T0, 5 * 24, (t) => (t === T0 + 2 * DAY + H ? Number.NaN : 100)); // issue 2, lead 1 h
  const withGap = [...three];
  withGap[2] = instance(T0 + 3 * DAY, 'a', [Number.NaN, 97, 102, 106]); // issue 3, lead 0 h missing
  const [b0, b1] = evaluateSkill(withGap, holed, { leadTimes: { step: 'PT2H', max: 'PT4H' } }).rows;
  // bucket 0 keeps 1, -1, 3, -3
  assert.is(b0!.n, 4);
  close(b0!.mae, 8 / 4, 'MAE');
  close(b0!.bias, 0, 'bias');
  assert.is(b1!.n, 6);
});

test('leads beyond max and values before the issue are left out; buckets grow only as far as data', () => {
  const r = evaluateSkill(three, flat, { leadTimes: { step: 'PT1H', max: 'PT3H' } });
  assert.equal(
    r.rows.map((x) => x.n),
    [3, 3, 3],
  );
  const wide = evaluateSkill(three, flat, { leadTimes: { step: 'PT1H', max: 'P1D' } });
  assert.is(wide.rows.length, 4);
});

test('a DST day: 23 hours in D+1 of the day-ahead view, 24 in a 24-hour step bucket', () => {
  // issued 2024-03-30 00:00 UTC (01:00 CET); hourly values to 2024-04-01 00:00 CET
  const issued = Date.UTC(2024, 2, 30);
  const end = Date.UTC(2024, 2, 31, 22); // 2024-04-01 00:00 CEST
  const hours = (end - issued) / H;
  const f = instance(
    issued,
    'ec',
    Array.from({ length: hours }, () => 11),
    { zone: 'CET' },
  );
  const a = actual(issued - DAY, hours + 2 * 24, () => 10, 'CET');
  const day = evaluateSkill([f], a, { leadTimes: 'day-ahead', issueZone: 'UTC' });
  assert.equal(
    day.rows.map((r) => [r.lead, r.n]),
    [
      ['D+0', 23], // 01:00-24:00 CET on 30 March
      ['D+1', 23], // 31 March has 23 hours
    ],
  );
  close(day.rows[1]!.mae, 1, 'MAE');
  const steps = evaluateSkill([f], a, { leadTimes: { step: 'PT24H', max: 'P2D' } });
  assert.equal(
    steps.rows.map((r) => r.n),
    [24, 22],
  );
});

test('CRPS, spread-skill ratio and rank of a three-member ensemble, by hand', () => {
  // members 1, 2, 4 against the actual 3:
  //   mean |x - y| = (2 + 1 + 1) / 3 = 4/3; pairs |xi - xj| over all i, j: 2 * (1 + 3 + 2) = 12
  //   CRPS = 4/3 - 12 / (2 * 9) = 2/3
  //   mean 7/3, variance (16/9 + 1/9 + 25/9) / 2 = 7/3, error of the mean -2/3
  //   spread-skill = sqrt(7/3) / (2/3) = sqrt(21/4); rank: two members below -> bin 2 of 0..3
  const ens = instance(T0, 'ens', [], { members: [[1], [2], [4]] });
  const a = actual(T0 - H, 3, () => 3);
  const r = evaluateSkill([ens], a, { leadTimes: { step: 'PT1H', max: 'PT1H' }, metrics: ['mae', 'crps', 'spreadSkill', 'rankHistogram'] });
  const row = r.rows[0]!;
  close(row.crps, 2 / 3, 'CRPS');
  close(row.spreadSkill, Math.sqrt(21 / 4), 'spread-skill');
  assert.equal(row.rankHistogram, [0, 0, 1, 0]);
  close(row.mae, 2 / 3, 'MAE of the mean of the members');
  assert.equal(r.rankHistogram('ens'), [0, 0, 1, 0]);
  close(r.byIssue()[0]!.crps, 2 / 3, 'CRPS of the instance');
});

test('persistence skill score: 1 - MSE / MSE of the last actual known at issue time', () => {
  // the actual's 23:00 step ends at the issue (00:00): persistence = 10
  const issued = T0 + DAY;
  const a = actual(issued - 2 * H, 6, (t) => ({ [-2]: 8, [-1]: 10, 0: 12, 1: 14, 2: 16, 3: 18 })[(t - issued) / H]!);
  const f = instance(issued, 'a', [11, 13, 17, 20]); // errors -1 -1 1 2: MSE 7/4
  const r = evaluateSkill([f], a, { leadTimes: { step: 'PT4H', max: 'PT4H' } });
  // persistence errors -2 -4 -6 -8: MSE 120/4 = 30
  close(r.rows[0]!.skill, 1 - 7 / 4 / 30, 'skill');
  assert.is(r.reference, 'persistence');
  // issued mid-step: the 00:00-01:00 step has not ended at 00:30, so 23:00's value is the last known
  assert.is(
    persistenceValue(a.times, a.values, (t) => t + H, issued + H / 2),
    10,
  );
  assert.is(
    persistenceValue(a.times, a.values, (t) => t + H, issued + H),
    12,
  );
  assert.ok(Number.isNaN(persistenceValue(a.times, a.values, (t) => t + H, issued - 2 * H)));
});

test('skill against another tag issued at the same time', () => {
  const issued = T0 + DAY;
  const a = actual(issued, 2, () => 10);
  const f = instance(issued, 'a', [11, 9]); // MSE 1
  const ref = instance(issued, 'b', [12, 8]); // MSE 4
  const r = evaluateSkill([f, ref], a, { leadTimes: { step: 'PT2H', max: 'PT2H' }, reference: { tag: 'B' } });
  assert.equal(r.tags, ['a']);
  close(r.rows[0]!.skill, 1 - 1 / 4, 'skill against b');
  assert.is(r.reference, 'tag:b');
});

test('errors name the option', () => {
  const a = actual(T0, 48, () => 1);
  const daily = new Timeseries({ resolution: new Resolution(Frequency.P1D, 'UTC'), times: [T0], values: [1] });
  const fail = (fn: () => unknown, parameter: string) => {
    try {
      fn();
      assert.unreachable('should throw');
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.is((err as ValidationError).parameter, parameter);
    }
  };
  fail(() => evaluateSkill(three, a, { tags: ['zz'] }), 'tags');
  fail(() => evaluateSkill(three, daily), 'actual');
  fail(() => evaluateSkill(three, a, { metrics: ['mae', 'nope' as 'mae'] }), 'metrics');
  fail(() => evaluateSkill(three, a, { leadTimes: { step: 'P1M', max: 'P1Y' } }), 'leadTimes.step');
  fail(() => evaluateSkill(three, a, { leadTimes: { step: 'PT6H', max: 'PT1H' } }), 'leadTimes.max');
  fail(() => evaluateSkill(three, a, { reference: 'climatology' as 'persistence' }), 'reference');
});

test('toJSON is plain: NaN as null', () => {
  const json = JSON.parse(JSON.stringify(evaluateSkill(three, flat, { leadTimes: { step: 'PT2H', max: 'PT4H' } })));
  assert.is(json.rows[0].skill, null);
  assert.is(json.rows[0].n, 6);
  assert.is(json.issues.length, 3);
  assert.is(json.reference, 'persistence');
});

test.run();
