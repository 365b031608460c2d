// The push feed's protocol (docs/protocol.md#push-feed): filter objects and messages, one type
// each, with the encode/parse pairs both ends use.
export * from './event-filter';
export * from './filter-json';
export * from './messages';
export * from './key-protocol';
