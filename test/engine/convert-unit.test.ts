import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { convertUnit, type FxRates } from '../../src/engine';
import { ValidationError, ValueError } from '../../src/exceptions';

function close(actual: ArrayLike<number>, expected: number[]): void {
  assert.is(actual.length, expected.length);
  expected.forEach((e, i) => {
    const a = actual[i];
    assert.ok(Number.isNaN(e) ? Number.isNaN(a) : Math.abs(a! - e) <= 1e-9 * Math.max(1, Math.abs(e)), `[${i}] ${a} != ${e}`);
  });
}

function rejectsUnit(run: () => unknown): void {
  try {
    run();
    assert.unreachable('should throw');
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).parameter, 'unit');
  }
}

test('MWh/h to GWh/h divides by 1000 and keeps nulls', () => {
  const out = convertUnit(Float64Array.of(1500, NaN, -20), 'MWh/h', null, 'GWh/h');
  close(out.values, [1.5, NaN, -0.02]);
  assert.is(out.unit, 'GWh/h');
  assert.is(out.denominator, null);
});

test('MW to kW multiplies by 1000; energy and power scale across all prefixes', () => {
  close(convertUnit(Float64Array.of(2.5), 'MW', null, 'kW').values, [2500]);
  close(convertUnit(Float64Array.of(1), 'TW', null, 'W').values, [1e12]);
  close(convertUnit(Float64Array.of(3), 'GWh', undefined, 'MWh').values, [3000]);
  close(convertUnit(Float64Array.of(7), 'Wh/h', null, 'kWh/h').values, [0.007]);
});

test('prices: EUR/MWh to EUR/kWh, with the unit split into currency and denominator', () => {
  const out = convertUnit(Float64Array.of(80, NaN), 'EUR', 'MWh', 'EUR/kWh');
  close(out.values, [0.08, NaN]);
  assert.equal({ unit: out.unit, denominator: out.denominator }, { unit: 'EUR', denominator: 'kWh' });
  // a whole price string as the source unit works the same
  close(convertUnit(Float64Array.of(0.08), 'EUR/kWh', null, 'EUR/MWh').values, [80]);
});

test('pence/therm to GBP/MWh needs no FX (1 therm = 29.3071070 kWh)', () => {
  // 1 p/therm = 0.01 GBP per 0.0293071070 MWh = 0.341214163 GBP/MWh
  const out = convertUnit(Float64Array.of(100), 'pence', 'therm', 'GBP/MWh');
  close(out.values, [34.121416332783916]); // 1e6 / (105505585.257348 / 3600)
  assert.is(out.unit, 'GBP');
  assert.is(out.denominator, 'MWh');
});

test('currency changes go through the fx callback, one rate or one per value', () => {
  const calls: string[] = [];
  const fx: FxRates = (from, to, times) => {
    calls.push(`${from}>${to}:${times?.length ?? 'none'}`);
    return times ? Float64Array.from(times, (_, i) => (i === 0 ? 1.08 : 1.1)) : 1.08;
  };
  close(convertUnit(Float64Array.of(80), 'EUR', 'MWh', 'USD/MWh', { fx }).values, [86.4]);
  const times = Float64Array.of(Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2));
  const out = convertUnit(Float64Array.of(80, 100), 'EUR', 'MWh', 'USD/kWh', { fx, times });
  close(out.values, [0.0864, 0.11]);
  close(convertUnit(Float64Array.of(10), 'EUR', null, 'USD', { fx }).values, [10.8]);
  assert.equal(calls, ['EUR>USD:none', 'EUR>USD:2', 'EUR>USD:none']);
  // pence to EUR asks for GBP>EUR and scales by 1/100
  close(convertUnit(Float64Array.of(50), 'pence', 'therm', 'EUR/therm', { fx: () => 1.2 }).values, [0.6]);
});

test('fx rates of the wrong length are a ValueError', () => {
  assert.throws(
    () => convertUnit(Float64Array.of(1, 2), 'EUR', null, 'USD', { fx: () => Float64Array.of(1) }),
    (e: unknown) => e instanceof ValueError,
  );
});

test('incompatible or unknown units are a ValidationError naming unit', () => {
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'MW', null, 'MWh'));
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'MWh/h', null, 'MW'));
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'MW', null, 'EUR/MWh'));
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'EUR', 'MWh', 'EUR'));
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'EUR', 'MWh', 'EUR/t'));
  rejectsUnit(() => convertUnit(Float64Array.of(1), '°C', null, '°F'));
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'MW', null, 'furlong'));
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'MW', null, ''));
  rejectsUnit(() => convertUnit(Float64Array.of(1), 'EUR', 'MWh', 'USD/MWh')); // no fx
});

test('same units (also unknown ones such as %) are copied unchanged', () => {
  const values = Float64Array.of(21.5, NaN);
  const out = convertUnit(values, '°C', null, '°C');
  close(out.values, [21.5, NaN]);
  assert.ok(out.values !== values, 'a new array');
  close(convertUnit(Float64Array.of(42), '%', null, '%').values, [42]);
  close(convertUnit(Float64Array.of(42), 'USD', 't', 'USD/t').values, [42]);
});

test('scaling down by a power of ten is exact: 1400 MW is 1.4 GW, 80 EUR/MWh is 0.08 EUR/kWh', () => {
  assert.equal(convertUnit(Float64Array.of(1400), 'MW', null, 'GW').values[0], 1.4);
  assert.equal(convertUnit(Float64Array.of(80), 'EUR', 'MWh', 'EUR/kWh').values[0], 0.08);
  assert.equal(convertUnit(Float64Array.of(1234.5), 'MWh/h', null, 'GWh/h').values[0], 1.2345);
});

test.run();
