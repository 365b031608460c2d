import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { convertUnit } from '../../src/engine';
import { eurPerUnit, fxFromCurves, ratesAtOrBefore, type FxCurve } from '../../src/engine/fx';
import { ValidationError, ValueError } from '../../src/exceptions';

// CET midnights (winter, UTC+1): Thu 2024-02-01 = 2024-01-31T23:00Z, Fri 02-02, Sat 02-03, Sun 02-04,
// Mon 02-05 = 2024-02-04T23:00Z.
const thu = Date.UTC(2024, 0, 31, 23);
const fri = Date.UTC(2024, 1, 1, 23);
const sat = Date.UTC(2024, 1, 2, 23);
const sun = Date.UTC(2024, 1, 3, 23);
const mon = Date.UTC(2024, 1, 4, 23);

// ECB-style rates, units per euro, published on working days only; GBP none on Thursday.
const USD: FxCurve = { times: Float64Array.of(thu, fri, mon), rates: Float64Array.of(1.08, 1.1, 1.09) };
const GBP: FxCurve = { times: Float64Array.of(thu, fri, mon), rates: Float64Array.of(NaN, 0.85, 0.86) };

function close(actual: ArrayLike<number>, expected: number[]): void {
  assert.is(actual.length, expected.length);
  expected.forEach((e, i) => {
    const a = actual[i];
    assert.ok(Number.isNaN(e) ? Number.isNaN(a) : Math.abs(a! - e) <= 1e-9 * Math.max(1, Math.abs(e)), `[${i}] ${a} != ${e}`);
  });
}

test('the rate of a day is the last one published on or before it', () => {
  close(ratesAtOrBefore(USD, Float64Array.of(thu - 86_400_000, thu, sat, sun, mon)), [NaN, 1.08, 1.1, 1.1, 1.09]);
  // GBP has no Thursday rate: Thursday is null, Friday's 0.85 holds over the weekend
  close(ratesAtOrBefore(GBP, Float64Array.of(thu, sat)), [NaN, 0.85]);
  // at most one day old: Sunday is two days after Friday
  close(ratesAtOrBefore(USD, Float64Array.of(sat, sun), 86_400_000), [1.1, NaN]);
});

test('euros per unit of a currency (FX_c(d) = 1 / rate)', () => {
  // 1 / 1.1 = 0.909090909 EUR per USD on Friday and Saturday; 1 / 1.09 = 0.917431193 on Monday
  close(eurPerUnit(USD, Float64Array.of(fri, sat, mon)), [0.9090909090909091, 0.9090909090909091, 0.9174311926605505]);
  close(eurPerUnit(null, Float64Array.of(fri, sat)), [1, 1]);
});

test('a daily EUR/MWh price series in GBP/MWh and USD/MWh', () => {
  // Daily spot prices Fri 80, Sat 70, Sun NaN (null), Mon 90 EUR/MWh.
  const times = Float64Array.of(fri, sat, sun, mon);
  const eur = Float64Array.of(80, 70, NaN, 90);
  const fx = fxFromCurves({ USD, GBP });
  // GBP: Fri 80 × 0.85 = 68, Sat 70 × 0.85 (Friday's rate) = 59.5, Sun null, Mon 90 × 0.86 = 77.4
  const gbp = convertUnit(eur, 'EUR', 'MWh', 'GBP/MWh', { fx, times });
  close(gbp.values, [68, 59.5, NaN, 77.4]);
  assert.equal([gbp.unit, gbp.denominator], ['GBP', 'MWh']);
  // USD per kWh: Fri 80 × 1.1 / 1000 = 0.088, Sat 70 × 1.1 / 1000 = 0.077, Mon 90 × 1.09 / 1000 = 0.0981
  close(convertUnit(eur, 'EUR', 'MWh', 'USD/kWh', { fx, times }).values, [0.088, 0.077, NaN, 0.0981]);
  // cross rate GBP -> USD on Monday: 77.4 GBP/MWh × 1.09 / 0.86 = 98.1 USD/MWh (= 90 EUR × 1.09)
  close(convertUnit(Float64Array.of(77.4), 'GBP', 'MWh', 'USD/MWh', { fx, times: Float64Array.of(mon) }).values, [98.1]);
  // pence/therm is GBP × 1/100 per therm: 68 GBP/MWh on Friday = 6800 pence / 34.1214... therm
  const pence = convertUnit(Float64Array.of(80), 'EUR', 'MWh', 'pence/therm', { fx, times: Float64Array.of(fri) });
  // 1 therm = 105.505585257348 MJ = 0.0293071070 MWh: 6800 pence/MWh × 0.029307107 = 199.2883 pence/therm
  close(pence.values, [6800 * (105_505_585.257348 / 3.6e9)]);
});

test('missing rates and missing times', () => {
  const fx = fxFromCurves({ USD });
  assert.throws(
    () => convertUnit(Float64Array.of(1), 'EUR', 'MWh', 'NOK/MWh', { fx, times: Float64Array.of(fri) }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'unit',
  );
  assert.throws(
    () => convertUnit(Float64Array.of(1), 'EUR', 'MWh', 'USD/MWh', { fx }),
    (e: unknown) => e instanceof ValueError,
  );
  // before the first rate the value is null
  close(convertUnit(Float64Array.of(5), 'EUR', 'MWh', 'USD/MWh', { fx, times: Float64Array.of(thu - 1) }).values, [NaN]);
});

test.run();
