// Import of CSV and JSON files (time series, scenarios, instances, periods, OHLC rows, curve
// definitions) through the store's one atomic import path; see docs/import-formats.md.
export { buildImportBatch, type BuiltBatch } from './build-batch';
export { BuildContext, type ResolvedInstance } from './build-context';
export { PERIOD_CURVE_TYPES, buildOhlc, buildPeriods } from './build-periods';
export { SERIES_CURVE_TYPES, buildSeries } from './build-series';
export { numberCell, parseCsv, type CsvRecord, type CsvSyntaxError } from './csv-records';
export { checkAgainstStored, curveFromDefinition, sameCurve } from './curve-spec';
export { checkSources, importBuilt, importDocuments, importFiles, importSources, readSource, type ImportFilesOptions, type ImportSource, type ImportSummary } from './import-files';
export { ProblemList, formatProblem, type ImportProblem, type SourceLine } from './import-problems';
export { parseJsonWithLines, type JsonLines, type JsonSyntaxError } from './json-lines';
export {
  OHLC_FIELDS, emptyDocument,
  type RawCurve, type RawDocument, type RawInstance, type RawOhlc, type RawOhlcRow, type RawPeriod, type RawPeriods, type RawPoint, type RawSeries,
} from './raw-document';
export { CURVE_COLUMNS, readCsv } from './read-csv';
export { readJson } from './read-json';
export { IMPORT_BODY_LIMIT, importRoutes, mayImport, type ImportSummaryJson } from './import-route';
