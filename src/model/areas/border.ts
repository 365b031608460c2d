import { ValueError } from '../../exceptions';
import { Allocation } from '../enums';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from '../display';
import type { Area } from './area';

const BORDER_BRAND = Symbol.for('service.model.Border');

/**
 * A one-way exchange border between two price areas (docs/model.md#areas): power is
 * exported from `source` and imported into `sink`; `allocations` says how commercial capacity is
 * set. Borders are frozen values; the ones of the static area data are reached through
 * `Area.borders`.
 *
 * @param source - The exporting area.
 * @param sink - The importing area.
 * @param allocations - The allocation types (at least one, no repeats); kept in `E, I, F, N` order.
 * @throws ValueError when `allocations` is empty or repeats an allocation, or source is sink.
 * @example
 * const b = Area.DE.borders.find((x) => x.sink === Area.CH);
 * b.isExplicit() //=> true
 * b.toString() //=> '<Border: DE – CH, allocations=[E]>'
 */
export class Border {
  /** The exporting area. */
  readonly source: Area;
  /** The importing area. */
  readonly sink: Area;
  /** The allocation types, in `E, I, F, N` order (frozen). */
  readonly allocations: readonly Allocation[];

  constructor(source: Area, sink: Area, allocations: readonly Allocation[]) {
    if (source === sink) throw new ValueError(`A border needs two different areas, got ${source.tag} twice`);
    if (allocations.length === 0) throw new ValueError(`Border ${source.tag} – ${sink.tag} needs an allocation`);
    if (new Set(allocations).size !== allocations.length) {
      throw new ValueError(`Border ${source.tag} – ${sink.tag} repeats an allocation`);
    }
    this.source = source;
    this.sink = sink;
    this.allocations = Object.freeze(Allocation.all().filter((a) => allocations.includes(a)));
    Object.freeze(this);
  }

  /**
   * Checks whether a value is a `Border` (by brand, so it also works across package copies).
   *
   * @param value - Any value.
   * @returns True for a border.
   */
  static isBorder(value: unknown): value is Border {
    return hasBrand(value, BORDER_BRAND);
  }

  /**
   * Whether capacity on this border is (also) allocated explicitly.
   *
   * @returns True when `allocations` contains `E`.
   * @example
   * Area.FR.borders.find((b) => b.sink === Area.ES).isExplicit() //=> true
   */
  isExplicit(): boolean {
    return this.allocations.includes(Allocation.EXPLICIT);
  }

  /**
   * Whether this border is flow-based.
   *
   * @returns True when `allocations` contains `F`.
   * @example
   * Area.DE.borders.find((b) => b.sink === Area.FR).isFlowBased() //=> true
   */
  isFlowBased(): boolean {
    return this.allocations.includes(Allocation.FLOW_BASED);
  }

  /**
   * Whether capacity on this border is (also) allocated implicitly.
   *
   * @returns True when `allocations` contains `I`.
   * @example
   * Area.FR.borders.find((b) => b.sink === Area.ES).isImplicit() //=> true
   */
  isImplicit(): boolean {
    return this.allocations.includes(Allocation.IMPLICIT);
  }

  /**
   * The border as the tuple (source, sink, allocations).
   *
   * @returns A new array `[source, sink, allocations]`.
   * @example
   * Area.ES.borders[0].toTuple().map(String) //=> ['ES', 'FR', 'E,I']
   */
  toTuple(): [Area, Area, readonly Allocation[]] {
    return [this.source, this.sink, this.allocations];
  }

  /**
   * Compares source, sink and allocations.
   *
   * @param other - Any value.
   * @returns True for a border with the same source, sink and allocations.
   * @example
   * new Border(Area.DE, Area.FR, [Allocation.FLOW_BASED]).equals(Area.DE.borders[6]) //=> true
   */
  equals(other: unknown): boolean {
    return (
      Border.isBorder(other) &&
      other.source === this.source &&
      other.sink === this.sink &&
      other.allocations.length === this.allocations.length &&
      other.allocations.every((a, i) => a === this.allocations[i])
    );
  }

  /**
   * A readable form, e.g. `<Border: DE – CH, allocations=[E]>`.
   *
   * @returns The text.
   * @example
   * String(Area.ES.borders[1]) //=> '<Border: ES – PT, allocations=[I]>'
   */
  toString(): string {
    return `<Border: ${this.source.tag} – ${this.sink.tag}, allocations=[${this.allocations.join(', ')}]>`;
  }

  /**
   * The border as plain JSON: area tags and allocation tags.
   *
   * @returns `{ source, sink, allocations }` with tags.
   * @example
   * Area.ES.borders[1].toJSON() //=> { source: 'ES', sink: 'PT', allocations: ['I'] }
   */
  toJSON(): { source: string; sink: string; allocations: string[] } {
    return { source: this.source.tag, sink: this.sink.tag, allocations: this.allocations.map((a) => a.tag) };
  }

  /** Text shown by `util.inspect` and the Node REPL. */
  [INSPECT](): string {
    return this.toString();
  }

  /** Rich display in notebook kernels honouring `Symbol.for('Jupyter.display')`. */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('Border', this.toString(), [
      ['source', `${this.source.tag} (${this.source.name})`],
      ['sink', `${this.sink.tag} (${this.sink.name})`],
      ['allocations', this.allocations.map((a) => a.label).join(', ')],
    ]);
  }
}

setBrand(Border.prototype, BORDER_BRAND);
