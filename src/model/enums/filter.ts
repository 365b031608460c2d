import type { AnyCase } from '../../time';
import { EnumBase, registerEnum } from './enum-base';

/**
 * The tags of {@link Filter}, as a literal type for options (`'PEAKS'` fails to compile).
 *
 * @example
 * const tag: FilterTag = 'PEAK';
 */
export type FilterTag = AnyCase<'BASE' | 'PEAK' | 'OFFPEAK' | 'WORKDAYS' | 'WEEKEND'>;

/**
 * Which hours to include when aggregating (docs/model.md#enums). For `PEAK` and `OFFPEAK` the service picks
 * the definition from the aggregation frequency: weekly and coarser use the futures definitions,
 * daily and finer the standard ones. The wire tag is `WEEKEND` (not `WEEKENDS`, docs/model.md#enums).
 *
 * @example
 * Filter.byTag('offpeak') === Filter.OFFPEAK //=> true
 */
export class Filter extends EnumBase {
  /** All hours. */
  static readonly BASE = new Filter('BASE');
  /** Peak hours. */
  static readonly PEAK = new Filter('PEAK');
  /** Off-peak hours (all hours that are not peak). */
  static readonly OFFPEAK = new Filter('OFFPEAK');
  /** Monday to Friday. */
  static readonly WORKDAYS = new Filter('WORKDAYS');
  /** Saturday and Sunday. */
  static readonly WEEKEND = new Filter('WEEKEND');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
