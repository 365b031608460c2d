import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { availabilityHourly, availabilityPeriods, outageMessages, unitOutages, type OutageEvent } from '../../../server/src/demo/outages';

const H = 3600000;
const event = (over: Partial<OutageEvent>): OutageEvent => ({
  unitId: 'u',
  start: 10 * H,
  end: 20 * H,
  reduction: 40,
  announced: 5 * H,
  estimatedEnd: 20 * H,
  update: null,
  tag: 't',
  ...over,
});

test('a snapshot shows the outages announced by then, with the end known by then', () => {
  const e = event({ estimatedEnd: 15 * H, update: 12 * H });
  // before the announcement: all available
  assert.equal(Array.from(availabilityPeriods(100, [e], 4 * H, 0, 30 * H).values), [100]);
  // announced, not yet updated: out until the estimated end
  const first = availabilityPeriods(100, [e], 6 * H, 0, 30 * H);
  assert.equal(
    [Array.from(first.begins), Array.from(first.ends), Array.from(first.values)],
    [
      [0, 10 * H, 15 * H],
      [10 * H, 15 * H, 30 * H],
      [100, 60, 100],
    ],
  );
  // after the update: out until the true end
  const later = availabilityPeriods(100, [e], 13 * H, 0, 30 * H);
  assert.equal(Array.from(later.ends), [10 * H, 20 * H, 30 * H]);
});

test('hourly truth uses the final ends; never below zero', () => {
  const a = availabilityHourly(30, [event({ estimatedEnd: 12 * H })], 0, 24);
  assert.is(a[9], 30);
  assert.is(a[10], 0);
  assert.is(a[19], 0);
  assert.is(a[20], 30);
});

test('generated outages are whole hours, do not overlap, and updates keep the tag', () => {
  const unit = {
    id: 'x',
    capacity: 500,
    placeKey: null,
    plantKey: null,
    forcedRate: 3,
    plannedDays: [10, 20] as [number, number],
    plannedPerYear: 1,
    depth: [0.3, 1] as [number, number],
  };
  const events = unitOutages(5, unit, Date.UTC(2024, 0, 1), Date.UTC(2026, 0, 1));
  assert.ok(events.length > 3);
  events.forEach((e, i) => {
    assert.is(e.start % H, 0);
    assert.is(e.end % H, 0);
    assert.ok(e.reduction > 0 && e.reduction <= 500);
    assert.ok(e.estimatedEnd <= e.end && e.estimatedEnd > e.start);
    assert.is(e.announced % 1000, 0);
    if (i > 0) assert.ok(e.start >= events[i - 1]!.end);
  });
  const messages = outageMessages(events);
  assert.is(messages.length, events.length + events.filter((e) => e.update !== null).length);
  for (let i = 1; i < messages.length; i++) assert.ok(messages[i]!.issued >= messages[i - 1]!.issued);
  assert.equal(unitOutages(5, unit, Date.UTC(2024, 0, 1), Date.UTC(2026, 0, 1)), events);
});

test.run();
