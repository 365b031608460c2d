/**
 * Many curves in one call: the same operation for each curve, run concurrently through the
 * client's one transport (so never faster than its throttle: starts stay `httpDelay` apart),
 * with a progress display and one error that names every failed curve and keeps what loaded.
 *
 * @module
 */
import { PartialLoadError, ValidationError, type LoadFailure } from '../../exceptions';
import type { CurveInput } from '../../wire';
import { progressDisplay } from '../progress';

/**
 * Options of every `loadMany`, next to the options of the operation itself.
 *
 * @example
 * const opts: ManyOptions = { concurrency: 8, progress: false };
 */
export interface ManyOptions extends CallOptions {
  /** Requests in flight at once (default 8; the throttle still spaces their starts). */
  concurrency?: number;
  /** Show progress (default true: a bar in a notebook or on a terminal, nothing elsewhere). */
  progress?: boolean;
}

/**
 * Options every client call takes besides its own.
 *
 * @example
 * const opts: CallOptions = { signal: AbortSignal.timeout(5000) };
 */
export interface CallOptions {
  /** Cancels the call: it rejects with the signal's reason (an `AbortError`) and is not retried. */
  signal?: AbortSignal;
}

/**
 * The curves of a many-curve call, checked.
 *
 * @param curves - An iterable of curve names or Curve objects.
 * @returns The curves as an array.
 * @throws ValidationError (parameter `curves`) for a non-iterable or an empty list.
 * @example
 * curveList(new Set(['a'])) //=> ['a']
 */
export function curveList(curves: Iterable<CurveInput>): CurveInput[] {
  if (curves === null || typeof curves !== 'object' || !(Symbol.iterator in curves)) {
    throw new ValidationError('Provide an array of curves (names or Curve objects)', 'curves');
  }
  const list = [...curves];
  if (list.length === 0) throw new ValidationError('Provide at least one curve', 'curves');
  return list;
}

/** The operation's own options: each member of a union of option shapes without `ManyOptions`' fields. */
type WithoutMany<O> = O extends unknown ? Omit<O, 'concurrency' | 'progress'> : never;

/**
 * Splits `ManyOptions` from the operation's options.
 *
 * @param options - Both together.
 * @returns `[many, rest]`.
 * @example
 * splitManyOptions({ begin: 'x', progress: false }) //=> [{ progress: false }, { begin: 'x' }]
 */
export function splitManyOptions<O extends ManyOptions>(options: O): [ManyOptions, WithoutMany<O>] {
  const { concurrency, progress, ...rest } = options;
  // `rest` is each member of O without the two fields; TypeScript's rest type (one Omit over the
  // whole union) does not distribute, so it is restated per member here.
  return [{ concurrency, progress, signal: options.signal }, rest as WithoutMany<O>];
}

/**
 * Runs `loadOne` for each curve, at most `concurrency` at a time, in input order of results.
 *
 * @param curves - Curve names or Curve objects.
 * @param loadOne - Loads one curve.
 * @param many - Concurrency, progress and signal.
 * @param collect - Builds the result from the loaded values (input order, failed ones left out).
 * @returns The collected result.
 * @throws ValidationError for an empty or non-array `curves` or a bad `concurrency`;
 *   PartialLoadError naming every failed curve, with `partial` = the collected result of the
 *   others; the signal's reason when aborted.
 * @example
 * await runMany(['a', 'b'], (c) => client.timeseries.load(c, range), {}, (xs) => xs) //=> [ts, ts]
 */
export async function runMany<T, R>(
  curves: Iterable<CurveInput>,
  loadOne: (curve: CurveInput, index: number) => Promise<T>,
  many: ManyOptions,
  collect: (loaded: T[]) => R,
): Promise<R> {
  const list = curveList(curves);
  const names = list.map((c) => (typeof c === 'string' ? c : String((c as { name?: unknown } | null)?.name ?? c)));
  const concurrency = many.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ValidationError(`concurrency must be an integer of at least 1, got ${String(concurrency)}`, 'concurrency');
  }
  many.signal?.throwIfAborted();
  const results: ({ ok: true; value: T } | { ok: false; error: Error } | undefined)[] = new Array(list.length);
  const progress = progressDisplay('curves', list.length, many.progress !== false);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < list.length) {
      const i = next++;
      if (many.signal?.aborted) return;
      try {
        results[i] = { ok: true, value: await loadOne(list[i]!, i) };
        progress.step(true);
      } catch (err) {
        results[i] = { ok: false, error: err instanceof Error ? err : new Error(String(err)) };
        progress.step(false);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  } finally {
    progress.done();
  }
  many.signal?.throwIfAborted();
  const loaded: T[] = [];
  const failures: LoadFailure[] = [];
  results.forEach((r, index) => {
    if (r?.ok) loaded.push(r.value);
    else if (r) failures.push({ curve: names[index]!, index, error: r.error });
  });
  const result = collect(loaded);
  if (failures.length > 0) throw new PartialLoadError(failures, list.length, result);
  return result;
}
