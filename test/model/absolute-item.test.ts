import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AbsoluteItem } from '../../src/model';
import * as s from './samples';

test('instance and value (NaN and undefined read as null)', () => {
  const item = s.absoluteItem();
  assert.is(item.value, 20479.78);
  assert.is(item.instance.tag, 'ec');
  assert.is(new AbsoluteItem({ instance: item.instance }).value, null);
  assert.is(item.with({ value: NaN }).value, null);
});

test('equals, toJSON, toString', () => {
  const item = s.absoluteItem();
  assert.ok(item.equals(s.absoluteItem()));
  assert.not.ok(item.equals(item.with({ value: 1 })));
  assert.equal(item.toJSON(), {
    instance: { issued: '2023-10-01T00:00:00Z', tag: 'ec', scenarios: 0, created: null, modified: null },
    v: 20479.78,
  });
  assert.is(item.toString(), '<AbsoluteItem: instance="2023-10-01 00:00 ec", value=20479.78>');
});

test.run();
