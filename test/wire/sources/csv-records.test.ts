import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { numberCell, parseCsv } from '../../../src/wire/sources';

test('fields, quotes, doubled quotes and line breaks inside quotes, with the line each record starts on', () => {
  const text = '\ufeffcurve,date,value\r\n"DE, ""Wind""",2024-01-01,5\r\n\r\n# a comment\n"multi\nline",2024-01-02,6\nlast,2024-01-03,';
  const { records, errors } = parseCsv(text);
  assert.equal(errors, []);
  assert.equal(records, [
    { line: 1, fields: ['curve', 'date', 'value'] },
    { line: 2, fields: ['DE, "Wind"', '2024-01-01', '5'] },
    { line: 5, fields: ['multi\nline', '2024-01-02', '6'] },
    { line: 7, fields: ['last', '2024-01-03', ''] },
  ]);
});

test('syntax problems name the line and leave the record out', () => {
  const { records, errors } = parseCsv('a,b\n"open,1\n');
  assert.equal(records, [{ line: 1, fields: ['a', 'b'] }]);
  assert.equal(errors, [{ line: 2, message: 'unterminated quoted field' }]);
  const more = parseCsv('a,b\nx"y,1\n"z"w,2\nok,3\n');
  assert.equal(
    more.errors.map((e) => e.line),
    [2, 3],
  );
  assert.match(more.errors[0]!.message, /quote inside an unquoted field/);
  assert.match(more.errors[1]!.message, /after a closing quote/);
  assert.equal(more.records.at(-1), { line: 4, fields: ['ok', '3'] });
});

test('numberCell: numbers, empty as missing, anything else refused', () => {
  assert.is(numberCell('42'), 42);
  assert.is(numberCell(' -1.5e-3 '), -0.0015);
  assert.is(numberCell('.5'), 0.5);
  assert.ok(Number.isNaN(numberCell('  ')));
  for (const bad of ['0x10', '1,5', 'NaN', 'Infinity', '1e999', 'five']) assert.is(numberCell(bad), undefined, bad);
});

test.run();
