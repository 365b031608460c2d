/**
 * The unit vocabulary of the service (docs/semantics.md#units): which unit strings exist,
 * which physical family each belongs to and its size relative to the family's base unit.
 *
 * @module
 */

/**
 * Physical family of a unit; conversion is possible only inside one family.
 *
 * @example
 * const family: UnitFamily | undefined = unitInfo('MWh/h')?.family; //=> 'energy-per-hour'
 */
export type UnitFamily = 'power' | 'energy' | 'energy-per-hour' | 'temperature' | 'currency' | 'mass' | 'volume';

/**
 * One known unit: its canonical spelling, family and size in the family's base unit.
 *
 * @example
 * const gwh: UnitInfo | undefined = unitInfo('GWh');
 * gwh?.factor //=> 1000000000
 */
export interface UnitInfo {
  /** Canonical spelling, e.g. `'MWh/h'`. */
  readonly symbol: string;
  /** Physical family. */
  readonly family: UnitFamily;
  /** Size in the family's base unit (W, Wh, Wh/h, °C, t, bbl; for currencies: in `base`). */
  readonly factor: number;
  /** For currencies: the ISO currency that FX rates are quoted in (`'GBP'` for `'pence'`). */
  readonly base?: string;
}

const SI_PREFIXES: ReadonlyArray<readonly [string, number]> = [
  ['', 1],
  ['k', 1e3],
  ['M', 1e6],
  ['G', 1e9],
  ['T', 1e12],
];

/** Joules in one therm (US/EC definition, 100 000 BTU) divided by 3600 J/Wh. */
const THERM_WH = 105_505_585.257348 / 3600;

/**
 * ISO currencies the service can convert between with FX rates (docs/demo-data.md#fx).
 *
 * @example
 * CURRENCIES.includes('NOK') //=> true
 */
export const CURRENCIES: readonly string[] = Object.freeze([
  'EUR',
  'USD',
  'GBP',
  'NOK',
  'SEK',
  'DKK',
  'CHF',
  'CZK',
  'HUF',
  'PLN',
  'RON',
  'BGN',
  'TRY',
  'JPY',
  'CNY',
]);

function buildTable(): ReadonlyMap<string, UnitInfo> {
  const table = new Map<string, UnitInfo>();
  const add = (info: UnitInfo): void => {
    table.set(info.symbol, Object.freeze(info));
  };
  for (const [prefix, size] of SI_PREFIXES) {
    add({ symbol: `${prefix}W`, family: 'power', factor: size });
    add({ symbol: `${prefix}Wh`, family: 'energy', factor: size });
    add({ symbol: `${prefix}Wh/h`, family: 'energy-per-hour', factor: size });
  }
  add({ symbol: 'therm', family: 'energy', factor: THERM_WH });
  add({ symbol: 'MMBtu', family: 'energy', factor: THERM_WH * 10 });
  add({ symbol: '°C', family: 'temperature', factor: 1 });
  add({ symbol: 't', family: 'mass', factor: 1 });
  add({ symbol: 'kt', family: 'mass', factor: 1e3 });
  add({ symbol: 'Mt', family: 'mass', factor: 1e6 });
  add({ symbol: 'bbl', family: 'volume', factor: 1 });
  for (const code of CURRENCIES) add({ symbol: code, family: 'currency', factor: 1, base: code });
  add({ symbol: 'pence', family: 'currency', factor: 0.01, base: 'GBP' });
  add({ symbol: 'cent', family: 'currency', factor: 0.01, base: 'EUR' });
  return table;
}

const UNITS = buildTable();

/**
 * Looks up a unit by its exact (case-sensitive) spelling: `MW` is megawatt, `mW` is unknown.
 *
 * @param symbol - The unit string, e.g. `'GWh'`, `'EUR'`, `'pence'`.
 * @returns The unit's family and size, or `undefined` when the unit is unknown.
 * @example
 * unitInfo('kW') //=> { symbol: 'kW', family: 'power', factor: 1000 }
 * unitInfo('furlong') //=> undefined
 */
export function unitInfo(symbol: string): UnitInfo | undefined {
  return UNITS.get(symbol.trim());
}

/**
 * A unit string split into a numerator and an optional denominator (a price quote).
 *
 * @example
 * const pair: UnitPair = splitUnit('USD/t'); //=> { unit: 'USD', denominator: 't' }
 */
export interface UnitPair {
  /** Numerator: the unit itself, or the currency of a price (`'EUR'` of `'EUR/MWh'`). */
  readonly unit: string;
  /** Denominator of a price (`'MWh'` of `'EUR/MWh'`), or `null` for a single unit. */
  readonly denominator: string | null;
}

/**
 * Splits a unit string the way curve metadata stores it: single units (`'MWh/h'`, `'MW'`, `'°C'`,
 * `'%'`) keep a null denominator, while a currency ratio is split at its slash (`'EUR/MWh'` gives
 * unit `'EUR'` and denominator `'MWh'`; so do `'USD/t'`, `'pence/therm'`, `'USD/EUR'`).
 *
 * @param text - The unit string as written in a curve name or a `unit` parameter.
 * @returns The numerator and denominator.
 * @example
 * splitUnit('EUR/MWh') //=> { unit: 'EUR', denominator: 'MWh' }
 * splitUnit('MWh/h') //=> { unit: 'MWh/h', denominator: null }
 */
export function splitUnit(text: string): UnitPair {
  const trimmed = text.trim();
  if (unitInfo(trimmed) !== undefined) return { unit: trimmed, denominator: null };
  const slash = trimmed.indexOf('/');
  if (slash > 0 && slash < trimmed.length - 1) {
    const head = trimmed.slice(0, slash).trim();
    const tail = trimmed.slice(slash + 1).trim();
    if (unitInfo(head)?.family === 'currency') return { unit: head, denominator: tail };
  }
  return { unit: trimmed, denominator: null };
}
