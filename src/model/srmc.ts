/**
 * The result of an SRMC calculation (docs/model.md#srmc, docs/protocol.md#srmc-json).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import type { Contract } from './contract';
import type { Curve } from './curve';
import {
  displayBundle,
  equalsNullable,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  setBrand,
  type DisplayBundle,
  tabularBundle,
  tabularText,
} from './display';
import type { OHLCList } from './ohlc-list';
import type { Periodseries } from './periodseries';
import type { SRMCOptions } from './srmc-options';
import type { Timeseries } from './timeseries';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.SRMC');

/**
 * Fields of an {@link SRMC}: metadata plus exactly one of `ohlc`, `timeseries`, `periodseries`.
 *
 * @example
 * const init: SRMCInit = { ohlc: new OHLCList([]) };
 * new SRMC(init).hasOhlc() //=> true
 */
export interface SRMCInit {
  /** The coal or gas OHLC curve. */
  curve?: Curve | null;
  /** Result unit (EUR). */
  unit?: string | null;
  /** Result denominator (MWh). */
  denominator?: string | null;
  /** The contract of front/delivery calculations, or null. */
  contract?: Contract | null;
  /** The effective factors, or null. */
  options?: SRMCOptions | null;
  /** Result as OHLC records (settlement filled). */
  ohlc?: OHLCList | null;
  /** Result as a daily time series. */
  timeseries?: Timeseries | null;
  /** Result as a forward curve of periods. */
  periodseries?: Periodseries | null;
}

/**
 * The short-run marginal cost calculated from a coal or gas curve: metadata, the factors used
 * and exactly one payload (OHLC records, a time series or a period-based series).
 *
 * @param init - The fields.
 * @throws ValueError unless exactly one payload is set.
 * @example
 * const s = new SRMC({ curve, options, ohlc: new OHLCList([o]) });
 * s.hasOhlc() //=> true
 * s.hasTimeseries() //=> false
 */
export class SRMC {
  /** The curve, or null. */
  readonly curve: Curve | null;
  /** Result unit, or null. */
  readonly unit: string | null;
  /** Result denominator, or null. */
  readonly denominator: string | null;
  /** The contract, or null. */
  readonly contract: Contract | null;
  /** The factors used, or null. */
  readonly options: SRMCOptions | null;
  /** OHLC payload, or null. */
  readonly ohlc: OHLCList | null;
  /** Time-series payload, or null. */
  readonly timeseries: Timeseries | null;
  /** Period-series payload, or null. */
  readonly periodseries: Periodseries | null;

  constructor(init: SRMCInit) {
    const payloads = [init.ohlc, init.timeseries, init.periodseries].filter((p) => p !== null && p !== undefined);
    if (payloads.length !== 1) {
      throw new ValueError(`SRMC needs exactly one of ohlc, timeseries and periodseries, got ${payloads.length}`);
    }
    this.curve = init.curve ?? null;
    this.unit = init.unit ?? null;
    this.denominator = init.denominator ?? null;
    this.contract = init.contract ?? null;
    this.options = init.options ?? null;
    this.ohlc = init.ohlc ?? null;
    this.timeseries = init.timeseries ?? null;
    this.periodseries = init.periodseries ?? null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an SRMC result (brand check).
   *
   * @param value - Anything.
   * @returns True for an SRMC.
   * @example
   * SRMC.isSRMC(s) //=> true
   */
  static isSRMC(value: unknown): value is SRMC {
    return hasBrand(value, BRAND);
  }

  /**
   * Tells whether the payload is OHLC records.
   *
   * @returns True when `ohlc` is set.
   * @example
   * s.hasOhlc() //=> true
   */
  hasOhlc(): boolean {
    return this.ohlc !== null;
  }

  /**
   * Tells whether the payload is a time series.
   *
   * @returns True when `timeseries` is set.
   * @example
   * s.hasTimeseries() //=> false
   */
  hasTimeseries(): boolean {
    return this.timeseries !== null;
  }

  /**
   * The time-series payload, for code that knows it asked for one (the `…AsTimeseries` loads).
   *
   * @returns The time series.
   * @throws ValueError naming the payload the result has instead.
   * @example
   * (await client.srmc.loadFrontAsTimeseries(curve, opts)).requireTimeseries().length //=> 31
   */
  requireTimeseries(): Timeseries {
    if (this.timeseries === null) {
      const has = this.ohlc !== null ? 'OHLC rows' : this.periodseries !== null ? 'a period-based series' : 'no payload';
      throw new ValueError(`This SRMC result has ${has}, not a time series (load it with an …AsTimeseries call)`);
    }
    return this.timeseries;
  }

  /**
   * Tells whether the payload is a period-based series.
   *
   * @returns True when `periodseries` is set.
   * @example
   * s.hasPeriodseries() //=> false
   */
  hasPeriodseries(): boolean {
    return this.periodseries !== null;
  }

  /**
   * Returns a copy with some fields changed. Changing the payload means setting the new one and
   * nulling the old one.
   *
   * @param changes - The fields to change.
   * @returns A new SRMC.
   * @throws ValueError unless exactly one payload remains.
   * @example
   * s.with({ unit: 'EUR' }).unit //=> 'EUR'
   */
  with(changes: Partial<SRMCInit>): SRMC {
    return this.#clone(changes);
  }

  #clone(alts: Partial<SRMCInit>): SRMC {
    return new SRMC({
      curve: this.curve,
      unit: this.unit,
      denominator: this.denominator,
      contract: this.contract,
      options: this.options,
      ohlc: this.ohlc,
      timeseries: this.timeseries,
      periodseries: this.periodseries,
      ...alts,
    });
  }

  /**
   * Compares metadata, options and payload.
   *
   * @param other - Another SRMC.
   * @returns True when equal.
   * @example
   * s.equals(s.with({})) //=> true
   */
  equals(other: SRMC): boolean {
    if (!SRMC.isSRMC(other)) return false;
    return (
      equalsNullable(this.curve, other.curve) &&
      this.unit === other.unit &&
      this.denominator === other.denominator &&
      equalsNullable<Contract>(this.contract, other.contract) &&
      equalsNullable(this.options, other.options) &&
      equalsNullable(this.ohlc, other.ohlc) &&
      equalsNullable(this.timeseries, other.timeseries) &&
      equalsNullable(this.periodseries, other.periodseries)
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#srmc-json); `ohlc`
   * is the array of records.
   * Not the wire format: `serializeSRMC` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * Object.keys(s.toJSON()) //=> ['curve', 'unit', 'denominator', 'contract', 'srmc_options', 'ohlc']
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = {
      curve: this.curve ? this.curve.toJSON() : null,
      unit: this.unit,
      denominator: this.denominator,
      contract: this.contract ? this.contract.toJSON() : null,
      srmc_options: this.options ? this.options.toJSON() : null,
    };
    if (this.ohlc) json.ohlc = Array.from(this.ohlc, (o) => o.toJSON());
    if (this.timeseries) json.timeseries = this.timeseries.toJSON();
    if (this.periodseries) json.periodseries = this.periodseries.toJSON();
    return json;
  }

  /**
   * A one-line description: curve, contract, options and the payload's summary.
   *
   * @returns The text.
   * @example
   * s.toString().startsWith('<SRMC: curve=') //=> true
   */
  toString(): string {
    const parts: string[] = [];
    if (this.curve) parts.push(`curve="${this.curve.name}"`);
    if (this.contract) parts.push(`contract=${this.contract.toString()}`);
    if (this.options) parts.push(`options=${this.options.toString()}`);
    parts.push(`${this.#payloadName()}=${this.#payload().toString()}`);
    return `<SRMC: ${parts.join(', ')}>`;
  }

  #payloadName(): string {
    if (this.ohlc) return 'ohlc';
    return this.timeseries ? 'timeseries' : 'periodseries';
  }

  #payload(): OHLCList | Timeseries | Periodseries {
    return (this.ohlc ?? this.timeseries ?? this.periodseries) as OHLCList | Timeseries | Periodseries;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else a head/tail text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => tabularText(this));
  }

  /**
   * The notebook display bundle: curve, unit, contract, factors and payload summary.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * s[Symbol.for('Jupyter.display')]()['text/html'].includes('ohlc') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return tabularBundle(this, () => {
      return displayBundle('SRMC', this.toString(), [
        ['curve', this.curve?.name],
        ['unit', this.denominator ? `${this.unit ?? ''}/${this.denominator}` : this.unit],
        ['contract', this.contract ? this.contract.columnHeader() : null],
        ['options', this.options ? this.options.toString() : null],
        [this.#payloadName(), this.#payload().toString()],
      ]);
    });
  }
}
setBrand(SRMC.prototype, BRAND);
