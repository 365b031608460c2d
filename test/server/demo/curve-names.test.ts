import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { curveName, makeCurve, splitUnit } from '../../../server/src/demo';

test('units: single units stay whole, currency ratios split', () => {
  assert.equal(splitUnit('MWh/h'), { unit: 'MWh/h', denominator: null });
  assert.equal(splitUnit('°C'), { unit: '°C', denominator: null });
  assert.equal(splitUnit('EUR/MWh'), { unit: 'EUR', denominator: 'MWh' });
  assert.equal(splitUnit('USD/EUR'), { unit: 'USD', denominator: 'EUR' });
});

test('names: exchange, place, OHLC (no frequency), period (no frequency)', () => {
  const base = { timezone: 'CET', package: 'power' };
  assert.is(
    curveName({
      ...base,
      area: 'CZ',
      sink: 'DE',
      categories: ['Exchange', 'Net', 'Transfer', 'Capacity'],
      unit: 'MW',
      frequency: 'PT15M',
      dataType: 'REMIT',
      curveType: 'TIMESERIES',
    }),
    'CZ>DE Exchange Net Transfer Capacity MW 15min REMIT',
  );
  assert.is(
    curveName({
      ...base,
      area: 'DE',
      place: { key: 'pp-mainz-3', token: 'Mainz-3' },
      categories: ['Natural', 'Gas', 'Power', 'Capacity', 'Available'],
      unit: 'MW',
      frequency: 'NONE',
      dataType: 'REMIT',
      curveType: 'INSTANCE_PERIOD',
    }),
    'DE @Mainz-3 Natural Gas Power Capacity Available MW REMIT',
  );
  assert.is(
    curveName({
      ...base,
      area: '',
      categories: ['Futures', 'Coal', 'API-2'],
      unit: 'USD/t',
      source: 'ICE',
      frequency: 'P1D',
      dataType: 'OHLC',
      curveType: 'OHLC',
    }),
    'Futures Coal API-2 USD/t ICE OHLC',
  );
  const rec = makeCurve({
    ...base,
    area: 'DE',
    categories: ['Price', 'Spot'],
    unit: 'EUR/MWh',
    frequency: 'PT1H',
    dataType: 'FORECAST',
    curveType: 'INSTANCE',
    issuedZone: 'CET',
  });
  assert.equal(
    [rec.name, rec.unit, rec.denominator, rec.instanceIssuedTimezone],
    ['DE Price Spot EUR/MWh H Forecast', 'EUR', 'MWh', 'CET'],
  );
});

test.run();
