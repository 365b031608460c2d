import type { Area } from '../../model';
import type { QueryBuilder, QueryValues } from '../encode';
import { AREA, number, optionalParam } from '../params';

/**
 * Factors of the short-run marginal cost (docs/protocol.md#srmc); each overrides the
 * service's default for the curve's fuel, and the effective values come back in the result's
 * options. Numbers may also be given as numeric texts, which are sent verbatim (`'7.0'`).
 */
export interface SrmcFactors {
  /** Pence/therm to GBP/MWh (higher heating value); service default 0.029307. */
  gasThermToMwh?: number | string | null;
  /** MWh per tonne of API2 coal; service default 6.978. */
  api2TonneToMwh?: number | string | null;
  /** Emission factor in tCO2 per MWh of fuel, 0.01–1.0; default 0.34056 (coal), 0.202 (gas). */
  carbonEmissions?: number | string | null;
  /** Plant efficiency, 0.01–1.0; default 0.42 (coal), 0.59 (gas). */
  efficiency?: number | string | null;
  /** Add this area's flat carbon tax to the allowance price (e.g. `'GB'`), an Area or its tag. */
  carbonTaxArea?: Area | string | null;
}

/** SRMC factors as the service reads them. */
export interface SrmcFactorsQuery {
  /** Pence/therm to GBP/MWh. */
  gasThermToMwh?: number;
  /** MWh per tonne of coal. */
  api2TonneToMwh?: number;
  /** tCO2 per MWh of fuel. */
  carbonEmissions?: number;
  /** Plant efficiency. */
  efficiency?: number;
  /** Carbon-tax area. */
  carbonTaxArea?: Area;
}

/** The parameter descriptors of the SRMC factors, by option name, in the reference order. */
export const SRMC_FACTOR_PARAMS = Object.freeze({
  gasThermToMwh: optionalParam('gas-therm-to-mwh', number()),
  api2TonneToMwh: optionalParam('api2-tonne-to-mwh', number()),
  carbonEmissions: optionalParam('carbon-emissions', number({ min: 0.01, max: 1 })),
  efficiency: optionalParam('efficiency', number({ min: 0.01, max: 1 })),
  carbonTaxArea: optionalParam('carbon-tax-area', AREA),
});

/**
 * Appends the factors in the reference order: `gas-therm-to-mwh`, `api2-tonne-to-mwh`,
 * `carbon-emissions`, `efficiency`, `carbon-tax-area` (absent ones omitted).
 *
 * @param query - The query being built.
 * @param factors - The caller's factors.
 * @returns The same query.
 * @throws {ValidationError} For non-numbers, `carbon-emissions`/`efficiency` outside 0.01–1.0,
 *   or an unknown area.
 * @example
 * encodeSrmcFactors(new QueryBuilder(), { carbonEmissions: 0.35, efficiency: 0.2 }).toString()
 * //=> 'carbon-emissions=0.35&efficiency=0.2'
 */
export function encodeSrmcFactors(query: QueryBuilder, factors: SrmcFactors): QueryBuilder {
  const p = SRMC_FACTOR_PARAMS;
  return query
    .put(p.gasThermToMwh, factors.gasThermToMwh)
    .put(p.api2TonneToMwh, factors.api2TonneToMwh)
    .put(p.carbonEmissions, factors.carbonEmissions)
    .put(p.efficiency, factors.efficiency)
    .put(p.carbonTaxArea, factors.carbonTaxArea);
}

/**
 * Reads the SRMC factors on the service.
 *
 * @param query - The request's query values.
 * @returns The present factors.
 * @throws {ValidationError} Naming the first invalid factor.
 * @example
 * decodeSrmcFactors(QueryValues.from('efficiency=1&carbon-tax-area=GB')).efficiency
 * //=> 1
 */
export function decodeSrmcFactors(query: QueryValues): SrmcFactorsQuery {
  const out: SrmcFactorsQuery = {};
  for (const key of Object.keys(SRMC_FACTOR_PARAMS) as (keyof SrmcFactorsQuery)[]) {
    const value = SRMC_FACTOR_PARAMS[key].decode(query);
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
