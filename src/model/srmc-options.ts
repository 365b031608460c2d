/**
 * The factors an SRMC calculation used (docs/model.md#srmc, docs/protocol.md#srmc-json `srmc_options`).
 *
 * @module
 */
import type { Area } from './areas';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from './display';
import type { FuelType } from './enums';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.SRMCOptions');

/**
 * Fields of {@link SRMCOptions}; only `fuelType` is required.
 *
 * @example
 * const init: SRMCOptionsInit = { fuelType: FuelType.GAS, gasThermToMwh: 0.029307 };
 * new SRMCOptions(init).efficiency //=> null
 */
export interface SRMCOptionsInit {
  /** Coal or gas. */
  fuelType: FuelType;
  /** MWh per tonne of API2 coal. */
  api2TonneToMwh?: number | null;
  /** Pence/therm to GBP/MWh conversion (gas). */
  gasThermToMwh?: number | null;
  /** Plant efficiency, 0.01 to 1. */
  efficiency?: number | null;
  /** Emission factor, tCO2 per MWh of fuel. */
  carbonEmissions?: number | null;
  /** Area whose flat carbon tax was added, or null. */
  carbonTaxArea?: Area | null;
}

/**
 * The effective factors of an SRMC calculation, as the service echoes them.
 *
 * @param init - The fields.
 * @example
 * const o = new SRMCOptions({ fuelType: FuelType.COAL, api2TonneToMwh: 6.978, efficiency: 0.42, carbonEmissions: 0.34056 });
 * o.efficiency //=> 0.42
 */
export class SRMCOptions {
  /** Coal or gas. */
  readonly fuelType: FuelType;
  /** MWh per tonne of API2 coal, or null. */
  readonly api2TonneToMwh: number | null;
  /** Pence/therm to GBP/MWh conversion, or null. */
  readonly gasThermToMwh: number | null;
  /** Plant efficiency, or null. */
  readonly efficiency: number | null;
  /** Emission factor, or null. */
  readonly carbonEmissions: number | null;
  /** Carbon-tax area, or null. */
  readonly carbonTaxArea: Area | null;

  constructor(init: SRMCOptionsInit) {
    this.fuelType = init.fuelType;
    this.api2TonneToMwh = init.api2TonneToMwh ?? null;
    this.gasThermToMwh = init.gasThermToMwh ?? null;
    this.efficiency = init.efficiency ?? null;
    this.carbonEmissions = init.carbonEmissions ?? null;
    this.carbonTaxArea = init.carbonTaxArea && init.carbonTaxArea.tag !== '' ? init.carbonTaxArea : null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an SRMCOptions (brand check).
   *
   * @param value - Anything.
   * @returns True for an SRMCOptions.
   * @example
   * SRMCOptions.isSRMCOptions(o) //=> true
   */
  static isSRMCOptions(value: unknown): value is SRMCOptions {
    return hasBrand(value, BRAND);
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new SRMCOptions.
   * @example
   * o.with({ efficiency: 0.5 }).efficiency //=> 0.5
   */
  with(changes: Partial<SRMCOptionsInit>): SRMCOptions {
    return this.#clone(changes);
  }

  #clone(alts: Partial<SRMCOptionsInit>): SRMCOptions {
    return new SRMCOptions({
      fuelType: this.fuelType,
      api2TonneToMwh: this.api2TonneToMwh,
      gasThermToMwh: this.gasThermToMwh,
      efficiency: this.efficiency,
      carbonEmissions: this.carbonEmissions,
      carbonTaxArea: this.carbonTaxArea,
      ...alts,
    });
  }

  /**
   * Compares all fields.
   *
   * @param other - Other options.
   * @returns True when equal.
   * @example
   * o.equals(o.with({})) //=> true
   */
  equals(other: SRMCOptions): boolean {
    if (!SRMCOptions.isSRMCOptions(other)) return false;
    return (
      this.fuelType === other.fuelType &&
      this.api2TonneToMwh === other.api2TonneToMwh &&
      this.gasThermToMwh === other.gasThermToMwh &&
      this.efficiency === other.efficiency &&
      this.carbonEmissions === other.carbonEmissions &&
      this.carbonTaxArea === other.carbonTaxArea
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#srmc-json
   * `srmc_options`).
   * Not the wire format: `serializeSRMCOptions` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * o.toJSON().fuel_type //=> 'COAL'
   */
  toJSON(): Record<string, string | number | null> {
    return {
      fuel_type: this.fuelType.tag,
      api2_tonne_to_mwh: this.api2TonneToMwh,
      gas_therm_to_mwh: this.gasThermToMwh,
      efficiency: this.efficiency,
      carbon_emissions: this.carbonEmissions,
      carbon_tax_area: this.carbonTaxArea ? this.carbonTaxArea.tag : null,
    };
  }

  /**
   * A one-line description of the set factors.
   *
   * @returns The text.
   * @example
   * o.toString() //=> '<SRMCOptions: fuel_type=COAL, api2_tonne_to_mwh=6.978, efficiency=0.42, carbon_emissions=0.34056>'
   */
  toString(): string {
    const parts = Object.entries(this.toJSON())
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${k}=${v}`);
    return `<SRMCOptions: ${parts.join(', ')}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display bundle.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * o[Symbol.for('Jupyter.display')]()['text/html'].includes('COAL') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('SRMCOptions', this.toString(), Object.entries(this.toJSON()));
  }
}
setBrand(SRMCOptions.prototype, BRAND);
