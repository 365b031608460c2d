/**
 * A forecast instance, identified by (`issued`, `tag`) (docs/model.md#instance, docs/protocol.md#instance-json).
 *
 * @module
 */
import type { DateTime } from 'luxon';
import { ValueError } from '../exceptions';
import {
  displayBundle,
  formatTime,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  setBrand,
  SUMMARY_ROWS,
  type DisplayBundle,
  type SummaryRow,
} from './display';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Instance');

/**
 * Fields of an {@link Instance}; only `issued` is required.
 *
 * @example
 * const init: InstanceInit = { issued: DateTime.fromISO('2020-06-01T00:00:00Z'), tag: 'ec' };
 * new Instance(init).scenarios //=> 0
 */
export interface InstanceInit {
  /** Issue date-time, in the curve's `instanceIssuedTimezone` when a curve is known. */
  issued: DateTime;
  /** Tag (case-insensitive); default `''`. */
  tag?: string | null;
  /** Number of ensemble members; default 0 (none). */
  scenarios?: number | null;
  /** When the instance was created, if known. */
  created?: DateTime | null;
  /** When the instance was last modified, if known. */
  modified?: DateTime | null;
}

function sameInstant(a: DateTime | null, b: DateTime | null): boolean {
  if (a === null || b === null) return a === b;
  return a.toMillis() === b.toMillis();
}

/**
 * A forecast (or other series) issued at a specific time. Two instances are the same when
 * their `issued` instants are equal and their tags are equal ignoring case.
 *
 * @param init - The fields.
 * @throws ValueError when `issued` is not a valid DateTime or `scenarios` is negative.
 * @example
 * const i = new Instance({ issued: DateTime.fromISO('2020-06-01T00:00:00Z', { zone: 'UTC' }), tag: 'ec' });
 * i.columnHeader() //=> '2020-06-01 00:00 ec'
 */
export class Instance {
  /** Issue date-time. */
  readonly issued: DateTime;
  /** Tag, `''` when none. */
  readonly tag: string;
  /** Number of ensemble members (0 = none). */
  readonly scenarios: number;
  /** Creation date-time, or null. */
  readonly created: DateTime | null;
  /** Last modification date-time, or null. */
  readonly modified: DateTime | null;

  constructor(init: InstanceInit) {
    if (!init.issued?.isValid) throw new ValueError('Instance.issued must be a valid DateTime');
    const scenarios = init.scenarios ?? 0;
    if (!Number.isInteger(scenarios) || scenarios < 0) {
      throw new ValueError(`Instance.scenarios must be a non-negative integer, got ${scenarios}`);
    }
    this.issued = init.issued;
    this.tag = init.tag ?? '';
    this.scenarios = scenarios;
    this.created = init.created ?? null;
    this.modified = init.modified ?? null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an Instance (brand check, works across package copies).
   *
   * @param value - Anything.
   * @returns True for an Instance.
   * @example
   * Instance.isInstance(i) //=> true
   */
  static isInstance(value: unknown): value is Instance {
    return hasBrand(value, BRAND);
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new Instance.
   * @example
   * i.with({ tag: 'gfs' }).tag //=> 'gfs'
   */
  with(changes: Partial<InstanceInit>): Instance {
    return this.#clone(changes);
  }

  #clone(alts: Partial<InstanceInit>): Instance {
    return new Instance({
      issued: this.issued,
      tag: this.tag,
      scenarios: this.scenarios,
      created: this.created,
      modified: this.modified,
      ...alts,
    });
  }

  /**
   * Tells whether the instance has ensemble members.
   *
   * @returns True when `scenarios > 0`.
   * @example
   * i.hasScenarios() //=> false
   */
  hasScenarios(): boolean {
    return this.scenarios > 0;
  }

  /**
   * The label used in table headers: `issued` as `yyyy-MM-dd HH:mm` in its own zone, a space,
   * and the tag (an empty tag leaves the trailing space, as the reference does).
   *
   * @returns The label.
   * @example
   * i.columnHeader() //=> '2020-06-01 00:00 ec'
   */
  columnHeader(): string {
    return `${this.issued.toFormat('yyyy-MM-dd HH:mm')} ${this.tag}`;
  }

  /**
   * Compares identity (issued instant, tag ignoring case) and the other fields.
   *
   * @param other - Another instance.
   * @returns True when equal.
   * @example
   * i.equals(i.with({ tag: 'EC' })) //=> true
   */
  equals(other: Instance): boolean {
    if (!Instance.isInstance(other)) return false;
    return (
      sameInstant(this.issued, other.issued) &&
      this.tag.toLowerCase() === other.tag.toLowerCase() &&
      this.scenarios === other.scenarios &&
      sameInstant(this.created, other.created) &&
      sameInstant(this.modified, other.modified)
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#instance-json).
   * Not the wire format: `serializeInstance` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * i.toJSON() //=> { issued: '2020-06-01T00:00:00Z', tag: 'ec', scenarios: 0, created: null, modified: null }
   */
  toJSON(): { issued: string; tag: string; scenarios: number; created: string | null; modified: string | null } {
    return {
      issued: formatTime(this.issued),
      tag: this.tag,
      scenarios: this.scenarios,
      created: this.created ? formatTime(this.created) : null,
      modified: this.modified ? formatTime(this.modified) : null,
    };
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * i.toString() //=> '<Instance: issued="2020-06-01T00:00:00Z", tag="ec">'
   */
  toString(): string {
    const parts = [`issued="${formatTime(this.issued)}"`, `tag="${this.tag}"`];
    if (this.scenarios > 0) parts.push(`scenarios=${this.scenarios}`);
    if (this.created) parts.push(`created="${formatTime(this.created)}"`);
    if (this.modified) parts.push(`modified="${formatTime(this.modified)}"`);
    return `<Instance: ${parts.join(', ')}>`;
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
   * i[Symbol.for('Jupyter.display')]()['text/html'].includes('ec') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('Instance', this.toString(), this[SUMMARY_ROWS]());
  }

  /** The rows of the display, and the instance's row in a list's table. */
  [SUMMARY_ROWS](): readonly SummaryRow[] {
    return [
      ['issued', formatTime(this.issued)],
      ['tag', this.tag],
      ['scenarios', this.scenarios || null],
      ['created', this.created ? formatTime(this.created) : null],
      ['modified', this.modified ? formatTime(this.modified) : null],
    ];
  }
}
setBrand(Instance.prototype, BRAND);
