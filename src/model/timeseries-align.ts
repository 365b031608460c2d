/**
 * `align`: several time series re-indexed onto one step column (their common steps, or all of
 * their steps with nulls), ready for element-wise work or a table.
 *
 * @module
 */
import { ValidationError } from '../exceptions';
import { checkAlignable, Timeseries } from './timeseries';
import { gather, joinSteps, type Join } from './timeseries-join';
import { TimeseriesList } from './timeseries-list';

/**
 * Options of {@link align}.
 *
 * @example
 * const opts: AlignOptions = { join: 'outer' };
 */
export interface AlignOptions {
  /** `'inner'` (default): the steps every series has; `'outer'`: the steps any has, null elsewhere. */
  join?: Join;
}

function isOptions(x: unknown): x is AlignOptions {
  return typeof x === 'object' && x !== null && !Timeseries.isTimeseries(x) && !Array.isArray(x) && !(Symbol.iterator in x);
}

/**
 * Lines series up on one step column. All must have the same frequency and zone (resample
 * first otherwise). Each result keeps its metadata; only the steps change.
 *
 * @param args - Series (`align(a, b, c)`), or one iterable of series (`align(list)`), optionally
 *   followed by options.
 * @returns A TimeseriesList whose members all have the same `times`.
 * @throws ValidationError naming two series whose frequency or zone differ.
 * @example
 * const [a2, b2] = align(a, b, { join: 'outer' });
 * a2.times.length === b2.times.length //=> true
 */
export function align(...args: (Timeseries | Iterable<Timeseries> | AlignOptions)[]): TimeseriesList {
  const last = args.at(-1);
  const opts: AlignOptions = isOptions(last) ? last : {};
  const inputs = isOptions(last) ? args.slice(0, -1) : args;
  const series: Timeseries[] = [];
  for (const x of inputs) {
    if (Timeseries.isTimeseries(x)) series.push(x);
    else if (x !== null && typeof x === 'object' && Symbol.iterator in x) series.push(...(x as Iterable<Timeseries>));
    else throw new ValidationError('align takes time series (or one list of them) and options', 'series');
  }
  series.forEach((s, i) => {
    if (!Timeseries.isTimeseries(s)) throw new ValidationError(`align: item ${i} is not a Timeseries`, 'series');
    if (i > 0) checkAlignable(series[0]!, s, 'series');
  });
  const join = opts.join ?? 'inner';
  if (join !== 'inner' && join !== 'outer')
    throw new ValidationError(`join must be 'inner' or 'outer', got ${JSON.stringify(join)}`, 'join');
  const { times, rows } = joinSteps(
    series.map((s) => s.times),
    join,
  );
  return new TimeseriesList(
    series.map((s, k) => {
      const r = rows[k]!;
      const values = s.valuesOrNull();
      return s.with({ times, values: values === null ? null : gather(values, r), scenarios: s.scenarios.map((c) => gather(c, r)) });
    }),
  );
}
