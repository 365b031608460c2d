import type { AnyCase } from '../../time';
import { EnumBase, registerEnum } from './enum-base';

/** Name of a `ServiceClient` section attribute that loads data of some curve type. */
export type CurveSection = 'timeseries' | 'instances' | 'periods' | 'periodInstances' | 'ohlc';

/**
 * The tags of {@link CurveType}, as a literal type for options (a misspelt tag fails to compile;
 * at run time `byTag` also accepts any letter case).
 *
 * @example
 * const tag: CurveTypeTag = 'TIMESERIES';
 */
export type CurveTypeTag = AnyCase<'TIMESERIES' | 'SCENARIO_TIMESERIES' | 'INSTANCE' | 'PERIOD' | 'INSTANCE_PERIOD' | 'OHLC'>;

/**
 * The storage format of a curve, which decides the section that loads its data
 * (docs/model.md#enums). Wire tags are upper case; lookup ignores case.
 *
 * @example
 * CurveType.byTag('instance_period').hasInstances //=> true
 * CurveType.PERIOD.section //=> 'periods'
 */
export class CurveType extends EnumBase {
  /** Plain, fixed-interval time series (timeseries section). */
  static readonly TIMESERIES = new CurveType('TIMESERIES', false, 'timeseries');
  /** Fixed-interval scenarios of time series (timeseries section). */
  static readonly SCENARIO_TIMESERIES = new CurveType('SCENARIO_TIMESERIES', false, 'timeseries');
  /** Instances, i.e. forecasts (instances section). */
  static readonly INSTANCE = new CurveType('INSTANCE', true, 'instances');
  /** Period-based data (periods section). */
  static readonly PERIOD = new CurveType('PERIOD', false, 'periods');
  /** Instances of period-based data, e.g. REMIT capacity (periodInstances section). */
  static readonly INSTANCE_PERIOD = new CurveType('INSTANCE_PERIOD', true, 'periodInstances');
  /** Closing prices for market data (ohlc and srmc sections). */
  static readonly OHLC = new CurveType('OHLC', false, 'ohlc');

  static {
    registerEnum(this);
  }

  /** True for the curve types whose data comes in issued instances (`INSTANCE`, `INSTANCE_PERIOD`). */
  readonly hasInstances: boolean;
  /**
   * Name of the client section that loads this curve type, as the `ServiceClient` attribute:
   * `'timeseries'`, `'instances'`, `'periods'`, `'periodInstances'` or `'ohlc'`.
   */
  readonly section: CurveSection;

  private constructor(tag: string, hasInstances: boolean, section: CurveSection) {
    super(tag);
    this.hasInstances = hasInstances;
    this.section = section;
  }
}
