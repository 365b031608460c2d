import { EnumBase, registerEnum } from './enum-base';

/**
 * The fuel of an SRMC calculation (docs/model.md#enums, docs/protocol.md#srmc-json). On the wire `fuel_type` is exactly
 * `COAL` or `GAS`; lookup ignores case.
 *
 * @example
 * FuelType.byTag('gas') === FuelType.GAS //=> true
 */
export class FuelType extends EnumBase {
  /** Coal (API-2 contracts). */
  static readonly COAL = new FuelType('COAL');
  /** Natural gas. */
  static readonly GAS = new FuelType('GAS');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
