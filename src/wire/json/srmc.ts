/**
 * SRMC result JSON (docs/protocol.md#srmc-json): one object for all six operations, whose payload key
 * (`ohlc`, `timeseries` or `periodseries`, checked in that order) decides the variant.
 *
 * @module
 */
import { Area, FuelType, OHLCList, SRMC, SRMCOptions } from '../../model';
import { parseContract, serializeContract, type ContractJson } from './contract';
import { parseCurve, serializeCurve, type CurveJson } from './curve';
import { parseOHLCArray, serializeOHLC, type OHLCJson } from './ohlc';
import { parsePeriodseries, serializePeriodseries, type PeriodseriesJson } from './periodseries';
import { asObject, fail, jsonBody, modelAt, optNumber, optString, readTag } from './read';
import { parseTimeseries, serializeTimeseries, type TimeseriesJson } from './timeseries';

/** The wire form of the factors an SRMC was computed with. */
export interface SRMCOptionsJson {
  /** `COAL` or `GAS`. */
  fuel_type: string;
  /** Coal factor, or null. */
  api2_tonne_to_mwh: number | null;
  /** Gas factor, or null. */
  gas_therm_to_mwh: number | null;
  /** Plant efficiency, or null. */
  efficiency: number | null;
  /** tCO2 per MWh of fuel, or null. */
  carbon_emissions: number | null;
  /** Area tag of the carbon tax, or null. */
  carbon_tax_area: string | null;
}

/** The wire form of an SRMC result: exactly one of `ohlc`, `timeseries`, `periodseries`. */
export interface SRMCJson {
  /** The curve, or null. */
  curve: CurveJson | null;
  /** Unit, or null. */
  unit: string | null;
  /** Denominator, or null. */
  denominator: string | null;
  /** Factors used, or null. */
  srmc_options: SRMCOptionsJson | null;
  /** Contract of front/delivery results, or null. */
  contract: ContractJson | null;
  /** OHLC records (`load_front`, `load_delivery`, `latest`). */
  ohlc?: OHLCJson[];
  /** Time series (`*_as_timeseries`). */
  timeseries?: TimeseriesJson;
  /** Period series (`latest_as_periods`). */
  periodseries?: PeriodseriesJson;
}

/**
 * Parses SRMC options; `{}` or null gives null. `fuel_type` is required otherwise; an unknown
 * `carbon_tax_area` reads as null, as in the reference.
 *
 * @param json - The options object.
 * @param path - Where it sits in the body, for messages.
 * @returns The options, or null.
 * @throws ParseException for a bad member or fuel type.
 * @example
 * parseSRMCOptions({ fuel_type: 'COAL', efficiency: 0.42 }).efficiency //=> 0.42
 */
export function parseSRMCOptions(json: unknown, path = 'srmc_options'): SRMCOptions | null {
  if (json === null || json === undefined) return null;
  const obj = asObject(json, path);
  if (Object.keys(obj).length === 0) return null;
  const area = optString(obj, 'carbon_tax_area', path);
  return new SRMCOptions({
    fuelType: readTag(FuelType, obj, 'fuel_type', path, true),
    api2TonneToMwh: optNumber(obj, 'api2_tonne_to_mwh', path),
    gasThermToMwh: optNumber(obj, 'gas_therm_to_mwh', path),
    efficiency: optNumber(obj, 'efficiency', path),
    carbonEmissions: optNumber(obj, 'carbon_emissions', path),
    carbonTaxArea: area !== null && Area.isValidTag(area) ? Area.byTag(area) : null,
  });
}

/**
 * Writes SRMC options.
 *
 * @param options - The options.
 * @returns The wire object.
 * @example
 * serializeSRMCOptions(new SRMCOptions({ fuelType: FuelType.GAS })).fuel_type //=> 'GAS'
 */
export function serializeSRMCOptions(options: SRMCOptions): SRMCOptionsJson {
  return {
    fuel_type: options.fuelType.tag,
    api2_tonne_to_mwh: options.api2TonneToMwh,
    gas_therm_to_mwh: options.gasThermToMwh,
    efficiency: options.efficiency,
    carbon_emissions: options.carbonEmissions,
    carbon_tax_area: options.carbonTaxArea ? options.carbonTaxArea.tag : null,
  };
}

/**
 * Parses an SRMC result. The nested `timeseries`/`periodseries` are parsed on their own (they do
 * not inherit the top-level curve or contract); the `ohlc` array becomes an OHLC list without
 * curve or unit, as in the reference.
 *
 * @param json - The SRMC object (or its JSON text).
 * @returns The result.
 * @throws ParseException when no payload key is present or a member is bad.
 * @example
 * parseSRMC({ srmc_options: { fuel_type: 'COAL' }, ohlc: [] }).hasOhlc() //=> true
 */
export function parseSRMC(json: unknown): SRMC {
  const obj = asObject(jsonBody(json), '');
  const init = {
    curve: obj.curve ? parseCurve(obj.curve, 'curve') : null,
    unit: optString(obj, 'unit', ''),
    denominator: optString(obj, 'denominator', ''),
    contract: obj.contract ? parseContract(obj.contract, 'contract') : null,
    options: parseSRMCOptions(obj.srmc_options, 'srmc_options'),
  };
  if (obj.ohlc !== null && obj.ohlc !== undefined) {
    return modelAt('', () => new SRMC({ ...init, ohlc: new OHLCList(parseOHLCArray(obj.ohlc, 'ohlc')) }));
  }
  if (obj.timeseries !== null && obj.timeseries !== undefined) {
    return modelAt('', () => new SRMC({ ...init, timeseries: parseTimeseries(obj.timeseries, 'timeseries') }));
  }
  if (obj.periodseries !== null && obj.periodseries !== undefined) {
    return modelAt('', () => new SRMC({ ...init, periodseries: parsePeriodseries(obj.periodseries, 'periodseries') }));
  }
  return fail('', 'expected an "ohlc", "timeseries" or "periodseries" member', Object.keys(obj));
}

/**
 * Writes an SRMC result with its one payload member. Repeat the curve and contract inside a
 * nested time series when building one: the reference reads them only from there.
 *
 * @param srmc - The result.
 * @returns The wire object.
 * @throws ValueError when a date-time of a nested series cannot be written.
 * @example
 * Object.keys(serializeSRMC(srmc)) //=> ['curve', 'unit', 'denominator', 'srmc_options', 'contract', 'ohlc']
 */
export function serializeSRMC(srmc: SRMC): SRMCJson {
  const json: SRMCJson = {
    curve: srmc.curve ? serializeCurve(srmc.curve) : null,
    unit: srmc.unit,
    denominator: srmc.denominator,
    srmc_options: srmc.options ? serializeSRMCOptions(srmc.options) : null,
    contract: srmc.contract ? serializeContract(srmc.contract) : null,
  };
  if (srmc.ohlc) json.ohlc = Array.from(srmc.ohlc, serializeOHLC);
  else if (srmc.timeseries) json.timeseries = serializeTimeseries(srmc.timeseries);
  else if (srmc.periodseries) json.periodseries = serializePeriodseries(srmc.periodseries);
  return json;
}
