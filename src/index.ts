/**
 * `service`: the client toolkit for energy-market time-series data.
 *
 * The package root exports the clients and their sections, the data objects, enumerations and
 * areas, the time helpers, the aggregation engine (shared with the service), tables and the error
 * classes. Plots live in `service/plot`, errors also in `service/exceptions`.
 */

// Time: Frequency, Resolution, zones (incl. Europe/Gas_Day), date helpers.
export * from './time';

// Data objects, enumerations, areas and borders.
export * from './model';

// Pure computations on columns (also attaches Periodseries#toTimeseries).
export * from './engine';

// Tables: toTable / toDataFrame / toDf / toHtml / toArrowIPC (also attaches the table methods).
export * from './frame';

// Clients and sections.
export * from './client';

// Errors (also available as `service/exceptions`).
export * from './exceptions';

// Wire format: request encoders and JSON parsers/serialisers, for advanced use.
export * as wire from './wire';
