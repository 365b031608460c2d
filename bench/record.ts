/**
 * The machine-readable result of a bench run: `bench/results/<bench>.json`, which
 * `scripts/bench-results.mjs` turns into `bench/RESULTS.md`. A bench calls {@link writeResult}
 * once at its end with its rows (each a median, min and max over its runs); the file records the
 * command, what is compared, the commit and the machine as well.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';

/** A median with its min and max over `runs` runs. */
export interface Summary {
  readonly runs: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** One row of a bench's table. */
export interface ResultRow extends Summary {
  /** What was timed. */
  readonly case: string;
  /** The unit of median/min/max (`ms`, `µs`, `x`, ...). */
  readonly unit: string;
  /** A remark, e.g. a gain against another row. */
  readonly note?: string;
}

/** What a bench reports. */
export interface BenchResult {
  /** The bench's file name without `.ts` (`layers`). */
  readonly bench: string;
  /** The command that produced it, from the repository root. */
  readonly command: string;
  /** What the table compares, in one sentence. */
  readonly compared: string;
  readonly rows: readonly ResultRow[];
  /** Lines printed under the table. */
  readonly notes?: readonly string[];
}

/**
 * The median (the upper one of an even count), min and max of some samples.
 *
 * @param samples - At least one sample.
 * @returns The summary.
 * @throws Error when there are no samples.
 * @example
 * summarize([3, 1, 2]) //=> { runs: 3, median: 2, min: 1, max: 3 }
 */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return { runs: sorted.length, median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** The machine in one line: cores, CPU model, memory, OS and Node. */
export function machineLine(): string {
  const cores = cpus();
  const model = (cores[0]?.model ?? 'unknown CPU').replace(/\s+/g, ' ').trim();
  const gib = Math.round(totalmem() / 2 ** 30);
  return `${cores.length} cores (${model}), ${gib} GiB, ${process.platform} ${release()}, Node ${process.version}`;
}

function commitOf(root: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'src', 'server/src', 'bench'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty === '' ? head : `${head} + changes`;
  } catch {
    return 'unknown';
  }
}

/**
 * Writes `bench/results/<bench>.json` (replacing the bench's earlier result) and prints where.
 *
 * @param result - The bench's rows and what they compare.
 * @returns The file written.
 */
export function writeResult(result: BenchResult): string {
  const root = join(__dirname, '..');
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${result.bench}.json`);
  const record = { ...result, commit: commitOf(root), machine: machineLine() };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`result: bench/results/${result.bench}.json`);
  return file;
}
