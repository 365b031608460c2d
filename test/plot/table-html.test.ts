import * as aq from 'arquero';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import { canRenderHtml, formatNumber, registerTableHtml, tableHtml, tableText } from '../../src/plot/table-html';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

test('tableText: rows, columns and names', () => {
  assert.is(tableText(aq.table({ date: [], wind: [] })), '<Table: 0 rows × 2 columns: date, wind>');
  const wide = aq.table(Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`c${i}`, [i]])));
  assert.ok(tableText(wide).endsWith('c11, ...>'));
});

test('Arquero HTML with dates as wall-clock time and offset, in UTC by default', () => {
  // 2024-03-31T01:00Z: 01:00 UTC, 03:00+02:00 in CET (summer time has begun)
  const table = aq.table({ date: [new Date(Date.UTC(2024, 2, 31, 1))], wind: [5] });
  const utc = tableHtml(table);
  assert.ok(utc.includes('<table'));
  assert.ok(utc.includes('2024-03-31 01:00:00+00:00'), utc);
  assert.ok(utc.includes('1 rows; times in UTC'));
  const cet = tableHtml(table, { zone: 'CET' });
  assert.ok(cet.includes('2024-03-31 03:00:00+02:00'), cet);
  assert.ok(cet.includes('times in CET'));
});

test('long tables are cut to the limit, with a caption', () => {
  const table = aq.table({ v: Array.from({ length: 150 }, (_, i) => i) });
  const html = tableHtml(table);
  assert.is((html.match(/<tr>/g) ?? []).length, 101);
  assert.ok(html.includes('100 of 150 rows'));
  assert.ok(tableHtml(table, { limit: 5 }).includes('5 of 150 rows'));
  assert.throws(
    () => tableHtml(table, { limit: -1 }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'limit',
  );
});

test("a registered renderer (the frame layer's toHtml) takes over, and can be removed", () => {
  const seen: unknown[] = [];
  const before = registerTableHtml((t, o) => {
    seen.push(o);
    return `<table data-rows="${t.numRows()}"></table>`;
  });
  try {
    assert.is(before, null);
    assert.is(tableHtml(aq.table({ a: [1, 2] }), { zone: 'CET' }), '<table data-rows="2"></table>');
    assert.equal(seen, [{ zone: 'CET', limit: 100 }]);
    assert.ok(canRenderHtml({ numRows: () => 0, columnNames: () => [], array: () => [] }));
  } finally {
    registerTableHtml(before);
  }
  assert.ok(tableHtml(aq.table({ a: [1] })).includes('<table'));
  assert.not.ok(canRenderHtml({ numRows: () => 0, columnNames: () => [], array: () => [] }));
});

test('numbers are rounded for reading: two decimals from 1 up, four significant digits below', () => {
  assert.is(formatNumber(43279.990000000005), '43279.99');
  assert.is(formatNumber(51.50521609538003), '51.51');
  assert.is(formatNumber(-3.1), '-3.1');
  assert.is(formatNumber(2.005), '2'); // 2.005 is 2.00499999... in binary
  assert.is(formatNumber(0.000123456), '0.0001235');
  assert.is(formatNumber(-0.5), '-0.5');
  assert.is(formatNumber(1200), '1200');
  assert.is(formatNumber(NaN), 'NaN');
  const html = tableHtml(aq.table({ price: [43279.990000000005, 12], name: ['a', 'b'] }));
  assert.match(html, '43279.99');
  assert.not.match(html, '43279.990000000005');
  assert.match(html, '>12<');
});

test.run();
