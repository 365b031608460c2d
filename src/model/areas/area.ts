import { ValueError } from '../../exceptions';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from '../display';
import { Allocation } from '../enums';
import { AREA_ROWS, BORDER_PAIRS, type AreaRow } from './area-data';
import { Border } from './border';

const AREA_BRAND = Symbol.for('service.model.Area');

/** The relations of one area, filled while the table is built and frozen afterwards. */
interface AreaLinks {
  parent: Area | null;
  children: Area[];
  borders: Border[];
  neighbours: Area[];
}

let areasInOrder: readonly Area[] = [];
const areasByLowerTag = new Map<string, Area>();

/**
 * A price area, country, control area or exchange counterpart (docs/model.md#areas). Areas
 * are frozen static data: look them up with `Area.byTag`, or use the constants named after the tag
 * with `-` replaced by `_` (`Area.DE`, `Area.DE_Amprion`, `Area.IT_NORD`). The "no area" entry has
 * tag `''` and is reached with `Area.byTag('')`.
 *
 * @example
 * Area.byTag('de-amprion') === Area.DE_Amprion //=> true
 * Area.DE_Amprion.parent === Area.DE //=> true
 * Area.NO2.exchangeNeighbours.map(String) //=> ['DE', 'DK1', 'GB', 'NL', 'NO1', 'NO5']
 */
export class Area {
  /** The tag used in curve names and on the wire, e.g. `'DE'`, `'DE-Amprion'` (`''` = no area). */
  readonly tag: string;
  /** The full name, e.g. `'NO1 – Oslo'` (with an en dash). */
  readonly name: string;
  /** A short tag for sub-areas, e.g. `'Amprion'` for `DE-Amprion`; null for other areas. */
  readonly shortTag: string | null;
  /** True for a country. */
  readonly country: boolean;
  /** True for a price area (bidding zone). */
  readonly priceArea: boolean;
  /** True for a control (TSO) area. */
  readonly controlArea: boolean;
  /** True for an area outside the covered region, used only as an exchange counterpart. */
  readonly external: boolean;
  readonly #links: AreaLinks;

  private constructor(row: AreaRow, links: AreaLinks) {
    this.tag = row.tag;
    this.name = row.name;
    this.shortTag = row.shortTag;
    this.country = row.country;
    this.priceArea = row.priceArea;
    this.controlArea = row.controlArea;
    this.external = row.external;
    this.#links = links;
  }

  static {
    setBrand(this.prototype, AREA_BRAND);
    const links = new Map<Area, AreaLinks>();
    // The generator has checked that every tag named by a row or pair exists.
    const find = (tag: string): Area => areasByLowerTag.get(tag.toLowerCase()) as Area;
    const linksOf = (tag: string): AreaLinks => links.get(find(tag)) as AreaLinks;
    const ordered: Area[] = [];
    for (const row of AREA_ROWS) {
      const link: AreaLinks = { parent: null, children: [], borders: [], neighbours: [] };
      const area = new this(row, link);
      links.set(area, link);
      areasByLowerTag.set(row.tag.toLowerCase(), area);
      ordered.push(area);
    }
    for (const row of AREA_ROWS) {
      const link = linksOf(row.tag);
      link.parent = row.parent === null ? null : find(row.parent);
      link.children = row.children.map(find);
    }
    for (const [a, b, letters] of BORDER_PAIRS) {
      const allocations = Allocation.all().filter((x) => letters.includes(x.tag));
      linksOf(a).borders.push(new Border(find(a), find(b), allocations));
      linksOf(b).borders.push(new Border(find(b), find(a), allocations));
    }
    for (const area of ordered) {
      const link = links.get(area) as AreaLinks;
      link.borders.sort((x, y) => (x.sink.tag < y.sink.tag ? -1 : x.sink.tag > y.sink.tag ? 1 : 0));
      link.neighbours = link.borders.map((border) => border.sink);
      Object.freeze(link.children);
      Object.freeze(link.borders);
      Object.freeze(link.neighbours);
      Object.freeze(link);
      Object.freeze(area);
      if (area.tag !== '') {
        Object.defineProperty(this, area.tag.replace(/-/g, '_'), { value: area, enumerable: true });
      }
    }
    areasInOrder = Object.freeze(ordered);
  }

  /**
   * Looks an area up by tag, ignoring letter case. `''` gives the "no area" entry.
   *
   * @param tag - The area tag, e.g. `'DE'` or `'no1'`.
   * @returns The area.
   * @throws ValueError when no area has this tag, or `tag` is not a string.
   * @example
   * Area.byTag('no1').name //=> 'NO1 – Oslo'
   */
  static byTag(tag: string): Area {
    const area = typeof tag === 'string' ? areasByLowerTag.get(tag.toLowerCase()) : undefined;
    if (area === undefined) throw new ValueError(`Invalid Area tag: ${JSON.stringify(tag)}`);
    return area;
  }

  /**
   * Looks several areas up by tag, ignoring letter case.
   *
   * @param tags - The area tags.
   * @returns The areas, in the order of `tags`.
   * @throws ValueError when any tag is unknown.
   * @example
   * Area.byTags(['de', 'FR']).map(String) //=> ['DE', 'FR']
   */
  static byTags(tags: Iterable<string>): Area[] {
    return Array.from(tags, (tag) => Area.byTag(tag));
  }

  /**
   * Checks whether a tag names an area, ignoring letter case (`''` is valid: the "no area" entry).
   *
   * @param tag - The candidate tag (any value; non-strings are never valid).
   * @returns True when `Area.byTag(tag)` would succeed.
   * @example
   * Area.isValidTag('se3') //=> true
   * Area.isValidTag('XX') //=> false
   */
  static isValidTag(tag: unknown): boolean {
    return typeof tag === 'string' && areasByLowerTag.has(tag.toLowerCase());
  }

  /**
   * Lists all areas in definition order (85, starting with the "no area" entry).
   *
   * @returns A frozen array of the areas.
   * @example
   * Area.all().length //=> 85
   */
  static all(): readonly Area[] {
    return areasInOrder;
  }

  /**
   * Checks whether a value is an `Area` (by brand, so it also works across package copies).
   *
   * @param value - Any value.
   * @returns True for an area.
   * @example
   * Area.isArea(Area.DE) //=> true
   * Area.isArea('DE') //=> false
   */
  static isArea(value: unknown): value is Area {
    return hasBrand(value, AREA_BRAND);
  }

  /** The parent area (e.g. `DE` for `DE-Amprion`), or null. */
  get parent(): Area | null {
    return this.#links.parent;
  }

  /** The smaller areas this area is split into, in definition order (frozen). */
  get children(): readonly Area[] {
    return this.#links.children;
  }

  /** The one-way borders from this area, sorted by sink tag (frozen). */
  get borders(): readonly Border[] {
    return this.#links.borders;
  }

  /** The areas this one exports to: the sinks of its borders, sorted by tag (frozen). */
  get exchangeNeighbours(): readonly Area[] {
    return this.#links.neighbours;
  }

  /**
   * This area and all its descendants, depth-first in definition order.
   *
   * @returns A new array starting with this area.
   * @example
   * Area.NO.getFamily().map(String) //=> ['NO', 'NO1', 'NO2', 'NO3', 'NO4', 'NO5']
   */
  getFamily(): Area[] {
    const family: Area[] = [this];
    for (const child of this.children) family.push(...child.getFamily());
    return family;
  }

  /**
   * Compares by identity (areas are singletons).
   *
   * @param other - Any value.
   * @returns True when `other` is this very area.
   * @example
   * Area.DE.equals(Area.byTag('de')) //=> true
   */
  equals(other: unknown): boolean {
    return this === other;
  }

  /**
   * The tag, so areas read naturally in curve names and query strings.
   *
   * @returns The tag.
   * @example
   * `${Area.DE_Amprion} Wind` //=> 'DE-Amprion Wind'
   */
  toString(): string {
    return this.tag;
  }

  /**
   * The tag, so areas serialise as their tag in JSON.
   *
   * @returns The tag.
   * @example
   * JSON.stringify([Area.SE3]) //=> '["SE3"]'
   */
  toJSON(): string {
    return this.tag;
  }

  /** Text shown by `util.inspect` and the Node REPL, e.g. `<Area: DE>`. */
  [INSPECT](): string {
    return `<Area: ${this.tag}>`;
  }

  /** Rich display in notebook kernels honouring `Symbol.for('Jupyter.display')`. */
  [JUPYTER_DISPLAY](): DisplayBundle {
    const flags = (['country', 'priceArea', 'controlArea', 'external'] as const).filter((f) => this[f]);
    return displayBundle('Area', `<Area: ${this.tag}>`, [
      ['tag', this.tag],
      ['name', this.name],
      ['shortTag', this.shortTag],
      ['flags', flags.join(', ')],
      ['parent', this.parent?.tag],
      ['children', this.children.map(String).join(', ')],
      ['borders', this.borders.map((b) => `${b.sink.tag}:${b.allocations.join('')}`).join(', ')],
    ]);
  }
}
