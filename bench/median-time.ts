// Shared timing for the micro-benchmarks: median milliseconds per call of a piece of work.
import { performance } from 'node:perf_hooks';

/**
 * Median milliseconds per call over `runs` runs, each repeating `work` for at least `minRunMs`
 * (after 5 warm-up calls).
 *
 * @param work - The work to time.
 * @param runs - How many runs (default 9).
 * @param minRunMs - Least duration of one run in ms (default 100).
 * @returns The median milliseconds per call.
 */
export function medianMs(work: () => unknown, runs = 9, minRunMs = 100): number {
  for (let i = 0; i < 5; i++) work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      work();
      calls++;
      elapsed = performance.now() - start;
    } while (elapsed < minRunMs);
    times.push(elapsed / calls);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
}
