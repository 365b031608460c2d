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
  /**
   * Called as each curve finishes, loaded or failed (whatever `progress` says): for a progress
   * display of your own, or to log a long panel's load. What it throws is ignored.
   */
  onProgress?: (progress: ManyProgress) => void;
}

/**
 * One step of a many-curve call, as `onProgress` receives it.
 *
 * @example
 * const log = (p: ManyProgress) => console.log(`${p.done}/${p.total} ${p.curve}: ${p.rows} rows`);
 */
export interface ManyProgress {
  /** Curves finished so far (loaded or failed). */
  done: number;
  /** Curves in all. */
  total: number;
  /** Curves failed so far. */
  failed: number;
  /** The curve that finished (its name). */
  curve: string;
  /** Its position in the input. */
  index: number;
  /** Whether it loaded. */
  ok: boolean;
  /** Rows of what it loaded (a series' steps, a list's members), null when failed. */
  rows: number | null;
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
type WithoutMany<O> = O extends unknown ? Omit<O, 'concurrency' | 'progress' | 'onProgress'> : never;

/**
 * Splits `ManyOptions` from the operation's options.
 *
 * @param options - Both together.
 * @returns `[many, rest]`.
 * @example
 * splitManyOptions({ begin: 'x', progress: false }) //=> [{ progress: false }, { begin: 'x' }]
 */
export function splitManyOptions<O extends ManyOptions>(options: O): [ManyOptions, WithoutMany<O>] {
  const { concurrency, progress, onProgress, ...rest } = options;
  // `rest` is each member of O without the three fields; TypeScript's rest type (one Omit over the
  // whole union) does not distribute, so it is restated per member here.
  return [{ concurrency, progress, onProgress, signal: options.signal }, rest as WithoutMany<O>];
}

/**
 * Runs `loadOne` for each curve, at most `concurrency` at a time, in input order of results.
 *
 * @param curves - Curve names or Curve objects.
 * @param loadOne - Loads one curve.
 * @param many - Concurrency, progress, `onProgress` and signal.
 * @param collect - Builds the result from the loaded values (input order, failed ones left out).
 * @param what - What the progress display counts (default `curves`; a long load counts `chunks`).
 * @returns The collected result.
 * @throws ValidationError for an empty or non-array `curves`, a bad `concurrency` or an
 *   `onProgress` that is no function;
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
  what = 'curves',
): Promise<R> {
  const list = curveList(curves);
  const names = list.map((c) => (typeof c === 'string' ? c : String((c as { name?: unknown } | null)?.name ?? c)));
  const concurrency = many.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ValidationError(`concurrency must be an integer of at least 1, got ${String(concurrency)}`, 'concurrency');
  }
  const { onProgress } = many;
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new ValidationError(`onProgress must be a function, got ${typeof onProgress}`, 'onProgress');
  }
  many.signal?.throwIfAborted();
  const results: ({ ok: true; value: T } | { ok: false; error: Error } | undefined)[] = new Array(list.length);
  const display = progressDisplay(what, list.length, many.progress !== false);
  let [done, failed] = [0, 0];
  const progress = {
    step(ok: boolean, index: number, value?: T): void {
      display.step(ok);
      done++;
      if (!ok) failed++;
      if (onProgress === undefined) return;
      const length = (value as { length?: unknown } | undefined)?.length;
      try {
        onProgress({ done, total: list.length, failed, curve: names[index]!, index, ok, rows: typeof length === 'number' ? length : null });
      } catch {
        // a progress display of the caller's never breaks the load
      }
    },
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < list.length) {
      const i = next++;
      if (many.signal?.aborted) return;
      let result: { ok: true; value: T } | { ok: false; error: Error };
      try {
        result = { ok: true, value: await loadOne(list[i]!, i) };
      } catch (err) {
        result = { ok: false, error: err instanceof Error ? err : new Error(String(err)) };
      }
      results[i] = result;
      progress.step(result.ok, i, result.ok ? result.value : undefined);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  } finally {
    display.done();
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
