// Plain results that show themselves (src/model/record-display.ts): text, one-line and HTML forms,
// with their keys, JSON and deep equality unchanged. The results that use it are tested with
// their readers (test/wire/save, test/wire/json/user, test/wire/feed/filters, test/wire/export).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { Area } from '../../src/model';
import { JUPYTER_DISPLAY, type DisplayBundle } from '../../src/model/display';
import { displayAsRecord, listCell } from '../../src/model/record-display';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

const bundleOf = (value: object): DisplayBundle => (value as { [JUPYTER_DISPLAY](): DisplayBundle })[JUPYTER_DISPLAY]();

test('the wrapper: hooks are non-enumerable, so keys, JSON and deep equality stay those of the plain object', () => {
  const r = displayAsRecord(
    { rows: 3, name: 'x', none: null as string | null },
    {
      title: 'Result',
      fields: (x) => [
        ['rows', x.rows],
        ['name', x.name],
        ['none', x.none],
      ],
    },
  );
  assert.equal(Object.keys(r), ['rows', 'name', 'none']);
  assert.is(JSON.stringify(r), '{"rows":3,"name":"x","none":null}');
  assert.equal(r, { rows: 3, name: 'x', none: null });
  assert.equal({ ...r }, { rows: 3, name: 'x', none: null });
  assert.is(String(r), '<Result: rows=3, name=x>');
  assert.is(inspect(r), 'Result\n  rows  3\n  name  x');
  assert.is(inspect({ r }), '{ r: <Result: rows=3, name=x> }');
  const b = bundleOf(r);
  assert.is(b['text/plain'], 'Result\n  rows  3\n  name  x');
  assert.is(
    b['text/html'],
    '<div class="service-model"><strong>Result</strong><table><tr><th style="text-align:left">rows</th><td>3</td></tr><tr><th style="text-align:left">name</th><td>x</td></tr></table></div>',
  );
});

test('listCell: enums by tag, none when empty', () => {
  assert.is(listCell([Area.DE, 'FR', 3]), 'DE, FR, 3');
  assert.is(listCell([]), 'none');
});

test.run();
