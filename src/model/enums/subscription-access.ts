import { EnumBase, registerEnum } from './enum-base';

/**
 * The access level a subscription gives to a curve (docs/model.md#enums). Lookup ignores case.
 *
 * @example
 * SubscriptionAccess.byTag('paying') === SubscriptionAccess.PAYING //=> true
 */
export class SubscriptionAccess extends EnumBase {
  /** Included in the freemium tier. */
  static readonly FREEMIUM = new SubscriptionAccess('FREEMIUM');
  /** No access. */
  static readonly BLOCKED = new SubscriptionAccess('BLOCKED');
  /** Access during a trial period. */
  static readonly TRIAL = new SubscriptionAccess('TRIAL');
  /** Access through a paid subscription. */
  static readonly PAYING = new SubscriptionAccess('PAYING');
  /** Access through a reseller (partner) subscription. */
  static readonly REALTO = new SubscriptionAccess('REALTO');
  /** Access through partner agreements. */
  static readonly INTERNAL = new SubscriptionAccess('INTERNAL');
  /** Available at no cost. */
  static readonly FREE = new SubscriptionAccess('FREE');
  /** Missing access information. */
  static readonly NONE = new SubscriptionAccess('NONE');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
