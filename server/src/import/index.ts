// Import of CSV and JSON files (time series, scenarios, instances, periods, OHLC rows, curve
// definitions) and source files through the store's one atomic import path; see
// docs/import-formats.md and docs/sources.md. The CSV reader, the problem list and the curve
// checks are shared with the client's readSeries (`src/wire/sources`, as `#wire`).
export { ProblemList, formatProblem } from '#wire';
export { checkSources, importDocuments, importFiles, importSources, type ImportSource, type ImportSummary } from './import-files';
export { parseJsonWithLines } from './json-lines';
export type {
  RawDocument,
  RawPoint,
  RawSeries,
} from './raw-document';
export { readCsv } from './read-csv';
export { readJson } from './read-json';
export { isSourceDescription, sourceDataFile } from './read-source-file';
export { mayImport } from './import-route';
