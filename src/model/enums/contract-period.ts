import type { AnyCase } from '../../time';
import { Frequency } from '../../time';
import { EnumBase, registerEnum } from './enum-base';

/**
 * The tags of {@link ContractPeriod}, as a literal type for options (a misspelt tag fails to compile;
 * at run time `byTag` also accepts any letter case).
 *
 * @example
 * const tag: ContractPeriodTag = 'year';
 */
export type ContractPeriodTag = AnyCase<'year' | 'mdec' | 'season' | 'quarter' | 'month' | 'week' | 'weekend' | 'day'>;

/**
 * The delivery period of a market contract (docs/model.md#enums). Wire tags are lower
 * case; lookup ignores case. Each period has the frequency of its delivery.
 *
 * @example
 * ContractPeriod.byTag('MONTH').frequency === Frequency.P1M //=> true
 * ContractPeriod.MDEC.frequency.tag //=> 'P1Y'
 */
export class ContractPeriod extends EnumBase {
  /** Calendar year. */
  static readonly YEAR = new ContractPeriod('year', 'P1Y');
  /** December delivery (emission-allowance style contracts). */
  static readonly MDEC = new ContractPeriod('mdec', 'P1Y');
  /** Summer or winter (typically gas). */
  static readonly SEASON = new ContractPeriod('season', 'SEASON');
  /** Quarter. */
  static readonly QUARTER = new ContractPeriod('quarter', 'P3M');
  /** Month. */
  static readonly MONTH = new ContractPeriod('month', 'P1M');
  /** Week. */
  static readonly WEEK = new ContractPeriod('week', 'P1W');
  /** Weekend (later revisions). */
  static readonly WEEKEND = new ContractPeriod('weekend', 'P1D');
  /** Day. */
  static readonly DAY = new ContractPeriod('day', 'P1D');

  static {
    registerEnum(this);
  }

  /** The frequency of the delivery period (`P1D` for `WEEKEND` and `DAY`). */
  readonly frequency: Frequency;

  private constructor(tag: string, frequencyTag: string) {
    super(tag);
    this.frequency = Frequency.byTag(frequencyTag);
  }
}
