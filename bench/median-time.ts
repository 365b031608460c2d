// Shared timing for the micro-benchmarks: median milliseconds per call of a piece of work.
import { performance } from 'node:perf_hooks';
import { summarize, type ResultRow } from './record';

/**
 * Milliseconds per call in each of `runs` runs, each repeating `work` for at least `minRunMs`
 * (after 5 warm-up calls).
 *
 * @param work - The work to time.
 * @param runs - How many runs (default 9).
 * @param minRunMs - Least duration of one run in ms (default 100).
 * @returns One figure per run, in run order.
 */
export function runTimes(work: () => unknown, runs = 9, minRunMs = 100): number[] {
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
  return times;
}

/**
 * Median milliseconds per call over `runs` runs (see {@link runTimes}).
 *
 * @param work - The work to time.
 * @param runs - How many runs (default 9).
 * @param minRunMs - Least duration of one run in ms (default 100).
 * @returns The median milliseconds per call.
 */
export function medianMs(work: () => unknown, runs = 9, minRunMs = 100): number {
  return median(runTimes(work, runs, minRunMs));
}

/**
 * Times `work` as {@link runTimes} does and adds the result to `rows` under `label`.
 *
 * @param rows - Where the bench collects its rows.
 * @param label - The row's case.
 * @param work - The work to time.
 * @param runs - How many runs.
 * @param minRunMs - Least duration of one run in ms.
 * @returns The median milliseconds per call.
 */
export function recordedMs(rows: ResultRow[], label: string, work: () => unknown, runs: number, minRunMs: number): number {
  const times = runTimes(work, runs, minRunMs);
  rows.push({ case: label, unit: 'ms', ...summarize(times) });
  return median(times);
}

/**
 * The q-quantile of some samples: the sorted sample at index `min(n - 1, floor(q * n))`.
 *
 * @param samples - The samples (any order).
 * @param q - The quantile, 0 to 1.
 * @returns The sample.
 * @throws Error when there are no samples.
 */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  if (value === undefined) throw new Error('quantile: no samples');
  return value;
}

/**
 * The median of some samples (the upper one of an even count).
 *
 * @param samples - The samples (any order).
 * @returns The median.
 * @throws Error when there are no samples.
 */
export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/**
 * Times an async piece of work `runs` times (after 5 warm-up calls) and prints its median and p99,
 * with the ratio of the median to `floor` when given.
 *
 * @param label - What is timed (padded to `width` characters).
 * @param work - The work.
 * @param runs - How many timed calls.
 * @param floor - A median to compare with (ms), or none.
 * @param width - Label column width.
 * @returns The median in ms.
 */
export async function latency(label: string, work: () => Promise<unknown>, runs: number, floor?: number, width = 52): Promise<number> {
  for (let i = 0; i < 5; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const middle = quantile(times, 0.5);
  const ratio = floor ? `  ${(middle / floor).toFixed(2)}x` : '';
  console.log(
    `${label.padEnd(width)} median ${middle.toFixed(2).padStart(7)} ms   p99 ${quantile(times, 0.99).toFixed(2).padStart(7)} ms${ratio}`,
  );
  return middle;
}

/**
 * The ratio of two pieces of work timed call by call in turn (`a`, `b`, `a`, `b`, ...), so that a
 * change in the machine's load (other processes on shared cores) falls on both alike: prints and
 * returns the median of the per-pair ratios `b / a` with both medians. Also prints the CPU time
 * per call of each (`process.cpuUsage`, all threads of this process: the service, DuckDB's threads
 * and an in-process client), which waiting for a busy core does not inflate.
 *
 * @param label - What is compared (padded to `width` characters).
 * @param a - The reference work (the floor).
 * @param b - The work compared with it.
 * @param runs - How many pairs.
 * @param width - Label column width.
 * @returns The median of the ratios.
 */
export async function interleavedRatio(
  label: string,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs: number,
  width = 52,
): Promise<number> {
  for (let i = 0; i < 5; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  let cpuA = 0;
  let cpuB = 0;
  const cpu = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await a();
    const t1 = performance.now();
    cpuA += cpu(c0);
    const c1 = process.cpuUsage();
    const t2 = performance.now();
    await b();
    const t3 = performance.now();
    cpuB += cpu(c1);
    as.push(t1 - t0);
    bs.push(t3 - t2);
    ratios.push((t3 - t2) / (t1 - t0));
  }
  const ratio = median(ratios);
  console.log(
    `${label.padEnd(width)} interleaved: ${median(bs).toFixed(2).padStart(7)} ms / ${median(as).toFixed(2).padStart(7)} ms, median ratio ${ratio.toFixed(2)}x; CPU per call ${(cpuB / runs).toFixed(2)} / ${(cpuA / runs).toFixed(2)} ms = ${(cpuB / cpuA).toFixed(2)}x`,
  );
  return ratio;
}
