import { EnumBase, registerEnum } from './enum-base';

/**
 * The shape of the values of a time series (docs/model.md#enums, docs/model.md#series).
 *
 * @example
 * ValueType.byTag('mean_and_scenarios') === ValueType.MEAN_AND_SCENARIOS //=> true
 */
export class ValueType extends EnumBase {
  /** One value per step. */
  static readonly VALUE = new ValueType('VALUE');
  /** Only scenario values per step. */
  static readonly SCENARIOS = new ValueType('SCENARIOS');
  /** A value and scenario values per step. */
  static readonly MEAN_AND_SCENARIOS = new ValueType('MEAN_AND_SCENARIOS');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
