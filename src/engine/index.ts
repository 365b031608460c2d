// The engine: pure computations over columns (typed arrays of epoch ms and values, NaN = null).
export * from './aggregate-column';
export * from './assign-steps';
export * from './convert-unit';
export * from './expected-counts';
export * from './fx';
export * from './hour-filter';
export * from './instance-selection';
export * from './members-mean';
export * from './offset-segments';
export * from './ohlc';
export * from './periods-to-steps';
export * from './resample';
export * from './srmc';
export * from './step-bounds';
export * from './units';
export * from './timeseries-resample';
export * from './skill';
