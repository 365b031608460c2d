import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { ValueError } from '../../src/exceptions';
import { InstanceList } from '../../src/model';
import * as s from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

test('an immutable array of instances with the curve; derived arrays are plain', () => {
  const list = s.instanceList();
  assert.ok(Array.isArray(list));
  assert.equal(
    list.map((i) => i.tag),
    ['ec', 'gfs'],
  );
  assert.not.ok(InstanceList.isInstanceList(list.filter(() => true)));
  assert.is(list.curve?.name, 'DE Wind Power Production MWh/h 15min Forecast');
  assert.throws(() => (list as unknown as { push(x: unknown): void }).push(s.instance()), TypeError);
  assert.throws(
    () => new InstanceList([s.instance(), 'x' as never]),
    (e: unknown) => e instanceof ValueError && e.message === 'InstanceList: item 1 is not an Instance',
  );
});

test('equals, toJSON, toString', () => {
  const list = s.instanceList();
  assert.ok(list.equals(s.instanceList()));
  assert.not.ok(list.equals(new InstanceList([...list])));
  assert.not.ok(list.equals(new InstanceList([list[0]!], list.curve)));
  assert.equal(list.toJSON()[1], { issued: '2020-06-01T00:00:00Z', tag: 'gfs', scenarios: 51, created: null, modified: null });
  assert.is(list.toString(), '<InstanceList: curve="DE Wind Power Production MWh/h 15min Forecast", count=2>');
  assert.is(new InstanceList().toString(), '<InstanceList: count=0>');
});

test('without the frame layer: a plain table of the instances, the one line as text', () => {
  const list = s.instanceList();
  assert.is(inspect(list), list.toString());
  const html = s.display(list)['text/html'];
  assert.ok(html!.startsWith('<div class="service-model"><strong>InstanceList · &quot;DE Wind Power'), html);
  assert.ok(html!.includes('<tr><th>issued</th><th>tag</th><th>scenarios</th></tr>'), html);
  assert.ok(html!.includes('<tr><td>2020-06-01T00:00:00Z</td><td>gfs</td><td>51</td></tr>'), html);
});

test.run();
