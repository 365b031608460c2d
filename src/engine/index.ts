// The engine: pure computations over columns (typed arrays of epoch ms and values, NaN = null).
export * from './aggregate-column';
export * from './assign-steps';
export * from './convert-unit';
export * from './expected-counts';
export * from './hour-filter';
export * from './offset-segments';
export * from './periods-to-steps';
export * from './resample';
export * from './step-bounds';
export * from './units';
