/**
 * Holes of a series read in batches, filled as the batches go (docs/arrow.md#streamed): a series
 * of a fixed step (minutes or hours: the same number of milliseconds whatever the zone's clock
 * does) gets a row at every step from its first stored time to its last, null (NaN) where nothing
 * is stored, as the whole read does when it resamples a series onto its own frequency. So a long
 * series with holes is streamed too instead of being read whole.
 *
 * @module
 */
import { inTimeForm, type ColumnSource, type SeriesBatch, type SeriesCursor, type TimeForm } from '../store';

/** A batch's columns in a fixed order: the value column (when there is one), then the scenarios. */
function columnsOf(batch: SeriesBatch): Float64Array[] {
  return batch.values === null ? batch.scenarios : [batch.values, ...batch.scenarios];
}

/**
 * The cursor with the holes filled: as many rows as there are steps from the first time to the
 * last, in batches of the asked size (fresh arrays for every batch, so each can be kept).
 *
 * @param cursor - The stored rows in batches, ascending, each on the grid `first + k * step`.
 * @param step - The step, ms.
 * @returns The filled cursor (its `close` is the cursor's).
 * @throws Error (from the batches) for a row off the grid or out of order: the answer is cut,
 *   never wrong.
 * @example
 * const filled = filledCursor(cursor, 900_000);
 * filled.rows //=> (cursor.last - cursor.first) / 900_000 + 1
 */
export function filledCursor(cursor: SeriesCursor, step: number): SeriesCursor {
  const rows = cursor.rows === 0 ? 0 : Math.round((cursor.last - cursor.first) / step) + 1;
  const width = (cursor.values ? 1 : 0) + cursor.scenarioNames.length;
  async function* batches(size: number, source?: ColumnSource, form: TimeForm = 'ms'): AsyncGenerator<SeriesBatch> {
    let made = 0;
    let times: Float64Array = new Float64Array(0);
    let columns: Float64Array[] = [];
    let n = 0;
    const column = (length: number) => (source ? source.take(length) : new Float64Array(length));
    const open = (): void => {
      const length = Math.min(size, rows - made);
      times = column(length);
      columns = Array.from({ length: width }, () => column(length).fill(Number.NaN));
      n = 0;
    };
    const full = (): SeriesBatch => {
      made += n;
      const batch = { times, values: cursor.values ? columns[0]! : null, scenarios: cursor.values ? columns.slice(1) : columns };
      if (made < rows) open();
      return batch;
    };
    if (rows === 0) {
      for await (const _ of cursor.batches(size, source)) throw new Error('series read brought rows where none were counted');
      return;
    }
    open();
    let next = cursor.first;
    for await (const batch of cursor.batches(size, source)) {
      const from = columnsOf(batch);
      for (let i = 0; i < batch.times.length; i++) {
        const t = batch.times[i]!;
        if (t < next || (t - cursor.first) % step !== 0 || t > cursor.last)
          throw new Error(`series read: the row at ${new Date(t).toISOString()} is not on the ${step / 60_000}-minute grid`);
        // the empty steps before this row (already NaN), then the row
        while (next <= t) {
          times[n] = next;
          if (next === t) for (let c = 0; c < width; c++) columns[c]![n] = from[c]![i]!;
          n++;
          next += step;
          if (n === times.length) yield inTimeForm(full(), form);
        }
      }
      // copied: the stored batch is never handed out
      source?.release([batch.times, ...from]);
    }
    if (made !== rows) throw new Error(`series read brought ${made} of ${rows} steps`);
  }
  return { ...cursor, rows, batches };
}
