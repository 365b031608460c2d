/**
 * A large import body for the load benchmark and the reliability suite: `curves` 15-minute
 * TIMESERIES curves (defined in the same import) with one year of values each, as the JSON body
 * of `POST {api}/import/`. 16 curves x 35,040 values = 560,640 values, about 34 MB.
 */

/** Options of {@link importBody}. */
export interface ImportBodyOptions {
  /** Number of curves (default 16). */
  curves?: number;
  /** Values per curve (default 35,040: one year of 15-minute steps). */
  values?: number;
  /** Prefix of the curve names (default `BENCH`): distinct prefixes make distinct curves. */
  prefix?: string;
  /** Year of the first value (default 2023). */
  year?: number;
}

/**
 * The curve names an import body defines.
 *
 * @param options - As for {@link importBody}.
 * @returns The names.
 */
export function importCurveNames(options: ImportBodyOptions = {}): string[] {
  const { curves = 16, prefix = 'BENCH' } = options;
  return Array.from({ length: curves }, (_, k) => `${prefix} Load ${k} MWh/h 15min Actual`);
}

/**
 * Builds the JSON body of a large import.
 *
 * @param options - Curves, values per curve, name prefix, first year.
 * @returns The body text.
 */
export function importBody(options: ImportBodyOptions = {}): string {
  return JSON.stringify({ files: importFileTexts(options), dry_run: false });
}

/**
 * The files of a large import: `curves.csv` (the definitions) and `values.csv`.
 *
 * @param options - Curves, values per curve, name prefix, first year.
 * @returns The files' names and texts.
 */
export function importFileTexts(options: ImportBodyOptions = {}): { name: string; text: string }[] {
  const { values = 35_040, year = 2023 } = options;
  const names = importCurveNames(options);
  const defs = [
    'name,curve_type,data_type,frequency,timezone,unit,area,categories',
    ...names.map((n) => `${n},TIMESERIES,ACTUAL,PT15M,UTC,MWh/h,DE,Load Bench`),
  ].join('\n');
  const start = Date.UTC(year, 0, 1);
  const rows: string[] = ['curve,date,value'];
  for (const n of names) {
    for (let i = 0; i < values; i++) {
      const iso = new Date(start + i * 900_000).toISOString().slice(0, 19);
      rows.push(`${n},${iso}Z,${((i * 7919) % 10_000) / 10}`);
    }
  }
  return [
    { name: 'curves.csv', text: defs },
    { name: 'values.csv', text: rows.join('\n') },
  ];
}
