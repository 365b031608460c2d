import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Instance } from '../../src/model';
import { CET, UTC } from '../../src/time';
import * as s from './samples';

const issued = DateTime.fromISO('2020-06-01T00:00:00Z', { zone: UTC });

test('defaults: empty tag, no scenarios, no created/modified', () => {
  const i = new Instance({ issued });
  assert.equal([i.tag, i.scenarios, i.created, i.modified], ['', 0, null, null]);
  assert.not.ok(i.hasScenarios());
  assert.ok(i.with({ scenarios: 51 }).hasScenarios());
});

test('identity: same instant, tag ignoring case', () => {
  const a = s.instance();
  // 2020-06-01T00:00Z shown in CET is 02:00+02:00: the same instant.
  assert.ok(a.equals(new Instance({ issued: issued.setZone(CET), tag: 'EC' })));
  assert.not.ok(a.equals(a.with({ tag: 'gfs' })));
  assert.not.ok(a.equals(a.with({ issued: issued.plus({ hours: 6 }) })));
});

test('columnHeader renders issued in its own zone, then the tag', () => {
  assert.is(s.instance().columnHeader(), '2020-06-01 00:00 ec');
  // Same instant in CET (summer, +02:00).
  assert.is(
    s
      .instance()
      .with({ issued: issued.setZone(CET) })
      .columnHeader(),
    '2020-06-01 02:00 ec',
  );
  assert.is(s.instance().with({ tag: '' }).columnHeader(), '2020-06-01 00:00 ');
});

test('invalid values raise ValueError', () => {
  assert.throws(() => new Instance({ issued: DateTime.invalid('nope') }), s.isA(ValueError));
  assert.throws(() => new Instance({ issued, scenarios: -1 }), s.isA(ValueError));
  assert.throws(() => new Instance({ issued, scenarios: 1.5 }), s.isA(ValueError));
});

test('toJSON and toString', () => {
  const created = DateTime.fromISO('2020-06-01T05:12:40+00:00', { zone: UTC });
  const i = s.instance().with({ created });
  assert.equal(i.toJSON(), { issued: '2020-06-01T00:00:00Z', tag: 'ec', scenarios: 0, created: '2020-06-01T05:12:40Z', modified: null });
  assert.is(s.instance().toString(), '<Instance: issued="2020-06-01T00:00:00Z", tag="ec">');
});

test.run();
