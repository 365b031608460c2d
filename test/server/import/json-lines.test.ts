import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseJsonWithLines } from '../../../server/src/import';

test('builds the same values as JSON.parse', () => {
  const docs = ['{"a": [1, -2.5e3, true, false, null, "x\\n\\"y\\u00e9"], "b": {}, "c": []}', '[]', '"s"', '0', '{"__proto__": {"x": 1}}'];
  for (const text of docs) {
    const r = parseJsonWithLines(text);
    assert.ok(r.ok, text);
    if (r.ok) assert.equal(r.value, JSON.parse(text), text);
  }
  const proto = parseJsonWithLines('{"__proto__": {"polluted": 1}}');
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.ok(proto.ok && Object.keys(proto.value as object).includes('__proto__'));
});

test('remembers the lines of objects, members and array items', () => {
  const text = '{\n  "series": [\n    {"d": 1},\n\n    {"d": 2}\n  ],\n  "name":\n    "x"\n}';
  const r = parseJsonWithLines(text);
  assert.ok(r.ok);
  if (!r.ok) return;
  const doc = r.value as { series: object[] };
  assert.is(r.lines.of(doc), 1);
  assert.is(r.lines.of(doc, 'series'), 2);
  assert.is(r.lines.of(doc, 'name'), 7);
  assert.is(r.lines.of(doc.series, 0), 3);
  assert.is(r.lines.of(doc.series, 1), 5);
  assert.is(r.lines.of(doc.series[1]!), 5);
  assert.is(r.lines.of({}), 1, 'an object not from the document');
});

test('syntax errors give line and column', () => {
  const cases: [string, number, number, RegExp][] = [
    ['{\n  "a": 1,\n  "b" 2\n}', 3, 7, /expected ':'/],
    ['[1, 2', 1, 6, /expected ','/],
    ['{"a": tru}', 1, 7, /unexpected character/],
    ['{"a": "x\ny"}', 1, 9, /control character/],
    ['[1] 2', 1, 5, /after the JSON value/],
    ['', 1, 1, /unexpected end/],
  ];
  for (const [text, line, column, message] of cases) {
    const r = parseJsonWithLines(text);
    assert.not.ok(r.ok, text);
    if (r.ok) continue;
    assert.is(r.error.line, line, text);
    assert.is(r.error.column, column, text);
    assert.match(r.error.message, message, text);
  }
});

test.run();
