// The push feed: WebSocket endpoint at {api}/events/, subscriptions with filters, replay from the
// store's event log, fan-out to subscribers.
export { attachEventFeed, type EventFeedOptions } from './event-feed';
export { matchesAny, parseFeedFilters } from './feed-filter';
export { MAX_FILTERS } from '#wire';
export { OutgoingEvent, resolveEvents } from './outgoing-event';
