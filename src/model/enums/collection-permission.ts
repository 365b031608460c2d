import { EnumBase, registerEnum } from './enum-base';

/**
 * The user's permission on a collection subscription (docs/model.md#enums). Wire tags are `r` and
 * `rw`; lookup ignores case.
 *
 * @example
 * CollectionPermission.byTag('RW') === CollectionPermission.RW //=> true
 */
export class CollectionPermission extends EnumBase {
  /** `r`: read-only access. */
  static readonly R = new CollectionPermission('r');
  /** `rw`: read-write access. */
  static readonly RW = new CollectionPermission('rw');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
