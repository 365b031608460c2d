/**
 * Paired, alternating timing of one operation with and without a layer (a memo, a cache, a
 * pool), for a machine whose speed drifts from one second to the next: each round times the
 * operation with the layer, without it, and with it again (the order turned every round), so
 * both sides see the same drift. The second "with" gives the noise floor: how far two runs of
 * the same code differ in a round.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { summarize, type Summary } from './record';

/** One side of a comparison: how to switch it on and off, and the operation. */
export interface Side {
  /** Makes this side the current one (e.g. puts a layer back). */
  readonly enter?: () => void | Promise<void>;
  /** Undoes {@link enter}. */
  readonly leave?: () => void | Promise<void>;
}

/** What {@link pairedRounds} measured. */
export interface Paired {
  /** Time per operation with the layer, one sample per run. */
  readonly with: Summary;
  /** Time per operation without it. */
  readonly without: Summary;
  /** Median over rounds of `1 - with / without` (each round's two runs taken side by side). */
  readonly gain: number;
  /** Median over rounds of `|with again / with - 1|`: what two runs of the same code differ by. */
  readonly noise: number;
}

/** Options of {@link pairedRounds}. */
export interface PairedOptions {
  /** Rounds (default 11). */
  readonly rounds?: number;
  /** Least time of one timed run, ms (default 60): short operations are repeated. */
  readonly minRunMs?: number;
  /** Most calls of one timed run (default unlimited). */
  readonly maxCalls?: number;
}

async function timeRun(op: () => unknown, minRunMs: number, maxCalls: number): Promise<number> {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    const r = op();
    if (r instanceof Promise) await r;
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < minRunMs && calls < maxCalls);
  return elapsed / calls;
}

async function onSide(side: Side, op: () => unknown, minRunMs: number, maxCalls: number): Promise<number> {
  await side.enter?.();
  try {
    const r = op(); // one untimed call on this side
    if (r instanceof Promise) await r;
    return await timeRun(op, minRunMs, maxCalls);
  } finally {
    await side.leave?.();
  }
}

/**
 * Times `op` with and without a layer in alternating rounds.
 *
 * @param op - The operation the layer exists for.
 * @param withLayer - Switches the layer on (usually nothing: it is on by default).
 * @param withoutLayer - Switches the layer off for the duration of a run.
 * @param options - Rounds and run length.
 * @returns The two summaries in ms per operation, the gain and the noise floor.
 */
export async function pairedRounds(op: () => unknown, withLayer: Side, withoutLayer: Side, options: PairedOptions = {}): Promise<Paired> {
  const rounds = options.rounds ?? 11;
  const minRunMs = options.minRunMs ?? 60;
  const maxCalls = options.maxCalls ?? Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    await onSide(withLayer, op, 0, 1);
    await onSide(withoutLayer, op, 0, 1);
  }
  const on: number[] = [];
  const off: number[] = [];
  const gaps: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let a: number;
    let b: number;
    if (round % 2 === 0) {
      a = await onSide(withLayer, op, minRunMs, maxCalls);
      off.push(await onSide(withoutLayer, op, minRunMs, maxCalls));
      b = await onSide(withLayer, op, minRunMs, maxCalls);
    } else {
      off.push(await onSide(withoutLayer, op, minRunMs, maxCalls));
      a = await onSide(withLayer, op, minRunMs, maxCalls);
      b = await onSide(withLayer, op, minRunMs, maxCalls);
    }
    on.push(a);
    gaps.push(Math.abs(b / a - 1));
  }
  const gains = on.map((t, i) => 1 - t / off[i]!);
  return { with: summarize(on), without: summarize(off), gain: summarize(gains).median, noise: summarize(gaps).median };
}

/**
 * Times `op` on the input that uses the layer against inputs that miss it (an uncached form of a
 * function, fresh objects equal to a kept one, a switch), one per call in turn.
 *
 * @param kept - The input with the layer.
 * @param others - Inputs without it, taken in turn (wrapping around).
 * @param op - The operation on one input.
 * @param options - Rounds and run length.
 * @returns As {@link pairedRounds}.
 */
export function versus<T>(kept: T, others: readonly T[], op: (input: T) => unknown, options: PairedOptions = {}): Promise<Paired> {
  let next = 0;
  let input = (): T => kept;
  return pairedRounds(
    () => op(input()),
    {},
    {
      enter: () => {
        input = () => others[next++ % others.length]!;
      },
      leave: () => {
        input = () => kept;
      },
    },
    options,
  );
}

/**
 * A side that replaces a property of an object (a method of a prototype) while it runs.
 *
 * @param target - The object.
 * @param name - The property.
 * @param replacement - Its value meanwhile.
 * @returns The side.
 */
export function replaced(target: object, name: string, replacement: unknown): Side {
  const kept = Object.getOwnPropertyDescriptor(target, name)!;
  return {
    enter: () => {
      Object.defineProperty(target, name, { ...kept, value: replacement });
    },
    leave: () => {
      Object.defineProperty(target, name, kept);
    },
  };
}
