import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CARBON_TAXES, priceCurrency, SRMC_DEFAULTS, srmcFactors, srmcFuelOf, srmcValues } from '../../src/engine/srmc';
import { ValidationError } from '../../src/exceptions';

// One trading day, Fri 2024-02-02: EUR/USD 1.08 and EUR/GBP 0.85 (units per euro), so
// FX_USD = 1 / 1.08 = 0.925925926 EUR per USD and FX_GBP = 1 / 0.85 = 1.176470588 EUR per GBP;
// EUA front December settlement 60 EUR/t.
const FX_USD = 1 / 1.08;
const FX_GBP = 1 / 0.85;
const EUA = 60;
const GB_TAX = 18 * FX_GBP; // 18 GBP/t = 21.176470588 EUR/t

function near(actual: number, expected: number): void {
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} != ${expected}`);
}

const one = (input: Omit<Parameters<typeof srmcValues>[0], 'prices'> & { price: number }) =>
  srmcValues({ ...input, prices: Float64Array.of(input.price) })[0];

test('coal API-2 at 100 USD/t, default factors, with and without the GB carbon tax', () => {
  // fuel = 100 × 0.925925926 / 6.978 = 92.592592593 / 6.978 = 13.269216479 EUR/MWh
  // CO2 part = 0.34056 × 60 = 20.4336; SRMC = (13.269216479 + 20.4336) / 0.42 = 80.244801141
  const coal = {
    fuel: 'COAL' as const,
    price: 100,
    unit: 'USD',
    denominator: 't',
    eurPerCurrency: FX_USD,
    eua: EUA,
    factors: SRMC_DEFAULTS.COAL,
  };
  near(one(coal)!, 80.24480114120315);
  // CO2 = 60 + 21.176470588 = 81.176470588; 0.34056 × 81.176470588 = 27.645458824
  // SRMC = (13.269216479 + 27.645458824) / 0.42 = 97.415893578
  near(one({ ...coal, carbonTax: GB_TAX })!, 97.41589357817794);
});

test('coal with factors overridden (api2 7.0, emissions 0.35, efficiency 0.4)', () => {
  const factors = srmcFactors('COAL', { api2TonneToMwh: 7, carbonEmissions: 0.35, efficiency: 0.4 });
  assert.equal(factors, { api2TonneToMwh: 7, gasThermToMwh: null, efficiency: 0.4, carbonEmissions: 0.35 });
  // (92.592592593 / 7 + 0.35 × 60) / 0.4 = (13.227513228 + 21) / 0.4 = 85.568783069
  near(one({ fuel: 'COAL', price: 100, unit: 'USD', denominator: 't', eurPerCurrency: FX_USD, eua: EUA, factors })!, 85.56878306878306);
});

test('TTF gas at 30 EUR/MWh (HHV), with and without the GB carbon tax', () => {
  // (30 / 0.9 + 0.202 × 60) / 0.59 = (33.333333333 + 12.12) / 0.59 = 77.039548023
  const ttf = { fuel: 'GAS' as const, price: 30, unit: 'EUR', denominator: 'MWh', eurPerCurrency: 1, eua: EUA, factors: SRMC_DEFAULTS.GAS };
  near(one(ttf)!, 77.03954802259888);
  // 0.202 × 81.176470588 = 16.397647059; (33.333333333 + 16.397647059) / 0.59 = 84.289797275
  near(one({ ...ttf, carbonTax: GB_TAX })!, 84.28979727484214);
});

test('NBP gas at 80 pence/therm, with and without the GB carbon tax', () => {
  // 0.80 GBP/therm / 0.029307 MWh/therm = 27.297232743 GBP/MWh × 1.176470588 = 32.114391462 EUR/MWh
  // / 0.9 (HHV to LHV) = 35.682657180; (35.682657180 + 12.12) / 0.59 = 81.021452848
  const nbp = {
    fuel: 'GAS' as const,
    price: 80,
    unit: 'pence',
    denominator: 'therm',
    eurPerCurrency: FX_GBP,
    eua: EUA,
    factors: SRMC_DEFAULTS.GAS,
  };
  near(one(nbp)!, 81.02145284819025);
  // (35.682657180 + 16.397647059) / 0.59 = 88.271702100
  near(one({ ...nbp, carbonTax: GB_TAX })!, 88.27170210043353);
  // gas-therm-to-mwh 0.03: 0.8 / 0.03 = 26.666666667 × 1.176470588 / 0.9 = 34.858387800; + 12.12 = 46.978387800 / 0.59
  near(one({ ...nbp, factors: srmcFactors('GAS', { gasThermToMwh: 0.03 }) })!, 79.62438610095639);
});

test('per-row FX, EUA and nulls', () => {
  const out = srmcValues({
    fuel: 'GAS',
    prices: Float64Array.of(30, NaN, 30),
    unit: 'EUR',
    denominator: 'MWh',
    eurPerCurrency: 1,
    eua: Float64Array.of(60, 60, NaN),
    factors: SRMC_DEFAULTS.GAS,
  });
  near(out[0]!, 77.03954802259888);
  assert.ok(Number.isNaN(out[1]) && Number.isNaN(out[2]));
});

test('defaults, taxes and factor checks', () => {
  assert.equal(srmcFactors('GAS'), { api2TonneToMwh: null, gasThermToMwh: 0.029307, efficiency: 0.59, carbonEmissions: 0.202 });
  assert.equal(srmcFactors('GAS', { api2TonneToMwh: 7 }).api2TonneToMwh, null);
  assert.equal(CARBON_TAXES.GB, { amount: 18, currency: 'GBP' });
  for (const [overrides, parameter] of [
    [{ efficiency: 0 }, 'efficiency'],
    [{ efficiency: 1.01 }, 'efficiency'],
    [{ carbonEmissions: 0.005 }, 'carbon-emissions'],
    [{ api2TonneToMwh: -1 }, 'api2-tonne-to-mwh'],
  ] as const) {
    try {
      srmcFactors('COAL', overrides);
      assert.unreachable('should throw');
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.is((err as ValidationError).parameter, parameter);
    }
  }
  assert.is(srmcFactors('COAL', { efficiency: 1, carbonEmissions: 0.01 }).efficiency, 1);
});

test('the fuel of a curve: its commodity, else coal or gas in its name', () => {
  assert.is(srmcFuelOf({ name: 'Futures Coal API-2 USD/t ICE OHLC', commodity: 'Coal' }), 'COAL');
  assert.is(srmcFuelOf({ name: 'GB Futures Natural Gas pence/therm ICE-NBP OHLC', commodity: 'Gas' }), 'GAS');
  assert.is(srmcFuelOf({ name: 'NBP Futures Gas Base GBp/therm ICE OHLC' }), 'GAS');
  assert.is(srmcFuelOf({ name: 'Some COAL thing', commodity: null }), 'COAL');
  assert.throws(
    () => srmcFuelOf({ name: 'DE Futures Power Base EUR/MWh EEX OHLC', commodity: 'Power' }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'curve',
  );
});

test('price units: currency of the price, and units that do not fit the fuel', () => {
  assert.is(priceCurrency('pence/therm'), 'GBP');
  assert.is(priceCurrency('USD'), 'USD');
  assert.throws(
    () => priceCurrency('MWh'),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'curve',
  );
  const bad = {
    fuel: 'COAL' as const,
    prices: Float64Array.of(1),
    unit: 'EUR',
    denominator: 'MWh',
    eurPerCurrency: 1,
    eua: 1,
    factors: SRMC_DEFAULTS.COAL,
  };
  assert.throws(
    () => srmcValues(bad),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'curve',
  );
  // gas quoted per kWh: 0.03 EUR/kWh = 30 EUR/MWh
  near(
    srmcValues({ ...bad, fuel: 'GAS', prices: Float64Array.of(0.03), denominator: 'kWh', eua: 60, factors: SRMC_DEFAULTS.GAS })[0]!,
    77.03954802259888,
  );
});

test.run();
