import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { ParseException } from '../../../src/exceptions';
import { EventType } from '../../../src/model';
import { ConnectionEvent, CurveEvent, TimeoutEvent, parseCurveEvent } from '../../../src/client/events';

// The composed example of docs/protocol.md#feed-messages.
const EXAMPLE = {
  id: '1672532100000-0',
  event_type: 'CURVE_UPDATE',
  curve: {
    name: 'DE Consumption MWh/h 15min Normal',
    curve_type: 'TIMESERIES',
    area: 'DE',
    data_type: 'NORMAL',
    resolution: { frequency: 'PT15M', timezone: 'CET' },
  },
  begin: '2023-01-01T01:15:00+01:00',
  end: '2023-01-01T02:00:00+01:00',
  values_changed: 2,
};

test('parses the reference example; times in the curve zone', () => {
  const e = parseCurveEvent(EXAMPLE);
  assert.instance(e, CurveEvent);
  assert.is(e.eventType, EventType.CURVE_UPDATE);
  assert.is(e.curve.name, 'DE Consumption MWh/h 15min Normal');
  // 2023-01-01 01:15+01:00 = 00:15Z
  assert.is(e.beginMillis, Date.UTC(2023, 0, 1, 0, 15));
  assert.is(e.begin?.toISO(), '2023-01-01T01:15:00.000+01:00');
  assert.is(e.end?.toISO(), '2023-01-01T02:00:00.000+01:00');
  assert.is(e.numValues, 2);
  assert.is(e.instance, null);
  assert.is(
    String(e),
    '<CurveEvent: 1672532100000-0 CURVE_UPDATE "DE Consumption MWh/h 15min Normal" 2023-01-01T01:15:00.000+01:00/2023-01-01T02:00:00.000+01:00>',
  );
  assert.equal(e.toJSON().begin, '2023-01-01T01:15:00.000+01:00');
  assert.ok(Object.isFrozen(e));
});

test('a date-time sent with another offset is shown in the curve zone; an instance is parsed', () => {
  const e = parseCurveEvent({
    ...EXAMPLE,
    begin: '2023-06-01T00:00:00Z',
    end: null,
    instance: { issued: '2023-05-31T12:00:00+00:00', tag: 'ec' },
    curve: { ...EXAMPLE.curve, curve_type: 'INSTANCE', instance_issued_timezone: 'UTC' },
  });
  // 2023-06-01 00:00Z = 02:00+02:00 (CEST)
  assert.is(e.begin?.toISO(), '2023-06-01T02:00:00.000+02:00');
  assert.is(e.end, null);
  assert.is(e.instance?.tag, 'ec');
  assert.is(e.instance?.issued.toISO(), '2023-05-31T12:00:00.000Z');
});

/** An object's notebook bundle. */
const bundleOf = (value: object): { 'text/plain': string; 'text/html': string } =>
  (value as Record<symbol, () => { 'text/plain': string; 'text/html': string }>)[Symbol.for('Jupyter.display')]!();

test('events show as a summary table in notebooks and as their line in consoles', () => {
  const e = parseCurveEvent({
    ...EXAMPLE,
    instance: { issued: '2022-12-31T12:00:00+00:00', tag: 'ec' },
    curve: { ...EXAMPLE.curve, curve_type: 'INSTANCE', instance_issued_timezone: 'UTC' },
  });
  assert.is(inspect(e), String(e));
  const html = bundleOf(e)['text/html'];
  assert.ok(html.startsWith('<div class="service-model"><strong>CurveEvent</strong><table>'), html);
  for (const cell of [
    '<th style="text-align:left">eventType</th><td>CURVE_UPDATE</td>',
    '<th style="text-align:left">curve</th><td>DE Consumption MWh/h 15min Normal</td>',
    '<th style="text-align:left">begin</th><td>2023-01-01T01:15:00+01:00</td>',
    '<th style="text-align:left">end</th><td>2023-01-01T02:00:00+01:00</td>',
    '<th style="text-align:left">instance</th><td>2022-12-31T12:00:00Z ec</td>',
    '<th style="text-align:left">numValues</th><td>2</td>',
  ]) {
    assert.ok(html.includes(cell), `${cell} in ${html}`);
  }
  assert.is(bundleOf(e)['text/plain'], String(e));
  const drop = new ConnectionEvent(1006, 'CLOSE_ABNORMAL', 'connection lost');
  assert.is(inspect(drop), '<ConnectionEvent: DISCONNECTED 1006 CLOSE_ABNORMAL connection lost>');
  assert.ok(bundleOf(drop)['text/html'].includes('<th style="text-align:left">status</th><td>CLOSE_ABNORMAL</td>'));
  assert.is(inspect(new TimeoutEvent()), '<TimeoutEvent>');
  assert.is(
    bundleOf(new TimeoutEvent())['text/html'],
    '<div class="service-model"><strong>TimeoutEvent</strong><table><tr><th style="text-align:left">eventType</th><td>TIMEOUT</td></tr></table></div>',
  );
  assert.is(inspect([new TimeoutEvent()]), '[ <TimeoutEvent> ]');
});

test('bad events are ParseExceptions', () => {
  for (const bad of [
    null,
    { ...EXAMPLE, id: '1-0' },
    { ...EXAMPLE, event_type: 'DISCONNECTED' },
    { ...EXAMPLE, begin: 'soon' },
    { ...EXAMPLE, curve: {} },
  ]) {
    assert.throws(
      () => parseCurveEvent(bad),
      (err: unknown) => err instanceof ParseException,
    );
  }
});

test('connection and timeout events', () => {
  const c = new ConnectionEvent(1006, 'CLOSE_ABNORMAL', 'connection lost');
  assert.is(c.eventType, EventType.DISCONNECTED);
  assert.is(String(c), '<ConnectionEvent: DISCONNECTED 1006 CLOSE_ABNORMAL connection lost>');
  assert.is(new TimeoutEvent().eventType, EventType.TIMEOUT);
});

test.run();
