// The push feed: WebSocket endpoint at {api}/events/, subscriptions with filters, replay from the
// store's event log, fan-out to subscribers.
export { EventFeed, attachEventFeed, rejectHandshake, type EventFeedOptions } from './event-feed';
export { FeedConnection, type FeedConnectionOptions } from './feed-connection';
export { FeedFilter, MAX_FILTERS, matchesAny, parseFeedFilters, type FilterJson } from './feed-filter';
export {
  errorResponse,
  infoMessage,
  okResponse,
  parseClientMessage,
  type BadRequest,
  type ClientRequest,
  type FiltersRequest,
  type RequestType,
  type SubscribeRequest,
} from './feed-messages';
export { OutgoingEvent, resolveEvents, type EventJson } from './outgoing-event';
