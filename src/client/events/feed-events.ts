/**
 * What the push feed hands to the user (docs/protocol.md#feed-messages, docs/protocol.md#feed-reconnect): curve events from the server,
 * connection events when the connection drops, and timeout (filler) events when a wait for the
 * next event ends without one. Immutable values.
 *
 * @module
 */
import type { DateTime } from 'luxon';
import { DateTime as LuxonDateTime } from 'luxon';
import { ParseException } from '../../exceptions';
import { EventType, type Curve, type Instance } from '../../model';
import { displayBundle, formatTime, INSPECT, JUPYTER_DISPLAY, type DisplayBundle } from '../../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../../model/inspect-display';
import { parseCurve, parseInstance, parseInstant } from '../../wire/json';

/** Fields of a {@link CurveEvent}. */
export interface CurveEventInit {
  id: string;
  eventType: EventType;
  curve: Curve;
  /** First affected instant (inclusive), epoch ms, or `null`. */
  begin: number | null;
  /** End of the affected range (exclusive), epoch ms, or `null`. */
  end: number | null;
  instance: Instance | null;
  numValues: number | null;
}

/**
 * A change of a curve's data: `CURVE_UPDATE` (created or modified), `CURVE_DELETE` (some values
 * or an instance removed) or `CURVE_TRUNCATE` (all data removed).
 *
 * @param init - The fields.
 * @example
 * const e = parseCurveEvent(frame.event);
 * `${e.eventType.tag} ${e.curve.name}` //=> 'CURVE_UPDATE DE Wind Power Production MWh/h 15min Actual'
 */
export class CurveEvent {
  /** `<13-digit epoch ms>-<sequence>`, increasing. */
  readonly id: string;
  /** The event type. */
  readonly eventType: EventType;
  /** The curve. */
  readonly curve: Curve;
  /** First affected instant (inclusive), epoch ms, or `null`. */
  readonly beginMillis: number | null;
  /** End of the affected range (exclusive), epoch ms, or `null`. */
  readonly endMillis: number | null;
  /** The instance changed, for instance curves, or `null`. */
  readonly instance: Instance | null;
  /** Number of values affected, when the server says. */
  readonly numValues: number | null;
  #begin: DateTime | null | undefined;
  #end: DateTime | null | undefined;

  constructor(init: CurveEventInit) {
    this.id = init.id;
    this.eventType = init.eventType;
    this.curve = init.curve;
    this.beginMillis = init.begin;
    this.endMillis = init.end;
    this.instance = init.instance;
    this.numValues = init.numValues;
    Object.freeze(this);
  }

  /**
   * First affected date-time (inclusive) in the curve's zone, or `null` (made on first use).
   *
   * @example
   * event.begin?.toISO() //=> '2023-01-01T01:15:00.000+01:00'
   */
  get begin(): DateTime | null {
    if (this.#begin === undefined)
      this.#begin = this.beginMillis === null ? null : LuxonDateTime.fromMillis(this.beginMillis, { zone: this.curve.zone });
    return this.#begin;
  }

  /**
   * End of the affected range (exclusive) in the curve's zone, or `null` (made on first use).
   *
   * @example
   * event.end?.toISO() //=> '2023-01-01T02:00:00.000+01:00'
   */
  get end(): DateTime | null {
    if (this.#end === undefined)
      this.#end = this.endMillis === null ? null : LuxonDateTime.fromMillis(this.endMillis, { zone: this.curve.zone });
    return this.#end;
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * String(event) //=> '<CurveEvent: 1672532100000-0 CURVE_UPDATE "DE Consumption MWh/h 15min Normal" 2023-01-01T01:15:00.000+01:00/2023-01-01T02:00:00.000+01:00>'
   */
  toString(): string {
    const range = this.begin || this.end ? ` ${this.begin?.toISO() ?? ''}/${this.end?.toISO() ?? ''}` : '';
    const inst = this.instance ? ` instance=${this.instance.issued.toISO()}/${this.instance.tag}` : '';
    return `<CurveEvent: ${this.id} ${this.eventType.tag} ${JSON.stringify(this.curve.name)}${range}${inst}>`;
  }

  /**
   * A plain object for JSON.
   *
   * @returns The fields, date-times as ISO texts.
   * @example
   * event.toJSON().event_type //=> 'CURVE_UPDATE'
   */
  toJSON(): Record<string, unknown> {
    return {
      id: this.id,
      event_type: this.eventType.tag,
      curve: this.curve.name,
      begin: this.begin?.toISO() ?? null,
      end: this.end?.toISO() ?? null,
      instance: this.instance ? { issued: this.instance.issued.toISO(), tag: this.instance.tag } : null,
      num_values: this.numValues,
    };
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display: id, type, curve, the affected range in the curve's zone, instance, count.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * event[Symbol.for('Jupyter.display')]()['text/html'].includes('CURVE_UPDATE') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('CurveEvent', this.toString(), [
      ['id', this.id],
      ['eventType', this.eventType.tag],
      ['curve', this.curve.name],
      ['begin', this.begin === null ? null : formatTime(this.begin)],
      ['end', this.end === null ? null : formatTime(this.end)],
      ['instance', this.instance ? `${formatTime(this.instance.issued)} ${this.instance.tag}` : null],
      ['numValues', this.numValues],
    ]);
  }
}

/**
 * The connection dropped (`DISCONNECTED`): the close code or HTTP status, its name, and why.
 *
 * @param statusCode - Close code or HTTP status, or `null`.
 * @param status - Its name (`CLOSE_ABNORMAL`, `UNAUTHORIZED`, ...).
 * @param message - Details.
 * @example
 * new ConnectionEvent(1006, 'CLOSE_ABNORMAL', 'connection lost').eventType.tag //=> 'DISCONNECTED'
 */
export class ConnectionEvent {
  /** Always {@link EventType.DISCONNECTED}. */
  readonly eventType: EventType = EventType.DISCONNECTED;

  constructor(
    readonly statusCode: number | null,
    readonly status: string,
    readonly message: string,
  ) {
    Object.freeze(this);
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * String(new ConnectionEvent(1006, 'CLOSE_ABNORMAL', 'x')) //=> '<ConnectionEvent: DISCONNECTED 1006 CLOSE_ABNORMAL x>'
   */
  toString(): string {
    return `<ConnectionEvent: DISCONNECTED ${this.statusCode ?? ''} ${this.status} ${this.message}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display: the event type, the status and why.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * new ConnectionEvent(1006, 'CLOSE_ABNORMAL', 'x')[Symbol.for('Jupyter.display')]()['text/html'].includes('CLOSE_ABNORMAL') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('ConnectionEvent', this.toString(), [
      ['eventType', this.eventType.tag],
      ['statusCode', this.statusCode],
      ['status', this.status],
      ['message', this.message],
    ]);
  }
}

/**
 * No event arrived within the time asked for (`TIMEOUT`).
 *
 * @example
 * new TimeoutEvent().eventType.tag //=> 'TIMEOUT'
 */
export class TimeoutEvent {
  /** Always {@link EventType.TIMEOUT}. */
  readonly eventType: EventType = EventType.TIMEOUT;

  constructor() {
    Object.freeze(this);
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * String(new TimeoutEvent()) //=> '<TimeoutEvent>'
   */
  toString(): string {
    return '<TimeoutEvent>';
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display: the event type.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * new TimeoutEvent()[Symbol.for('Jupyter.display')]()['text/plain'] //=> '<TimeoutEvent>'
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('TimeoutEvent', this.toString(), [['eventType', this.eventType.tag]]);
  }
}

/** Anything the feed hands out. */
export type FeedEvent = CurveEvent | ConnectionEvent | TimeoutEvent;

const EVENT_ID = /^\d{13}-\d+$/;

/**
 * Parses the `event` member of a `curves.event` frame.
 *
 * @param json - The event object.
 * @returns The event; `begin`/`end` in the curve's zone, the instance's times in the curve's zones.
 * @throws ParseException for a missing or bad member.
 * @example
 * parseCurveEvent({ id: '1672532100000-0', event_type: 'CURVE_UPDATE', curve: { ... } }).id //=> '1672532100000-0'
 */
export function parseCurveEvent(json: unknown): CurveEvent {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new ParseException('event: expected an object');
  const obj = json as Record<string, unknown>;
  if (typeof obj.id !== 'string' || !EVENT_ID.test(obj.id))
    throw new ParseException(`event.id: expected <13-digit ms>-<sequence>, got ${JSON.stringify(obj.id)}`);
  if (typeof obj.event_type !== 'string' || !EventType.isValidTag(obj.event_type) || !EventType.byTag(obj.event_type).isCurveType()) {
    throw new ParseException(`event.event_type: expected a curve event type, got ${JSON.stringify(obj.event_type)}`);
  }
  const curve = parseCurve(obj.curve, 'event.curve');
  const time = (key: string): number | null => {
    const v = obj[key];
    if (v === undefined || v === null) return null;
    const ms = typeof v === 'string' ? parseInstant(v, curve.zone) : Number.NaN;
    if (ms !== ms) throw new ParseException(`event.${key}: expected an ISO 8601 date-time, got ${JSON.stringify(v)}`);
    return ms;
  };
  const count = obj.values_changed;
  return new CurveEvent({
    id: obj.id,
    eventType: EventType.byTag(obj.event_type),
    curve,
    begin: time('begin'),
    end: time('end'),
    instance: obj.instance === undefined || obj.instance === null ? null : parseInstance(obj.instance, curve, 'event.instance'),
    numValues: typeof count === 'number' && Number.isInteger(count) ? count : null,
  });
}
