// The service's query decoders, one module per section (the encoders are the client package's src/wire/requests).
export * from './contract';
export * from './instances-stitched';
export * from './instances';
export * from './metadata';
export * from './ohlc';
export * from './period-instances';
export * from './periods';
export * from './segments';
export * from './srmc';
export * from './timeseries';
