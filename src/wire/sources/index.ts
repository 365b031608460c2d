// Source files (docs/sources.md): descriptions that map a CSV, Parquet or Arrow file to curves,
// and the one reader both ends use (the service's import, the toolkit's readSeries).
export { CsvStream, numberCell, parseCsv, type CsvRecord, type CsvSyntaxError } from './csv-records';
export { checkAgainstStored, curveFromDefinition, sameCurve, type CurveRecord, type RawCurve } from './curve-definition';
export { ProblemList, formatProblem, type ImportProblem, type SourceLine } from './problems';
export { gridColumns, type LinedColumns } from './series-columns';
export { SourceDates, type SourceCell } from './source-dates';
export {
  checkSourceDescription,
  parseSourceDescription,
  readSourceDescription,
  type AmbiguousRule,
  type NonexistentRule,
  type SourceCurve,
  type SourceDateSpec,
  type SourceDescription,
  type SourceSeriesSpec,
} from './source-description';
export { openSourceData, readSourceColumns, sourceKind, type SourceData } from './source-file';
export { SourceReader, type SourceColumns } from './source-reader';
