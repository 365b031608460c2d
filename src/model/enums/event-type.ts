import { EnumBase, registerEnum } from './enum-base';

/** Which family of push-feed events a type belongs to. */
type EventFamily = 'curve' | 'connection' | 'timeout';

/**
 * The type of a push-feed event (docs/protocol.md#feed-filters, docs/protocol.md#feed-reconnect). `CURVE_UPDATE`, `CURVE_DELETE` and
 * `CURVE_TRUNCATE` travel on the wire (event objects and filters); `DISCONNECTED` and `TIMEOUT`
 * exist only in the client (connection and filler events). Lookup ignores case.
 *
 * @example
 * EventType.byTag('curve_update').isCurveType() //=> true
 * EventType.TIMEOUT.isTimeoutType() //=> true
 */
export class EventType extends EnumBase {
  /** Data of a curve was created or modified. */
  static readonly CURVE_UPDATE = new EventType('CURVE_UPDATE', 'Curve Update', 'curve');
  /** Some values or a whole instance of a curve were removed. */
  static readonly CURVE_DELETE = new EventType('CURVE_DELETE', 'Curve Delete', 'curve');
  /** All data of a curve was removed. */
  static readonly CURVE_TRUNCATE = new EventType('CURVE_TRUNCATE', 'Curve Truncate', 'curve');
  /** Client only: the connection is down and not being retried. */
  static readonly DISCONNECTED = new EventType('DISCONNECTED', 'Disconnected', 'connection');
  /** Client only: no event arrived within the requested time. */
  static readonly TIMEOUT = new EventType('TIMEOUT', 'Timeout', 'timeout');

  static {
    registerEnum(this);
  }

  /** Human-readable label, e.g. `'Curve Update'`. */
  readonly label: string;
  readonly #family: EventFamily;

  private constructor(tag: string, label: string, family: EventFamily) {
    super(tag);
    this.label = label;
    this.#family = family;
  }

  /**
   * Whether this type is carried by curve events (the three wire types).
   *
   * @returns True for `CURVE_UPDATE`, `CURVE_DELETE` and `CURVE_TRUNCATE`.
   * @example
   * EventType.CURVE_DELETE.isCurveType() //=> true
   */
  isCurveType(): boolean {
    return this.#family === 'curve';
  }

  /**
   * Whether this type is carried by connection events.
   *
   * @returns True for `DISCONNECTED`.
   * @example
   * EventType.DISCONNECTED.isConnectionType() //=> true
   */
  isConnectionType(): boolean {
    return this.#family === 'connection';
  }

  /**
   * Whether this type is carried by timeout (filler) events.
   *
   * @returns True for `TIMEOUT`.
   * @example
   * EventType.CURVE_UPDATE.isTimeoutType() //=> false
   */
  isTimeoutType(): boolean {
    return this.#family === 'timeout';
  }
}
