/**
 * `service`: the client toolkit for energy-market time-series data.
 *
 * The package root exports what a user writes code with: the clients and their sections with
 * their option types, the data objects, enumerations and areas, the time helpers, tables
 * (`toTable`, `toDataFrame`, `toPolars`, ...) and the error classes. Advanced use has subpaths:
 * `service/engine` (the column computations the service aggregates with), `service/wire` (the
 * request encoders and JSON codecs of the protocol), `service/plot` (charts),
 * `service/exceptions` (the errors alone), and `service/time` and `service/model` (those layers
 * alone, without the client: what the server package imports, ARCHITECTURE.md#two-packages).
 */

// Time: Frequency, Resolution, zones (incl. Europe/Gas_Day), date helpers.
export * from './time';

// Data objects, enumerations, areas and borders.
export * from './model';

// Tables: toTable / toDataFrame / toDf / toPolars / toHtml / toArrowIPC (also attaches the table methods).
export * from './frame';

// Clients, sections and their options.
export * from './client';

// Errors (also available as `service/exceptions`).
export * from './exceptions';

// The engine attaches Periodseries#toTimeseries; its functions are exported by `service/engine`.
import './engine';
