/**
 * Puts an actual on the forecasts' time grid before a skill evaluation (docs/skill.md#frequency):
 * kept as it is when its frequency is the forecasts' (and, for daily and coarser steps, its zone
 * too), resampled with the service's engine when it is finer, refused otherwise.
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import type { Timeseries } from '../../model';
import { zoneName, type Frequency, type ZoneInput } from '../../time';
import { resampleTimeseries } from '../timeseries-resample';

/**
 * The actual on the grid of `frequency` in `zone`.
 *
 * @param actual - The actual series.
 * @param frequency - The forecasts' frequency (after any resampling).
 * @param zone - The forecasts' zone.
 * @returns The actual itself, or resampled (average of its steps; a step with a missing value is missing).
 * @throws ValidationError naming `actual` when it is coarser than `frequency`, or daily-or-coarser
 *   in another zone, or has no value column.
 * @example
 * alignActual(actual15min, Frequency.PT1H, 'CET').resolution.frequency.tag //=> 'PT1H'
 */
export function alignActual(actual: Timeseries, frequency: Frequency, zone: ZoneInput): Timeseries {
  if (!actual.hasValues()) throw new ValidationError(`The actual '${actual.name ?? ''}' has no values (only scenarios)`, 'actual');
  const own = actual.resolution;
  const target = zoneName(zone);
  const sameZone = own.timezone === target;
  if (own.frequency.equals(frequency) && (sameZone || frequency.unit === 'minute')) return actual;
  if (own.frequency.gt(frequency)) return resampleTimeseries(actual, frequency, { timeZone: zone });
  throw new ValidationError(
    `The actual '${actual.name ?? ''}' (${own.frequency.tag}, ${own.timezone}) cannot be aligned with the forecasts (${frequency.tag}, ${target}): ` +
      'give an actual of the same or a finer frequency',
    'actual',
  );
}
