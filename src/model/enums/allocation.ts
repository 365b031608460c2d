import { EnumBase, registerEnum } from './enum-base';

/**
 * How commercial capacity is allocated on a border (docs/model.md#enums, docs/model.md#areas). Members are in
 * the order allocations are listed in a border: `E`, `I`, `F`, `N`.
 *
 * @example
 * Allocation.byTag('f').label //=> 'Flow-based'
 */
export class Allocation extends EnumBase {
  /** `E`: explicit auctions. */
  static readonly EXPLICIT = new Allocation('E', 'Explicit');
  /** `I`: implicit (market coupling). */
  static readonly IMPLICIT = new Allocation('I', 'Implicit');
  /** `F`: flow-based market coupling. */
  static readonly FLOW_BASED = new Allocation('F', 'Flow-based');
  /** `N`: no commercial capacity. */
  static readonly NO_COMMERCIAL_CAPACITY = new Allocation('N', 'No commercial capacity');

  static {
    registerEnum(this);
  }

  /** Human-readable label, e.g. `'Explicit'`. */
  readonly label: string;

  private constructor(tag: string, label: string) {
    super(tag);
    this.label = label;
  }
}
