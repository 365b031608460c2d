/**
 * Forecast skill (issue 35, docs/skill.md#fetching): a year of four runs a day of a 15-minute
 * forecast (1,460 instances of 960 values per tag, two tags: 2,920 instances, 2.8 M values)
 * against its actual, served by `service serve` on 127.0.0.1 in its own process
 * (bench/skill-store.ts, needs `npm run build`). Side by side, on the same service and data:
 *   - ours: `client.instances.skill` (bulk windows of 25 instances, run concurrently within the
 *     throttle, Arrow answers), a fresh client each run;
 *   - the reference: the same evaluation written with the reference Python client of the protocol
 *     and pandas (bench/skill-reference.py: list, then one `instances.get` per instance, lined up
 *     with the actual, bucketed by lead time, aggregated).
 * Both use the same lead buckets (6 hours up to 10 days) and metrics (n, MAE, RMSE, bias), and
 * both at the smallest request interval both clients accept (`httpDelay` 0.05 s); ours also at its
 * default (0.0667 s). The bench checks that the two agree on every number before it records.
 *
 *   REFERENCE_CLIENT_PATH=/path/to/python/client node --import tsx bench/skill.ts [--runs 5]
 *
 * `REFERENCE_CLIENT_PATH` and `REFERENCE_PYTHON` as in bench/reference-runner.ts; without the first
 * the comparison is skipped with a message and only our figures are printed and recorded.
 * Targets: ours at least 10x faster than the reference, and under 10 s.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ServiceClient } from '../src/client';
import type { SkillResult } from '../src/engine';
import { writeResult, summarize, type ResultRow } from './record';
import { referenceSkipped, runReferenceScript } from './reference-runner';
import { SKILL_ACTUAL, SKILL_BEGIN, SKILL_END, SKILL_FORECAST, SKILL_TAGS, serveSkill } from './skill-store';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 5);
const STEP_HOURS = 6;
const MAX_HOURS = 240;
const METRICS = ['n', 'mae', 'rmse', 'bias'] as const;

interface ReferenceAnswer {
  ms: number;
  requests: number;
  instances: number;
  rows: { tag: string; leadStart: number; n: number; mae: number; rmse: number; bias: number }[];
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

/** One evaluation with a fresh client: its time, requests and result. */
async function ours(apiUrl: string, apiKey: string, httpDelay?: number): Promise<{ ms: number; requests: number; result: SkillResult }> {
  let requests = 0;
  const client = new ServiceClient({
    apiUrl,
    apiKey,
    ...(httpDelay === undefined ? {} : { httpDelay }),
    retry: { tries: 1 },
    onRequest: () => {
      requests++;
    },
  });
  try {
    const started = performance.now();
    const result = await client.instances.skill(SKILL_FORECAST, {
      actual: SKILL_ACTUAL,
      tags: [...SKILL_TAGS],
      begin: iso(SKILL_BEGIN),
      end: iso(SKILL_END),
      leadTimes: { step: `PT${STEP_HOURS}H`, max: `PT${MAX_HOURS}H` },
      metrics: [...METRICS],
      progress: false,
    });
    return { ms: performance.now() - started, requests, result };
  } finally {
    client.close();
  }
}

/**
 * The largest relative difference between our rows and the reference's, metric by metric; throws
 * when a row is missing on either side or a count differs.
 */
function agreement(result: SkillResult, reference: ReferenceAnswer): number {
  const theirs = new Map(reference.rows.map((r) => [`${r.tag}|${r.leadStart}`, r]));
  const mine = result.rows.filter((r) => r.n > 0);
  if (mine.length !== reference.rows.length) throw new Error(`rows: ours ${mine.length}, the reference's ${reference.rows.length}`);
  let worst = 0;
  for (const row of mine) {
    const other = theirs.get(`${row.tag}|${row.leadStart}`);
    if (!other) throw new Error(`the reference has no row for ${row.tag} ${row.lead}`);
    if (other.n !== row.n) throw new Error(`${row.tag} ${row.lead}: n ours ${row.n}, the reference's ${other.n}`);
    for (const m of ['mae', 'rmse', 'bias'] as const) {
      const diff = Math.abs(row[m] - other[m]) / Math.max(1, Math.abs(other[m]));
      worst = Math.max(worst, diff);
    }
  }
  if (worst > 1e-9) throw new Error(`ours and the reference differ by up to ${worst} (relative)`);
  return worst;
}

async function main(): Promise<void> {
  const loadBefore = load();
  const svc = await serveSkill();
  console.log(`served ${svc.instances} instances at ${svc.apiUrl}; uptime ${loadBefore}`);
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  try {
    await ours(svc.apiUrl, svc.key, 0.05); // warm the service's caches of metadata, and the JIT
    const fast: number[] = [];
    const byDefault: number[] = [];
    let last: Awaited<ReturnType<typeof ours>> | null = null;
    for (let i = 0; i < RUNS; i++) {
      last = await ours(svc.apiUrl, svc.key, 0.05);
      fast.push(last.ms);
      byDefault.push((await ours(svc.apiUrl, svc.key)).ms);
      console.log(`run ${i + 1}: ours ${last.ms.toFixed(0)} ms (httpDelay 0.05), ${byDefault.at(-1)!.toFixed(0)} ms (default)`);
    }
    const oursSummary = summarize(fast);
    rows.push({ case: 'ours: instances.skill, httpDelay 0.05 s', unit: 'ms', ...oursSummary, note: `${last!.requests} requests` });
    rows.push({ case: 'ours: instances.skill, default httpDelay 0.0667 s', unit: 'ms', ...summarize(byDefault) });
    const spec = {
      curve: SKILL_FORECAST,
      actual: SKILL_ACTUAL,
      tags: SKILL_TAGS,
      begin: iso(SKILL_BEGIN),
      end: iso(SKILL_END),
      stepHours: STEP_HOURS,
      maxHours: MAX_HOURS,
      httpDelay: 0.05,
    };
    const stdout = await runReferenceScript('skill-reference.py', [svc.apiUrl, svc.key, JSON.stringify(spec)]);
    if (stdout === null) {
      referenceSkipped();
    } else {
      const reference = JSON.parse(stdout) as ReferenceAnswer;
      if (reference.instances !== svc.instances)
        throw new Error(`the reference found ${reference.instances} instances of ${svc.instances}`);
      const worst = agreement(last!.result, reference);
      const ratio = reference.ms / oursSummary.median;
      rows.push({
        case: 'reference Python client + pandas, httpDelay 0.05 s',
        unit: 'ms',
        runs: 1,
        median: reference.ms,
        min: reference.ms,
        max: reference.ms,
        note: `${reference.requests} requests`,
      });
      rows.push({ case: 'reference / ours (medians)', unit: 'x', runs: 1, median: ratio, min: ratio, max: ratio, note: 'target >= 10x' });
      notes.push(
        `Ours and the reference agree on every tag and bucket: equal n, MAE/RMSE/bias within ${worst.toExponential(1)} (relative).`,
      );
      console.log(`reference ${reference.ms.toFixed(0)} ms, ${reference.requests} requests; ours ${ratio.toFixed(1)}x faster`);
    }
  } finally {
    await svc.close();
  }
  notes.push(`The cores were busy with other work: \`uptime\` read ${loadBefore} (1, 5, 15 min) before and ${load()} after.`);
  notes.push('Target: ours under 10 s (the median above at httpDelay 0.05 s).');
  for (const r of rows)
    console.log(`${r.case.padEnd(56)} ${r.median.toFixed(r.unit === 'x' ? 1 : 0).padStart(8)} ${r.unit}  ${r.note ?? ''}`);
  writeResult({
    bench: 'skill',
    command: `REFERENCE_CLIENT_PATH=... node --import tsx bench/skill.ts --runs ${RUNS}`,
    compared: `instances.skill against the same evaluation with the reference Python client + pandas: ${SKILL_TAGS.length} tags x 1,460 instances of 960 15-minute values (a year of four runs a day), 6-hour lead buckets to 10 days, n/MAE/RMSE/bias`,
    rows,
    notes,
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
