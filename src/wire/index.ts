// Wire: everything both ends share about the reference protocol. Requests (path and query
// encoding, parameter descriptors, option groups, one request builder per operation) and
// responses (JSON <-> model objects, paging headers), and the push feed's messages.

// Requests
export * from './encode';
export * from './formats';
export * from './params';
export * from './limits';
export * from './options';
export * from './requests';

// Responses
export * from './json';

// Saving: curve definitions and series for the import route
export * from './save';

// Export files: whole histories as Parquet or CSV, written chunk by chunk
export * from './export';

// The push feed's filters and messages
export * from './feed';

// Arrow IPC answers (docs/arrow.md)
export * from './arrow';

// Source files: descriptions mapping CSV, Parquet and Arrow files to curves (docs/sources.md)
export * from './sources';
