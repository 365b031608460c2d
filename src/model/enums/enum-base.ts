import { ValueError } from '../../exceptions';
import { displayBundle, INSPECT, JUPYTER_DISPLAY, type DisplayBundle } from '../display';

const ENUM_BRAND = Symbol.for('service.model.enum');

/** What the shared lookups know about one enumeration class. */
interface EnumLookup {
  readonly members: readonly EnumBase[];
  readonly byLowerTag: ReadonlyMap<string, EnumBase>;
  readonly names: ReadonlyMap<EnumBase, string>;
}

const lookups = new WeakMap<object, EnumLookup>();

/**
 * The static side of an enumeration class, as the shared static methods see it: `prototype` gives
 * the member type, so `CurveType.byTag(...)` is typed as returning a `CurveType`.
 */
export interface EnumClass<T extends EnumBase> {
  /** The prototype of the members (used only for typing). */
  readonly prototype: T;
  /** The class name, e.g. `'CurveType'`. */
  readonly name: string;
}

/** Options of {@link registerEnum}. */
export interface RegisterEnumOptions {
  /** Extra tags accepted by `byTag`/`isValidTag`, mapped to the tag of the member they mean. */
  readonly aliases?: Readonly<Record<string, string>>;
}

function lookupOf(cls: object): EnumLookup {
  const lookup = lookups.get(cls);
  if (lookup === undefined) {
    throw new ValueError(`${(cls as { name?: string }).name ?? 'Class'} is not a registered enumeration`);
  }
  return lookup;
}

/**
 * Registers an enumeration class: collects its static members (in definition order), freezes them
 * and builds the case-insensitive tag lookup behind `byTag`, `isValidTag` and `all`. Called once, in
 * the class's `static {}` block, after all members are declared.
 *
 * @param cls - The enumeration class (`this` inside the static block).
 * @param options - `aliases`: extra accepted tags, e.g. `{ MEAN: 'AVERAGE' }`.
 * @returns Nothing.
 * @throws ValueError when two members share a tag (ignoring case) or an alias names no member.
 * @example
 * class Colour extends EnumBase {
 *   static readonly RED = new Colour('red');
 *   static { registerEnum(this); }
 * }
 * Colour.byTag('RED') === Colour.RED //=> true
 */
export function registerEnum(cls: EnumClass<EnumBase>, options: RegisterEnumOptions = {}): void {
  const members: EnumBase[] = [];
  const byLowerTag = new Map<string, EnumBase>();
  const names = new Map<EnumBase, string>();
  for (const key of Object.getOwnPropertyNames(cls)) {
    const value: unknown = (cls as unknown as Record<string, unknown>)[key];
    if (!(value instanceof EnumBase) || Object.getPrototypeOf(value) !== cls.prototype) continue;
    if (names.has(value)) continue;
    const lower = value.tag.toLowerCase();
    if (byLowerTag.has(lower)) throw new ValueError(`${cls.name}: duplicate tag '${value.tag}'`);
    byLowerTag.set(lower, value);
    names.set(value, key);
    members.push(Object.freeze(value));
  }
  for (const [alias, tag] of Object.entries(options.aliases ?? {})) {
    const target = byLowerTag.get(tag.toLowerCase());
    if (target === undefined) throw new ValueError(`${cls.name}: alias '${alias}' names no member`);
    byLowerTag.set(alias.toLowerCase(), target);
  }
  lookups.set(cls, { members: Object.freeze(members), byLowerTag, names });
}

/**
 * Base class of every enumeration in the model (`CurveType`, `Aggregation`, ...). Members are frozen
 * static instances carrying their exact wire `tag`; the static `byTag`, `isValidTag`, `all` and
 * `isMember` are shared by all enumerations and typed per class.
 *
 * @param tag - The exact wire tag of the member.
 * @example
 * CurveType.byTag('instance').tag //=> 'INSTANCE'
 */
export abstract class EnumBase {
  /** The exact wire tag, e.g. `'TIMESERIES'`, `'month'`, `'no-fill'`. */
  readonly tag: string;

  protected constructor(tag: string) {
    this.tag = tag;
  }

  /**
   * Looks a member up by its tag, ignoring letter case (and accepting the enumeration's aliases).
   *
   * @param tag - The tag, e.g. `'timeseries'` or `'TIMESERIES'`.
   * @returns The member.
   * @throws ValueError when no member has this tag, or `tag` is not a string.
   * @example
   * Aggregation.byTag('mean') === Aggregation.AVERAGE //=> true
   */
  static byTag<T extends EnumBase>(this: EnumClass<T>, tag: string): T {
    const lookup = lookupOf(this);
    const member = typeof tag === 'string' ? lookup.byLowerTag.get(tag.toLowerCase()) : undefined;
    if (member === undefined) {
      const valid = lookup.members.map((m) => m.tag).join(', ');
      throw new ValueError(`Invalid ${this.name} tag: ${JSON.stringify(tag)} (valid tags: ${valid})`);
    }
    return member as T;
  }

  /**
   * Checks whether a tag names a member, ignoring letter case.
   *
   * @param tag - The candidate tag (any value; non-strings are never valid).
   * @returns True when `byTag(tag)` would succeed.
   * @example
   * DataType.isValidTag('forecast') //=> true
   * DataType.isValidTag('guess') //=> false
   */
  static isValidTag<T extends EnumBase>(this: EnumClass<T>, tag: unknown): boolean {
    return typeof tag === 'string' && lookupOf(this).byLowerTag.has(tag.toLowerCase());
  }

  /**
   * Lists all members in definition order.
   *
   * @returns A frozen array of the members.
   * @example
   * FuelType.all().map(String) //=> ['COAL', 'GAS']
   */
  static all<T extends EnumBase>(this: EnumClass<T>): readonly T[] {
    return lookupOf(this).members as readonly T[];
  }

  /**
   * Checks whether a value is a member of this enumeration (by brand and class name, so it also
   * works across two copies of the package).
   *
   * @param value - Any value.
   * @returns True for a member of this enumeration.
   * @example
   * CurveType.isMember(CurveType.OHLC) //=> true
   * CurveType.isMember('OHLC') //=> false
   */
  static isMember<T extends EnumBase>(this: EnumClass<T>, value: unknown): value is T {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ENUM_BRAND] === this.name;
  }

  /** Brand read by `isMember`: the enumeration's class name. */
  get [ENUM_BRAND](): string {
    return this.constructor.name;
  }

  /**
   * The name of the static member, e.g. `'NO_FILL'` for `Fill.NO_FILL` (tag `'no-fill'`).
   *
   * @returns The member's constant name.
   * @example
   * Fill.NO_FILL.name //=> 'NO_FILL'
   */
  get name(): string {
    return lookupOf(this.constructor).names.get(this) ?? this.tag;
  }

  /**
   * Compares by identity (members are singletons).
   *
   * @param other - Any value.
   * @returns True when `other` is this very member.
   * @example
   * CurveType.OHLC.equals(CurveType.byTag('ohlc')) //=> true
   */
  equals(other: unknown): boolean {
    return this === other;
  }

  /**
   * The wire tag.
   *
   * @returns The tag.
   * @example
   * `${ContractPeriod.MONTH}` //=> 'month'
   */
  toString(): string {
    return this.tag;
  }

  /**
   * The wire tag, so members serialise as their tag in JSON.
   *
   * @returns The tag.
   * @example
   * JSON.stringify({ period: ContractPeriod.MONTH }) //=> '{"period":"month"}'
   */
  toJSON(): string {
    return this.tag;
  }

  /** Text shown by `util.inspect` and the Node REPL, e.g. `CurveType.TIMESERIES`. */
  [INSPECT](): string {
    return `${this.constructor.name}.${this.name}`;
  }

  /** Rich display in notebook kernels honouring `Symbol.for('Jupyter.display')`. */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle(this.constructor.name, `${this.constructor.name}.${this.name}`, [
      ['name', this.name],
      ['tag', this.tag],
    ]);
  }
}
