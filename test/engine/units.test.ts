import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CURRENCIES, splitUnit, unitInfo } from '../../src/engine';

test('unitInfo knows the families with exact, case-sensitive spelling', () => {
  assert.equal(unitInfo('kW'), { symbol: 'kW', family: 'power', factor: 1000 });
  assert.equal(unitInfo('GWh/h'), { symbol: 'GWh/h', family: 'energy-per-hour', factor: 1e9 });
  assert.is(unitInfo('TWh')?.family, 'energy');
  assert.is(unitInfo('°C')?.family, 'temperature');
  assert.equal(unitInfo('pence'), { symbol: 'pence', family: 'currency', factor: 0.01, base: 'GBP' });
  assert.is(unitInfo('mw'), undefined);
  assert.is(unitInfo('K'), undefined);
  assert.ok(['EUR', 'USD', 'GBP', 'NOK', 'SEK', 'DKK', 'CHF', 'CZK', 'HUF', 'PLN'].every((c) => CURRENCIES.includes(c)));
});

test('splitUnit splits prices but not single units', () => {
  assert.equal(splitUnit('EUR/MWh'), { unit: 'EUR', denominator: 'MWh' });
  assert.equal(splitUnit('pence/therm'), { unit: 'pence', denominator: 'therm' });
  assert.equal(splitUnit('USD/EUR'), { unit: 'USD', denominator: 'EUR' });
  assert.equal(splitUnit(' MWh/h '), { unit: 'MWh/h', denominator: null });
  assert.equal(splitUnit('%'), { unit: '%', denominator: null });
  assert.equal(splitUnit('m3/s'), { unit: 'm3/s', denominator: null });
});

test.run();
