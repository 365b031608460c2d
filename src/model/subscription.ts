/**
 * The subscription a curve belongs to (docs/protocol.md#subscription-json).
 *
 * @module
 */
import type { CollectionPermission, SubscriptionAccess, SubscriptionType } from './enums';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, SUMMARY_ROWS, type DisplayBundle, type SummaryRow } from './display';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Subscription');

/**
 * Fields of a {@link Subscription}; everything but `label` is optional.
 *
 * @example
 * const init: SubscriptionInit = { label: 'Free' };
 * new Subscription(init).access //=> null
 */
export interface SubscriptionInit {
  /** Access level (`FREEMIUM`, `PAYING`, ...), or null. */
  access?: SubscriptionAccess | null;
  /** Subscription kind (`PACKAGE`, `PACKAGE_AREA`, `COLLECTION`, ...), or null. */
  type?: SubscriptionType | null;
  /** Human-readable label. */
  label: string;
  /** Package name, for `PACKAGE` and `PACKAGE_AREA` subscriptions. */
  package?: string | null;
  /** Area tag (plain text), for `PACKAGE_AREA` subscriptions. */
  area?: string | null;
  /** Collection id, for `COLLECTION` subscriptions. */
  collection?: string | null;
  /** Permission on the collection, for `COLLECTION` subscriptions. */
  collectionPerms?: CollectionPermission | null;
}

/**
 * The subscription that gives the user access to a curve: access level, kind and label, plus
 * the package, area or collection the kind refers to.
 *
 * @param init - The fields.
 * @example
 * const s = new Subscription({ access: SubscriptionAccess.byTag('PAYING'), type: SubscriptionType.byTag('PACKAGE'), label: 'Power', package: 'power' });
 * s.package //=> 'power'
 */
export class Subscription {
  /** Access level, or null. */
  readonly access: SubscriptionAccess | null;
  /** Subscription kind, or null. */
  readonly type: SubscriptionType | null;
  /** Human-readable label. */
  readonly label: string;
  /** Package name, or null. */
  readonly package: string | null;
  /** Area tag as plain text, or null. */
  readonly area: string | null;
  /** Collection id, or null. */
  readonly collection: string | null;
  /** Permission on the collection, or null. */
  readonly collectionPerms: CollectionPermission | null;

  constructor(init: SubscriptionInit) {
    this.access = init.access ?? null;
    this.type = init.type ?? null;
    this.label = init.label;
    this.package = init.package ?? null;
    this.area = init.area ?? null;
    this.collection = init.collection ?? null;
    this.collectionPerms = init.collectionPerms ?? null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a Subscription (brand check, works across package copies).
   *
   * @param value - Anything.
   * @returns True for a Subscription.
   * @example
   * Subscription.isSubscription({ label: 'x' }) //=> false
   */
  static isSubscription(value: unknown): value is Subscription {
    return hasBrand(value, BRAND);
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new Subscription.
   * @example
   * s.with({ label: 'Gas' }).label //=> 'Gas'
   */
  with(changes: Partial<SubscriptionInit>): Subscription {
    return this.#clone(changes);
  }

  #clone(alts: Partial<SubscriptionInit>): Subscription {
    return new Subscription({ ...this.#toInit(), ...alts });
  }

  #toInit(): SubscriptionInit {
    return {
      access: this.access,
      type: this.type,
      label: this.label,
      package: this.package,
      area: this.area,
      collection: this.collection,
      collectionPerms: this.collectionPerms,
    };
  }

  /**
   * Compares all fields.
   *
   * @param other - Another subscription.
   * @returns True when every field is equal.
   * @example
   * s.equals(s.with({})) //=> true
   */
  equals(other: Subscription): boolean {
    if (!Subscription.isSubscription(other)) return false;
    return (
      this.access === other.access &&
      this.type === other.type &&
      this.label === other.label &&
      this.package === other.package &&
      this.area === other.area &&
      this.collection === other.collection &&
      this.collectionPerms === other.collectionPerms
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON
   * (docs/protocol.md#subscription-json): fields that do not apply to the type are left out.
   * Not the wire format: `serializeSubscription` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * s.toJSON() //=> { access: 'PAYING', type: 'PACKAGE', label: 'Power', package: 'power' }
   */
  toJSON(): Record<string, string | null> {
    const json: Record<string, string | null> = {
      access: this.access ? this.access.tag : null,
      type: this.type ? this.type.tag : null,
      label: this.label,
    };
    if (this.package !== null) json.package = this.package;
    if (this.area !== null) json.area = this.area;
    if (this.collection !== null) json.collection = this.collection;
    if (this.collectionPerms !== null) json.collection_perms = this.collectionPerms.tag;
    return json;
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * s.toString() //=> '<Subscription: access=PAYING, type=PACKAGE, label="Power", package=power>'
   */
  toString(): string {
    const parts = [`access=${this.access?.tag ?? 'None'}`, `type=${this.type?.tag ?? 'None'}`, `label="${this.label}"`];
    if (this.package !== null) parts.push(`package=${this.package}`);
    if (this.area !== null) parts.push(`area=${this.area}`);
    if (this.collection !== null) parts.push(`collection=${this.collection}`);
    if (this.collectionPerms !== null) parts.push(`collection_perms=${this.collectionPerms.tag}`);
    return `<Subscription: ${parts.join(', ')}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display bundle.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * s[Symbol.for('Jupyter.display')]()['text/plain'].startsWith('<Subscription') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('Subscription', this.toString(), this[SUMMARY_ROWS]());
  }

  /**
   * The summary rows: its own display, and its row in a user's table of subscriptions.
   *
   * @returns Label and value pairs.
   * @example
   * s[Symbol.for('service.model.summaryRows')]()[0] //=> ['label', 'Power']
   */
  [SUMMARY_ROWS](): readonly SummaryRow[] {
    return [
      ['label', this.label],
      ['access', this.access?.tag],
      ['type', this.type?.tag],
      ['package', this.package],
      ['area', this.area],
      ['collection', this.collection],
      ['collectionPerms', this.collectionPerms?.tag],
    ];
  }
}
setBrand(Subscription.prototype, BRAND);
