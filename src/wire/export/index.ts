// Export files (docs/data-out.md#export): whole histories as Parquet or CSV, written chunk by chunk.
export * from './series-file';
export * from './curve-pattern';
export * from './export-run';
export * from './export-files';
