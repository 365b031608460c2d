/**
 * Batches of a batched series read in the time form their reader asked for
 * ({@link TimeForm}): the stores that read epoch milliseconds turn them into their int64 values
 * in place for a reader that asks for `'int64'` (a streamed Arrow answer, docs/arrow.md#streamed).
 *
 * @module
 */
import { epochInt64 } from '#wire';
import type { SeriesBatch, TimeForm } from './store';

/**
 * A batch whose times are epoch ms, in `form`: for `'int64'` its times column is overwritten with
 * their int64 values (the batch is the reader's own, so nothing else sees the change).
 *
 * @param batch - The batch, times in epoch ms.
 * @param form - The form asked for.
 * @returns The same batch.
 * @example
 * inTimeForm({ times: Float64Array.of(1), values: null, scenarios: [] }, 'int64').times[0] //=> 5e-324 (the bits of int64 1)
 */
export function inTimeForm(batch: SeriesBatch, form: TimeForm): SeriesBatch {
  if (form === 'int64') epochInt64(batch.times, 0, batch.times.length, true);
  return batch;
}
