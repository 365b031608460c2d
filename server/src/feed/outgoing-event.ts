/**
 * Curve events as the push feed sends them (docs/protocol.md#feed-messages): `{"type": "curves.event", "event":
 * {...}}` with the full curve object, the affected range in the curve's zone and the instance of
 * instance curves. The frame text is built once per event and per subscription the curve shows
 * (the curve's `subscription` tells the receiving user's access), so fan-out to many subscribers
 * costs one string per distinct access.
 *
 * @module
 */
import { zoneByName } from 'service/time';
import { encodeEventFrame, formatInstant, serializeCurve, type CurveJson, type FeedEventJson } from '#wire';
import { curveSubscription } from '../auth';
import { curveFromRecord, placeFromRecord } from '../queries/records';
import { parseEventId, type CurveRecord, type EventIdParts, type EventRecord, type Store, type UserRecord } from '../store';

/**
 * A logged event with its curve, ready to be sent to any user.
 *
 * @example
 * const [out] = await resolveEvents(store, result.events);
 * JSON.parse(out.textFor(user)).event.curve.name //=> 'DE Wind Power Production MWh/h 15min Actual'
 */
export class OutgoingEvent {
  /** The event id's parts (for ordering). */
  readonly idParts: EventIdParts;
  private readonly base: Omit<FeedEventJson, 'curve'>;
  private readonly texts = new Map<string, string>();

  constructor(
    /** The logged event. */
    readonly event: EventRecord,
    /** Its curve. */
    readonly curve: CurveRecord,
    private readonly curveJson: CurveJson,
  ) {
    this.idParts = parseEventId(event.id);
    const zone = zoneByName(curve.timezone);
    const base: Omit<FeedEventJson, 'curve'> = { id: event.id, event_type: event.type };
    if (event.begin !== null) base.begin = formatInstant(event.begin, zone);
    if (event.end !== null) base.end = formatInstant(event.end, zone);
    if (event.issued !== null) {
      const issuedZone = zoneByName(curve.instanceIssuedTimezone ?? 'UTC');
      base.instance = { issued: formatInstant(event.issued, issuedZone), tag: event.tag ?? '' };
    }
    this.base = base;
  }

  /**
   * The frame text for a user (the curve's `subscription` is that user's access).
   *
   * @param user - The receiving user.
   * @returns The `curves.event` frame.
   * @example
   * out.textFor(user).startsWith('{"type":"curves.event"') //=> true
   */
  textFor(user: UserRecord): string {
    const subscription = curveSubscription(user, this.curve);
    const key = `${subscription.access}|${subscription.type}|${subscription.package}|${subscription.area ?? ''}`;
    let text = this.texts.get(key);
    if (text === undefined) {
      const { begin, end, instance, ...head } = this.base;
      const event = { ...head, curve: { ...this.curveJson, subscription }, begin, end, instance };
      text = encodeEventFrame(event);
      this.texts.set(key, text);
    }
    return text;
  }
}

/**
 * Attaches curves to logged events. Events of curves the store no longer knows are left out.
 *
 * @param store - The store.
 * @param events - Logged events, oldest first.
 * @returns The events ready to send, in the same order.
 * @example
 * (await resolveEvents(store, [])).length //=> 0
 */
export async function resolveEvents(store: Store, events: readonly EventRecord[]): Promise<OutgoingEvent[]> {
  const curves = new Map<string, CurveJson | null>();
  const records = new Map<string, CurveRecord | null>();
  const out: OutgoingEvent[] = [];
  for (const event of events) {
    if (!records.has(event.curve)) {
      const record = await store.getCurve(event.curve);
      records.set(event.curve, record);
      if (record !== null) {
        const placeRecord = record.placeKey === null ? null : await store.getPlace(record.placeKey);
        const place = placeRecord === null ? null : placeFromRecord(placeRecord);
        curves.set(event.curve, serializeCurve(curveFromRecord(record, { place })));
      }
    }
    const record = records.get(event.curve);
    const json = curves.get(event.curve);
    if (record && json) out.push(new OutgoingEvent(event, record, json));
  }
  return out;
}
