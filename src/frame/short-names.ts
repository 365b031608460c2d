/**
 * Short column names (`columnNames: 'short'`): unique, expression-safe identifiers derived from
 * the curve (`de_wind_power_production_actual`), the instance (`ec_2020_06_01_00_00`) and the
 * scenario (`e00`), usable as `d.name` in Arquero expressions. The full header levels stay in the
 * table's frame information (`headerLevels(table)`).
 *
 * @module
 */
import type { Timeseries } from '../model/timeseries';
import { unitText } from '../model/series-units';

/**
 * Turns text into an identifier: lower case, `>` as `_to_`, every other run of characters
 * outside `[a-z0-9]` as one `_`; a leading digit gets a `c_` prefix; empty text gives `value`.
 *
 * @param text - Any text.
 * @returns The identifier.
 * @example
 * slug('DE>FR Exchange') //=> 'de_to_fr_exchange'
 */
export function slug(text: string): string {
  const out = text
    .toLowerCase()
    .replace(/>/g, ' to ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (out === '') return 'value';
  return /^[0-9]/.test(out) ? `c_${out}` : out;
}

/**
 * The curve part of a short name: the series name without the unit and frequency words a curve
 * name carries (`DE Wind Power Production MWh/h 15min Actual` gives `de_wind_power_production_actual`).
 *
 * @param series - The series.
 * @returns The identifier.
 * @example
 * curvePart(wind) //=> 'de_wind_power_production_actual'
 */
export function curvePart(series: Timeseries): string {
  const name = series.name ?? 'value';
  const curve = series.curve;
  if (curve === null || series.customName !== null) return slug(name);
  const drop = new Set<string>();
  const unit = unitText(curve);
  if (unit) drop.add(unit);
  if (curve.frequency.shortName) drop.add(curve.frequency.shortName);
  return slug(
    name
      .split(/\s+/)
      .filter((w) => !drop.has(w))
      .join(' '),
  );
}

/**
 * The instance or contract part of a short name (`ec_2020_06_01_00_00`), or `''`.
 *
 * @param series - The series.
 * @returns The identifier or `''`.
 * @example
 * instancePart(forecast) //=> 'ec_2020_06_01_00_00'
 */
function instancePart(series: Timeseries): string {
  if (series.instance) {
    const issued = series.instance.issued.toFormat('yyyy_MM_dd_HH_mm');
    return slug(series.instance.tag ? `${series.instance.tag} ${issued}` : issued);
  }
  if (series.contract) return slug(series.contract.columnHeader());
  return '';
}

/**
 * The short base name of each series of a table: the curve part when the curves differ (or there
 * is no instance label), the instance part when the series have one and it tells them apart.
 *
 * @param list - The series of one table.
 * @returns One base name per series (not yet unique).
 * @example
 * shortBases([forecastEc, forecastGfs]) //=> ['ec_2020_06_01_00_00', 'gfs_2020_06_01_00_00']
 */
export function shortBases(list: readonly Timeseries[]): string[] {
  const curves = list.map(curvePart);
  const instances = list.map(instancePart);
  const oneCurve = new Set(curves).size === 1;
  const allLabelled = instances.every((i) => i !== '');
  const oneInstance = new Set(instances).size === 1;
  return list.map((_, k) => {
    const parts: string[] = [];
    if (!(oneCurve && allLabelled && list.length > 1)) parts.push(curves[k]!);
    if (instances[k] && !(oneInstance && list.length > 1 && !oneCurve)) parts.push(instances[k]!);
    if (parts.length === 0) parts.push(curves[k]!);
    return parts.join('_');
  });
}

/**
 * Makes an identifier unique among `taken` with `_2`, `_3`, ... and records it.
 *
 * @param name - The wanted identifier.
 * @param taken - Identifiers in use; the result is added.
 * @returns The unique identifier.
 * @example
 * uniqueIdentifier('wind', new Set(['wind'])) //=> 'wind_2'
 */
export function uniqueIdentifier(name: string, taken: Set<string>): string {
  let out = name;
  for (let k = 2; taken.has(out); k++) out = `${name}_${k}`;
  taken.add(out);
  return out;
}
