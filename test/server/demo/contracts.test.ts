import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { frontDelivery, listedContracts } from '../../../server/src/demo/contracts';

// Trading day Friday 2024-11-29 (weekday worked out by hand: 2024-11-29 is a Friday).
const FRI = '2024-11-29';

test('fronts count contracts whose delivery starts after the trading day', () => {
  assert.equal(frontDelivery('day', FRI, 1), { delivery: '2024-11-30', end: '2024-12-01' });
  assert.equal(frontDelivery('weekend', FRI, 1), { delivery: '2024-11-30', end: '2024-12-02' });
  assert.equal(frontDelivery('weekend', FRI, 2), { delivery: '2024-12-07', end: '2024-12-09' });
  assert.equal(frontDelivery('week', FRI, 1), { delivery: '2024-12-02', end: '2024-12-09' });
  assert.equal(frontDelivery('month', FRI, 1), { delivery: '2024-12-01', end: '2025-01-01' });
  assert.equal(frontDelivery('quarter', FRI, 1), { delivery: '2025-01-01', end: '2025-04-01' });
  assert.equal(frontDelivery('season', FRI, 1), { delivery: '2025-04-01', end: '2025-10-01' });
  assert.equal(frontDelivery('season', FRI, 2), { delivery: '2025-10-01', end: '2026-04-01' });
  assert.equal(frontDelivery('year', FRI, 1), { delivery: '2025-01-01', end: '2026-01-01' });
});

test('mdec front 1 rolls on 1 December', () => {
  assert.is(frontDelivery('mdec', FRI, 1).delivery, '2024-12-01');
  assert.is(frontDelivery('mdec', '2024-12-02', 1).delivery, '2025-12-01');
  assert.is(frontDelivery('mdec', '2024-12-02', 3).delivery, '2027-12-01');
});

test('a Monday lists the next Monday as week front 1; a quarter start lists the next quarter', () => {
  assert.is(frontDelivery('week', '2024-12-02', 1).delivery, '2024-12-09');
  assert.is(frontDelivery('quarter', '2025-01-01', 1).delivery, '2025-04-01');
  assert.is(frontDelivery('month', '2025-01-31', 2).delivery, '2025-03-01');
});

test('listed contracts follow the curve list, fronts ascending', () => {
  const list = listedContracts(
    [
      ['day', 2],
      ['month', 2],
    ],
    FRI,
  );
  assert.equal(
    list.map((c) => `${c.period}${c.front}:${c.delivery}`),
    ['day1:2024-11-30', 'day2:2024-12-01', 'month1:2024-12-01', 'month2:2025-01-01'],
  );
});

test.run();
