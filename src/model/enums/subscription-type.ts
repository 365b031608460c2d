import { EnumBase, registerEnum } from './enum-base';

/**
 * What a subscription is attached to (docs/model.md#enums). Lookup ignores case.
 *
 * @example
 * SubscriptionType.byTag('package_area') === SubscriptionType.PACKAGE_AREA //=> true
 */
export class SubscriptionType extends EnumBase {
  /** A collection of curves (with read or read-write permission). */
  static readonly COLLECTION = new SubscriptionType('COLLECTION');
  /** No subscription needed for the content. */
  static readonly FREE = new SubscriptionType('FREE');
  /** Limited access: no subscription defined for the content. */
  static readonly FREEMIUM = new SubscriptionType('FREEMIUM');
  /** A package of data. */
  static readonly PACKAGE = new SubscriptionType('PACKAGE');
  /** A package restricted to one area. */
  static readonly PACKAGE_AREA = new SubscriptionType('PACKAGE_AREA');
  /** A private subscription with restricted access. */
  static readonly PRIVATE = new SubscriptionType('PRIVATE');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
