import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Series } from '../../src/model';
import * as s from './samples';

test('Series is the common base of both series kinds', () => {
  for (const series of [s.hourly(), s.periods()] as Series[]) {
    assert.ok(Series.isSeries(series));
    assert.ok(series.hasData());
    assert.ok(series.begin() < series.end());
  }
});

test('shared fields: curve, resolution, instance, contract, unit, denominator, name', () => {
  const ts = s.ensemble().with({ contract: s.specific(), denominator: 'h' });
  assert.equal(
    [ts.curve?.name, ts.resolution.frequency.tag, ts.instance?.tag, ts.contract?.isSpecific(), ts.unit, ts.denominator, ts.name],
    ['DE Wind Power Production MWh/h 15min Forecast', 'P1D', 'ec', true, 'MWh/h', 'h', 'DE Wind Power Production MWh/h 15min Forecast'],
  );
  // The instance wins the column header over the contract.
  assert.is(ts.columnHeader(), '2020-06-01 00:00 ec');
  assert.is(ts.with({ instance: null }).columnHeader(), 'year 2024-01-01 settlement');
});

test.run();
