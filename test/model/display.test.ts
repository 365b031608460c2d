import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DateTime } from 'luxon';
import { displayBundle, equalsNullable, escapeHtml, formatTime, hasBrand, listEquals, setBrand } from '../../src/model/display';

test('brands', () => {
  const B = Symbol.for('service.model.Test');
  class Demo {}
  setBrand(Demo.prototype, B);
  assert.ok(hasBrand(new Demo(), B));
  assert.not.ok(hasBrand({}, B));
  assert.not.ok(hasBrand(undefined, B));
  assert.not.ok(Object.keys(new Demo()).length, 'brand is not enumerable');
});

test('escapeHtml and displayBundle', () => {
  assert.is(escapeHtml(`a<b & "c" 'd'`), 'a&lt;b &amp; &quot;c&quot; &#39;d&#39;');
  const b = displayBundle('T', '<T>', [
    ['a', 1],
    ['b', null],
    ['c', '<x>'],
  ]);
  assert.is(b['text/plain'], '<T>');
  assert.is(
    b['text/html'],
    '<div class="service-model"><strong>T</strong><table><tr><th style="text-align:left">a</th><td>1</td></tr><tr><th style="text-align:left">c</th><td>&lt;x&gt;</td></tr></table></div>',
  );
});

test('formatTime keeps the offset of the DateTime', () => {
  assert.is(formatTime(DateTime.fromISO('2024-03-31T03:00:00+02:00', { setZone: true })), '2024-03-31T03:00:00+02:00');
  assert.is(formatTime(DateTime.fromISO('2024-03-31T03:00:00.250Z', { zone: 'utc' })), '2024-03-31T03:00:00.250Z');
  assert.is(formatTime(null), 'None');
});

test('equalsNullable and listEquals', () => {
  const eq = { equals: (o: unknown) => o === eq };
  assert.ok(equalsNullable(null, null));
  assert.not.ok(equalsNullable(eq, null));
  assert.ok(equalsNullable(eq, eq));
  assert.ok(listEquals([1, NaN, 'a'], [1, NaN, 'a']));
  assert.not.ok(listEquals([1], [2]));
  assert.not.ok(listEquals([1], [1, 2]));
});

test.run();
