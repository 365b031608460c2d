// The push feed: WebSocket endpoint at {api}/events/, subscriptions with filters, replay from the
// store's event log, fan-out to subscribers.
export { attachEventFeed, type EventFeedOptions } from './event-feed';
export { MAX_FILTERS, matchesAny, parseFeedFilters } from './feed-filter';
export {
  errorResponse,
  infoMessage,
  okResponse,
  parseClientMessage,
} from './feed-messages';
export { OutgoingEvent, resolveEvents } from './outgoing-event';
