/**
 * Decoding Arrow answers that come from the client cache (docs/arrow.md#client). Such bytes are
 * the cache's own (`HttpResponse.shared`), handed over again for every load the cache answers
 * (a 304 revalidation, or offline). A time series or list of them is decoded once per cached
 * entry and kept beside it (its value columns are views of the entry's bytes, its times a column
 * of its own); each load gets a copy of the columns, so a caller that changes its series' arrays
 * changes no other load's and never the cache. Other answers are decoded from a copy of the bytes
 * each time.
 *
 * @module
 */
import { Timeseries, TimeseriesList } from '../../model';
import { decodeTimeseries, decodeTimeseriesList } from '../../wire/arrow';

/** The decoders whose answers are kept and copied (time series and lists of them). */
const KEPT: ReadonlySet<unknown> = new Set([decodeTimeseries, decodeTimeseriesList]);

/** Decoded answers by cached entry: the decoder used and what it gave. */
const decoded = new WeakMap<object, { decode: unknown; value: unknown }>();

/**
 * A copy of a time series with columns of its own.
 *
 * @param ts - The series.
 * @returns The copy.
 * @example
 * copySeries(ts).times === ts.times //=> false
 */
function copySeries(ts: Timeseries): Timeseries {
  const values = ts.valuesOrNull();
  return ts.with({
    times: ts.times.slice(),
    values: values === null ? null : values.slice(),
    scenarios: ts.scenarios.map((s) => s.slice()),
  });
}

/**
 * A copy of a decoded time series or list with columns of its own.
 *
 * @param value - What {@link KEPT} decoders give.
 * @returns The copy.
 */
function copyOf<T>(value: T): T {
  if (value instanceof Timeseries) return copySeries(value) as T;
  const list = value as TimeseriesList;
  return new TimeseriesList([...list].map(copySeries), list.frequency) as T;
}

/**
 * Decodes Arrow bytes of a cached entry: from what was decoded for the same entry before when
 * possible (copied), else by decoding.
 *
 * @param shared - The entry (`HttpResponse.shared`).
 * @param bytes - Its bytes (the cache's own: never changed, nor viewed by what is returned).
 * @param decode - The decoder.
 * @returns What `decode` gives, with columns of its own.
 * @throws What `decode` throws.
 * @example
 * decodeCached(res.shared, res.arrow, decodeTimeseries).length //=> 8636
 */
export function decodeCached<T>(shared: object, bytes: Uint8Array, decode: (bytes: Uint8Array) => T): T {
  if (!KEPT.has(decode)) return decode(new Uint8Array(bytes));
  const known = decoded.get(shared);
  if (known !== undefined && known.decode === decode) return copyOf(known.value as T);
  // decoded from the cache's bytes (its value columns are views of them), handed out as copies
  const value = decode(bytes);
  decoded.set(shared, { decode, value });
  return copyOf(value);
}
