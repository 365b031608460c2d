// The client end of the push feed: connection, filters, events, last-id memory.
// The filter objects and their wire form are the protocol's (src/wire/feed); re-exported for the
// client's users.
export {
  encodeEventFilter,
  encodeEventFilters,
  formatFilterTime,
  parseEventFilters,
  type CurveAttributeFilter,
  type CurveNameFilter,
  type EventFilter,
  type OneOrMany,
} from '../../wire/feed';
export { ENDED, EventQueue, TIMED_OUT } from './event-queue';
export type { EventsConnectOptions, SubscribeOptions } from './connect-options';
export { EventsConnection } from './events-connection';
export { ConnectionEvent, CurveEvent, TimeoutEvent, parseCurveEvent, type FeedEvent } from './feed-events';
export { eventsUrl, keepAlive, openSocket, type FeedTarget } from './feed-socket';
export { FeedRequests } from './feed-requests';
export { LastIdMemory, checkEventId, compareIds } from './last-id';
export { ReconnectPolicy, defaultReconnectDelay } from './reconnect-policy';
export { statusName } from './status-names';
