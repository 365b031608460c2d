import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { SRMC } from '../../src/model';
import * as s from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

const VE = s.isA(ValueError);

test('exactly one payload', () => {
  assert.throws(() => new SRMC({ curve: s.ohlcCurve() }), VE);
  assert.throws(() => new SRMC({ ohlc: s.ohlcList(), timeseries: s.daily() }), VE);
  assert.throws(() => s.srmc().with({ periodseries: s.periods() }), VE);
});

test('hasOhlc / hasTimeseries / hasPeriodseries', () => {
  const flags = (x: SRMC) => [x.hasOhlc(), x.hasTimeseries(), x.hasPeriodseries()];
  assert.equal(flags(s.srmc()), [true, false, false]);
  const ts = s.srmc().with({ ohlc: null, timeseries: s.daily() });
  assert.equal(flags(ts), [false, true, false]);
  assert.equal(flags(new SRMC({ periodseries: s.periods() })), [false, false, true]);
  assert.ok(s.srmc().hasOhlc(), 'original unchanged');
});

test('metadata and equals', () => {
  const x = s.srmc();
  assert.equal(
    [x.unit, x.denominator, x.curve?.name, x.contract?.isContinuous(), x.options?.efficiency],
    ['EUR', 'MWh', 'Futures Coal API-2 USD/t ICE OHLC', true, 0.42],
  );
  assert.ok(x.equals(s.srmc()));
  assert.not.ok(x.equals(x.with({ options: null })));
  assert.not.ok(x.equals(x.with({ ohlc: null, timeseries: s.daily() })));
});

test('toJSON: payload key decides the variant; ohlc is the array of records', () => {
  const json = s.srmc().toJSON();
  assert.equal(Object.keys(json), ['curve', 'unit', 'denominator', 'contract', 'srmc_options', 'ohlc']);
  assert.is((json.ohlc as unknown[]).length, 1);
  assert.equal((json.srmc_options as Record<string, unknown>).fuel_type, 'COAL');
  const ts = s.srmc().with({ ohlc: null, timeseries: s.daily() }).toJSON();
  assert.ok('timeseries' in ts && !('ohlc' in ts));
});

test('toString names the payload', () => {
  assert.ok(s.srmc().toString().includes('ohlc=<OHLCList:'));
  assert.ok(s.display(s.srmc())['text/html']!.includes('month front-1 close'));
});

test.run();
