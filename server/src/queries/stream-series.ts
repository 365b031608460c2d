/**
 * Time series answers sent while they are read (docs/arrow.md#streamed): when a request takes the
 * stored values as they are and the store reads in batches, the series is opened as a cursor
 * (row count first, then the rows) instead of being read whole.
 *
 * @module
 */
import { Timeseries, type Curve } from 'service/model';
import { TimeseriesStream } from '#wire';
import { convertUnit } from 'service/engine';
import { Frequency, Resolution, floorMillis, shiftMillis, stepStarts, zoneByName } from 'service/time';
import type { Zone } from 'luxon';
import { hasGaps, passesThrough, type SeriesRequest } from './resample-series';
import { filledCursor } from './stream-gaps';
import type { ColumnSource, CurveRecord, SeriesCursor, SeriesSpan, Store, TimeForm } from '../store';

/** A series opened for streaming: its rows to come and the series without rows (its header). */
export interface OpenSeries {
  /** The series with everything but its rows: curve, resolution, unit, empty columns. */
  head: Timeseries;
  /** The rows, in batches. */
  cursor: SeriesCursor;
}

const EMPTY = new Float64Array(0);

/** Shortest step of a frequency in ms (months as 28 days), 0 when it has none. */
function shortestStep(freq: Frequency): number {
  const day = 86_400_000;
  if (freq.unit === 'minute') return freq.size * 60_000;
  if (freq.unit === 'day') return freq.size * day - 3_600_000; // a day can have 23 hours
  if (freq.unit === 'month') return freq.size * 28 * day - 3_600_000;
  return 0;
}

/**
 * Whether a bounded range holds no more steps than one record batch: such an answer is one
 * batch whatever happens, so it is read whole (fewer queries than a batched read).
 */
function fitsOneBatch(range: SeriesRequest['range'], freq: Frequency): boolean {
  const step = shortestStep(freq);
  if (range.begin === undefined || range.end === undefined || step === 0) return false;
  return (range.end - range.begin) / step <= TimeseriesStream.batchRows;
}

/**
 * The steps of a bounded range: how many, the first and the last (what the range holds when the
 * series has a row at each step), or null for an open range.
 */
function fullSpan(range: SeriesRequest['range'], freq: Frequency, zone: Zone): SeriesSpan | null {
  const { begin, end } = range;
  if (begin === undefined || end === undefined || !freq.isIterable) return null;
  if (freq.unit !== 'minute') {
    const starts = stepStarts(begin, end, freq, zone);
    return starts.length === 0 ? null : { rows: starts.length, first: starts[0]!, last: starts[starts.length - 1]! };
  }
  // minute steps are even: counted without listing them
  const step = freq.size * 60_000;
  let first = floorMillis(begin, freq, zone);
  if (first < begin) first = shiftMillis(first, freq, 1, zone);
  const rows = Math.ceil((end - first) / step);
  return rows > 0 ? { rows, first, last: first + (rows - 1) * step } : null;
}

/**
 * Opens a series for streaming when that gives the answer `loadTimeseries` would give: the store
 * reads in batches, the request does not aggregate (see `passesThrough`; a change of zone or of
 * unit by a fixed factor is made batch by batch), and the range can hold more than one record
 * batch (65,536 steps; shorter answers are read whole). Holes in the stored rows are filled with
 * nulls as the batches go (`filledCursor`), as the whole read fills them; that needs a fixed
 * step, which every frequency long enough to stream has (minutes), so the others fall back to
 * the whole read.
 *
 * @param store - The store.
 * @param curve - The model curve to attach.
 * @param record - The curve record.
 * @param request - Range and options.
 * @returns The open series, or null when the answer must be read whole.
 * @example
 * const open = await openPlainSeries(store, curve, record, { range });
 * open?.cursor.rows //=> 350592
 */
export async function openPlainSeries(store: Store, curve: Curve, record: CurveRecord, request: SeriesRequest): Promise<OpenSeries | null> {
  if (store.openSeries === undefined || !passesThrough(record, { ...request, unit: undefined })) return null;
  const freq = Frequency.byTag(record.frequency);
  if (fitsOneBatch(request.range, freq)) return null;
  const unit = unitOf(record, request.unit);
  if (unit === null) return null;
  const fromZone = zoneByName(record.timezone);
  const stored = await store.openSeries(record.name, request.range, request.instance ?? null, fullSpan(request.range, freq, fromZone));
  // every connection for batched reads busy: read whole
  if (stored === null) return null;
  let cursor: SeriesCursor = stored;
  if (hasGaps(stored.rows, stored.first, stored.last, freq, fromZone)) {
    // a fixed step (minutes) is filled as the batches go; other frequencies are read whole
    if (freq.unit !== 'minute') {
      await stored.close();
      return null;
    }
    cursor = filledCursor(stored, freq.size * 60_000);
  }
  if (request.unit !== undefined) cursor = convertedCursor(cursor, record, request.unit);
  const head = new Timeseries({
    curve,
    resolution: new Resolution(freq, request.timeZone ?? fromZone),
    unit: unit.unit,
    denominator: unit.denominator,
    times: EMPTY,
    values: cursor.values ? EMPTY : null,
    scenarios: cursor.scenarioNames.map(() => EMPTY),
    scenarioNames: cursor.scenarioNames,
  });
  return { head, cursor };
}

/**
 * The unit and denominator of the answer: the curve's, or those of a conversion by a fixed factor
 * (`MW` to `GW`, `EUR/MWh` to `EUR/kWh`); null for a conversion that needs more (exchange rates:
 * the whole read answers it, or says why it cannot).
 */
function unitOf(record: CurveRecord, unit: string | undefined): { unit: string; denominator: string | null } | null {
  if (unit === undefined) return { unit: record.unit, denominator: record.denominator };
  try {
    const probe = convertUnit(EMPTY, record.unit, record.denominator, unit);
    return { unit: probe.unit, denominator: probe.denominator };
  } catch {
    return null;
  }
}

/** The cursor with every value and scenario column converted by a fixed factor, batch by batch, as the whole read converts them. */
function convertedCursor(cursor: SeriesCursor, record: CurveRecord, unit: string): SeriesCursor {
  const convert = (column: Float64Array): Float64Array => convertUnit(column, record.unit, record.denominator, unit).values;
  return {
    ...cursor,
    async *batches(size: number, source?: ColumnSource, form?: TimeForm) {
      for await (const batch of cursor.batches(size, source, form)) {
        const out = {
          times: batch.times,
          values: batch.values === null ? null : convert(batch.values),
          scenarios: batch.scenarios.map(convert),
        };
        yield out;
        // the stored columns that were converted into new ones are never handed out
        const stored = batch.values === null ? batch.scenarios : [batch.values, ...batch.scenarios];
        const handed = new Set(out.values === null ? out.scenarios : [out.values, ...out.scenarios]);
        source?.release(stored.filter((c) => !handed.has(c)));
      }
    },
  };
}
