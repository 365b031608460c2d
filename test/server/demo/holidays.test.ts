import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { easterSunday, holidaysOf, isTargetDay } from '../../../server/src/demo/holidays';

test('Easter Sunday', () => {
  assert.is(easterSunday(2024), '2024-03-31');
  assert.is(easterSunday(2025), '2025-04-20');
  assert.is(easterSunday(2026), '2026-04-05');
});

test('national holidays', () => {
  const de = holidaysOf('DE', 2025);
  assert.ok(de.has('2025-10-03') && de.has('2025-04-18') && de.has('2025-04-21') && de.has('2025-05-29') && de.has('2025-06-09'));
  assert.is(de.get('2025-12-25'), 1.2);
  const gb = holidaysOf('GB', 2024);
  // early May bank holiday 2024-05-06, spring 2024-05-27, summer 2024-08-26 (Mondays)
  assert.ok(gb.has('2024-05-06') && gb.has('2024-05-27') && gb.has('2024-08-26'));
  assert.not.ok(gb.has('2024-05-01'));
  assert.ok(holidaysOf('NO', 2025).has('2025-05-17'));
});

test('TARGET working days', () => {
  assert.not.ok(isTargetDay('2024-03-29'), 'Good Friday');
  assert.not.ok(isTargetDay('2024-04-01'), 'Easter Monday');
  assert.not.ok(isTargetDay('2024-05-01'));
  assert.not.ok(isTargetDay('2024-12-26'));
  assert.not.ok(isTargetDay('2024-06-01'), 'Saturday');
  assert.ok(isTargetDay('2024-12-24'));
  assert.ok(isTargetDay('2024-05-09'), 'Ascension is a TARGET day');
});

test.run();
