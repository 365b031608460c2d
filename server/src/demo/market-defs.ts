/**
 * Market curves of the demo dataset (docs/demo-data.md#markets): futures (OHLC) with the contracts
 * listed each trading day, and the daily ECB reference rates (FOREX). Hand-written data.
 */

/** A contract period tag (docs/model.md#enums). */
export type ContractPeriod = 'day' | 'weekend' | 'week' | 'month' | 'quarter' | 'season' | 'year' | 'mdec';

/** The price model behind an OHLC curve. */
type PriceModel =
  | { kind: 'power'; area: string; peak: boolean; factor: number; currency: 'EUR' | 'GBP' }
  | { kind: 'nordic' }
  | { kind: 'gas'; hub: 'TTF' | 'THE' | 'NBP' }
  | { kind: 'coal' }
  | { kind: 'eua' }
  | { kind: 'brent' };

/** One futures curve. */
export interface OhlcDef {
  area: string;
  commodity: string;
  categories: string[];
  unit: string;
  source: string;
  /** `[period, number of fronts]` listed each trading day. */
  contracts: [ContractPeriod, number][];
  fullOnly: boolean;
  model: PriceModel;
}

type C = [ContractPeriod, number][];
const POWER_MAIN: C = [
  ['day', 7],
  ['weekend', 2],
  ['week', 4],
  ['month', 6],
  ['quarter', 7],
  ['year', 6],
];
const POWER_PEAK: C = [
  ['week', 4],
  ['month', 6],
  ['quarter', 7],
  ['year', 6],
];
const POWER_OTHER: C = [
  ['week', 4],
  ['month', 6],
  ['quarter', 7],
  ['year', 4],
];
const TTF_SET: C = [
  ['day', 2],
  ['weekend', 1],
  ['month', 12],
  ['quarter', 6],
  ['season', 6],
  ['year', 4],
];

const power = (
  area: string,
  peak: boolean,
  source: string,
  contracts: C,
  fullOnly: boolean,
  factor = 1,
  currency: 'EUR' | 'GBP' = 'EUR',
): OhlcDef => ({
  area,
  commodity: 'Power',
  categories: ['Futures', 'Power', peak ? 'Peak' : 'Base'],
  unit: `${currency}/MWh`,
  source,
  contracts,
  fullOnly,
  model: { kind: 'power', area, peak, factor, currency },
});

/** Every futures curve, in catalogue order. */
export const OHLC_DEFS: readonly OhlcDef[] = Object.freeze([
  power('DE', false, 'EEX', POWER_MAIN, false),
  power('DE', true, 'EEX', POWER_PEAK, false),
  power('FR', false, 'EEX', POWER_MAIN, false, 0.86),
  power('FR', true, 'EEX', POWER_PEAK, false, 0.86),
  {
    area: 'NP',
    commodity: 'Power',
    categories: ['Futures', 'Power', 'Base'],
    unit: 'EUR/MWh',
    source: 'Nasdaq',
    contracts: [
      ['day', 7],
      ['week', 6],
      ['month', 6],
      ['quarter', 8],
      ['year', 10],
    ],
    fullOnly: false,
    model: { kind: 'nordic' },
  },
  power('NL', false, 'EEX', POWER_OTHER, true, 1.02),
  power('BE', false, 'EEX', POWER_OTHER, true, 1.0),
  power('AT', false, 'EEX', POWER_OTHER, true, 1.08),
  power('CH', false, 'EEX', POWER_OTHER, true, 1.1),
  power('IT', false, 'EEX', POWER_OTHER, true, 1.3),
  power('ES', false, 'EEX', POWER_OTHER, true, 0.8),
  power('PL', false, 'EEX', POWER_OTHER, true, 1.25),
  power('CZ', false, 'EEX', POWER_OTHER, true, 1.03),
  power(
    'GB',
    false,
    'ICE',
    [
      ['month', 6],
      ['quarter', 4],
      ['season', 4],
    ],
    true,
    1.05,
    'GBP',
  ),
  {
    area: 'NL',
    commodity: 'Gas',
    categories: ['Futures', 'Natural', 'Gas'],
    unit: 'EUR/MWh',
    source: 'ICE-TTF',
    contracts: TTF_SET,
    fullOnly: false,
    model: { kind: 'gas', hub: 'TTF' },
  },
  {
    area: 'GB',
    commodity: 'Gas',
    categories: ['Futures', 'Natural', 'Gas'],
    unit: 'pence/therm',
    source: 'ICE-NBP',
    contracts: [
      ['day', 2],
      ['month', 12],
      ['quarter', 6],
      ['season', 6],
    ],
    fullOnly: false,
    model: { kind: 'gas', hub: 'NBP' },
  },
  {
    area: '',
    commodity: 'Coal',
    categories: ['Futures', 'Coal', 'API-2'],
    unit: 'USD/t',
    source: 'ICE',
    contracts: [
      ['month', 6],
      ['quarter', 4],
      ['year', 5],
    ],
    fullOnly: false,
    model: { kind: 'coal' },
  },
  {
    area: '',
    commodity: 'Carbon',
    categories: ['Futures', 'EUA'],
    unit: 'EUR/t',
    source: 'ICE',
    contracts: [['mdec', 4]],
    fullOnly: false,
    model: { kind: 'eua' },
  },
  {
    area: '',
    commodity: 'Oil',
    categories: ['Futures', 'Crude', 'Oil', 'Brent'],
    unit: 'USD/bbl',
    source: 'ICE',
    contracts: [['month', 12]],
    fullOnly: true,
    model: { kind: 'brent' },
  },
  {
    area: 'DE',
    commodity: 'Gas',
    categories: ['Futures', 'Natural', 'Gas'],
    unit: 'EUR/MWh',
    source: 'EEX-THE',
    contracts: TTF_SET,
    fullOnly: true,
    model: { kind: 'gas', hub: 'THE' },
  },
]);

/** A currency with an ECB reference rate: its centre, and the range it moves in (units per EUR). */
export interface FxDef {
  currency: string;
  centre: number;
  /** Stationary relative standard deviation of the rate. */
  spread: number;
  /** Relative standard deviation of one day's change. */
  daily: number;
}

/** The FOREX curves of both presets (docs/demo-data.md#markets, docs/demo-data.md#value-ranges). */
export const FX_DEFS: readonly FxDef[] = Object.freeze([
  { currency: 'USD', centre: 1.095, spread: 0.03, daily: 0.0035 },
  { currency: 'GBP', centre: 0.855, spread: 0.012, daily: 0.0025 },
  { currency: 'NOK', centre: 11.6, spread: 0.014, daily: 0.004 },
  { currency: 'SEK', centre: 11.35, spread: 0.016, daily: 0.0035 },
  { currency: 'DKK', centre: 7.46, spread: 0.0003, daily: 0.00008 },
  { currency: 'CHF', centre: 0.95, spread: 0.012, daily: 0.003 },
  { currency: 'CZK', centre: 25.0, spread: 0.008, daily: 0.002 },
  { currency: 'HUF', centre: 400, spread: 0.015, daily: 0.004 },
  { currency: 'PLN', centre: 4.3, spread: 0.009, daily: 0.0025 },
]);
