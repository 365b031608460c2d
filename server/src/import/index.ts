// Import of CSV and JSON files (time series, scenarios, instances, periods, OHLC rows, curve
// definitions) through the store's one atomic import path; see docs/import-formats.md.
export { numberCell, parseCsv } from './csv-records';
export { checkAgainstStored, curveFromDefinition, sameCurve } from './curve-spec';
export { checkSources, importDocuments, importFiles, importSources, type ImportSource, type ImportSummary } from './import-files';
export { ProblemList, formatProblem } from './import-problems';
export { parseJsonWithLines } from './json-lines';
export type {
  RawCurve,
  RawDocument,
  RawPoint,
  RawSeries,
} from './raw-document';
export { readCsv } from './read-csv';
export { readJson } from './read-json';
export { mayImport } from './import-route';
