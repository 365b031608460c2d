// One request builder per operation. Builders of operations with required options take
// `Partial<XOptions>`: they check every member at run time, required ones included, and name the
// first one missing (a JavaScript caller that passes no options gets a ValidationError naming
// `begin`, not a TypeError); the client's section methods keep the required members in their
// types, and pass `options ?? {}` on.
export { formatRequestLine, requestLine } from './request-line';
export type { RequestLine } from './request-line';
export { curveName, issuedText, SECTION_CURVE_TYPES, srmcCurveName, tagText } from './segments';
export type { CurveInput } from './segments';
export { BEGIN, BEGIN_DATE, END, END_DATE, PAGE_NUMBER, TRADING_DATE } from './common';
export * from './metadata';
export * from './user';
export * from './timeseries';
export * from './instances';
export * from './instances-stitched';
export * from './periods';
export * from './period-instances';
export * from './contract';
export * from './ohlc';
export * from './srmc';
export * from './range-chunks';
