import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { FuelType, SpecificContract } from '../../../src/model';
import { parseSRMC, parseSRMCOptions, serializeSRMC, serializeSRMCOptions } from '../../../src/wire';
import { OHLC_CURVE, OHLC_DATA } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

const COAL_CURVE = { ...OHLC_CURVE, name: 'Futures Coal API-2 USD/t ICE OHLC', area: '', unit: 'USD', denominator: 't', commodity: 'Coal' };
const OPTIONS = {
  fuel_type: 'COAL',
  api2_tonne_to_mwh: 6.978,
  gas_therm_to_mwh: null,
  efficiency: 0.42,
  carbon_emissions: 0.34056,
  carbon_tax_area: null,
};
const CONTRACT = { type: 'CONTINUOUS', period: 'month', front: 1, field: 'settlement' };
const HEAD = { curve: COAL_CURVE, unit: 'EUR', denominator: 'MWh', srmc_options: OPTIONS, contract: CONTRACT };

/** Each variant of docs/protocol.md#srmc-json. */
const OHLC_VARIANT = { ...HEAD, ohlc: OHLC_DATA };
const TIMESERIES_VARIANT = {
  ...HEAD,
  timeseries: {
    curve: COAL_CURVE,
    resolution: { frequency: 'P1D', timezone: 'CET' },
    instance: null,
    contract: CONTRACT,
    scenario_names: null,
    unit: 'EUR',
    denominator: 'MWh',
    data: [
      { d: '2020-12-01T00:00:00+01:00', v: 40.96 },
      { d: '2020-12-02T00:00:00+01:00', v: null },
    ],
  },
};
const PERIODS_VARIANT = {
  ...HEAD,
  contract: null,
  periodseries: {
    curve: COAL_CURVE,
    resolution: { frequency: 'NONE', timezone: 'UTC' },
    instance: null,
    unit: 'EUR',
    denominator: 'MWh',
    data: [{ begin: '2021-01-01T00:00:00+00:00', end: '2021-02-01T00:00:00+00:00', v: 38.5 }],
  },
};

test('each variant round-trips exactly', () => {
  const o = parseSRMC(OHLC_VARIANT);
  assert.ok(o.hasOhlc());
  assert.is(o.ohlc?.length, 2);
  assert.is(o.ohlc?.curve, null); // as in the reference: the ohlc array carries no curve or unit
  assert.is(o.options?.fuelType, FuelType.COAL);
  assert.equal(serializeSRMC(o), OHLC_VARIANT);
  const t = parseSRMC(JSON.stringify(TIMESERIES_VARIANT));
  assert.ok(t.hasTimeseries());
  assert.is(t.timeseries?.name, COAL_CURVE.name);
  assert.equal(serializeSRMC(t), TIMESERIES_VARIANT);
  const p = parseSRMC(PERIODS_VARIANT);
  assert.ok(p.hasPeriodseries());
  assert.equal(serializeSRMC(p), PERIODS_VARIANT);
});

test('the payload is checked in the order ohlc, timeseries, periodseries; an empty ohlc is valid', () => {
  assert.ok(parseSRMC({ ...TIMESERIES_VARIANT, ohlc: [] }).hasOhlc());
  assert.ok(parseSRMC({ ...PERIODS_VARIANT, ohlc: null, timeseries: null }).hasPeriodseries());
  fails(
    () => parseSRMC({ unit: 'EUR', ohlc: null }),
    'response: expected an "ohlc", "timeseries" or "periodseries" member, got ["unit","ohlc"]',
  );
  assert.throws(
    () => parseSRMC(HEAD),
    (e: unknown) => e instanceof ParseException,
  );
});

test('options: {} and null are none; unknown tax areas are null; fuel type required', () => {
  assert.is(parseSRMCOptions({}), null);
  assert.is(parseSRMCOptions(null), null);
  const gas = parseSRMCOptions({ fuel_type: 'GAS', gas_therm_to_mwh: 0.03, carbon_tax_area: 'Narnia' });
  assert.is(gas?.carbonTaxArea, null);
  assert.is(parseSRMCOptions({ fuel_type: 'GAS', carbon_tax_area: 'gb' })?.carbonTaxArea?.tag, 'GB');
  assert.equal(serializeSRMCOptions(parseSRMCOptions(OPTIONS)!), OPTIONS);
  fails(() => parseSRMCOptions({ efficiency: 0.5 }), 'srmc_options.fuel_type: expected a FuelType tag, got nothing');
  fails(() => parseSRMCOptions({ fuel_type: 'OIL' }), 'srmc_options.fuel_type: unknown FuelType tag, got "OIL"');
});

test('nested payloads report their own paths; contracts without field', () => {
  fails(() => parseSRMC({ ...HEAD, ohlc: [{ product: {} }] }), 'ohlc[0].product.traded_at: expected an ISO 8601 date, got nothing');
  fails(() => parseSRMC({ ...HEAD, timeseries: { data: [] } }), 'timeseries.resolution: expected an object, got nothing');
  const s = parseSRMC({ ...OHLC_VARIANT, contract: { type: 'SPECIFIC', period: 'month', delivery: '2021-03-01' } });
  assert.ok(SpecificContract.isSpecificContract(s.contract));
  assert.equal(serializeSRMC(s).contract, { type: 'SPECIFIC', period: 'month', delivery: '2021-03-01' });
});

test.run();
