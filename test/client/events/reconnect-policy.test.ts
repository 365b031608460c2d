import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ReconnectPolicy, defaultReconnectDelay } from '../../../src/client/events';

test('the default delay doubles up to 30 s, with under 1 s of jitter', () => {
  for (const [attempt, base] of [
    [1, 1],
    [2, 2],
    [3, 4],
    [5, 16],
    [6, 30],
    [9, 30],
  ]) {
    const d = defaultReconnectDelay(attempt!);
    assert.ok(d >= base! && d < base! + 1, `attempt ${attempt}: ${d}`);
  }
});

test('the budget is spent by attempts and restored by reset', async () => {
  const delays: number[] = [];
  const policy = new ReconnectPolicy(2, (n) => {
    delays.push(n);
    return 0.001;
  });
  let runs = 0;
  assert.ok(policy.schedule(() => runs++));
  assert.ok(policy.schedule(() => runs++));
  assert.not.ok(
    policy.schedule(() => runs++),
    'budget spent',
  );
  await new Promise((r) => setTimeout(r, 20));
  assert.is(runs, 2);
  assert.equal(delays, [1, 2]);
  policy.reset();
  assert.ok(policy.schedule(() => runs++));
  policy.cancel();
  await new Promise((r) => setTimeout(r, 20));
  assert.is(runs, 2, 'cancelled');
});

test.run();
