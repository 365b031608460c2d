/**
 * What clients see when a node of two fails or is deployed (docs/deploy.md#what-an-operator-sees):
 * two nodes on one PostgreSQL behind a round-robin TCP balancer, N clients (one key each) loading a
 * week of hourly values in a loop for `--duration` seconds. Per fault, at 24 and 64 clients: loads
 * done, failed loads, p50 and p99 of the load time, the longest load (the worst stall), and for a
 * restart the restarted node's share of requests in the last 5 s, beside the no-fault baseline.
 *
 * Run: `node --import tsx bench/failover.ts [--duration 20] [--clients 24,64]`
 */
import { parseArgs } from 'node:util';
import { exited, startCluster, type Cluster } from '../test/helpers/failover-cluster';
import { startPostgres } from '../test/helpers/postgres-server';
import { writeResult, type ResultRow } from './record';

type Fault = 'none' | 'kill -9' | 'SIGTERM' | 'restart';
const FAULTS: readonly Fault[] = ['none', 'kill -9', 'SIGTERM', 'restart'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** Runs one fault; returns the figures of the run. */
async function run(cluster: Cluster, fault: Fault, seconds: number) {
  const load = cluster.startLoad();
  const runEnd = performance.now() + seconds * 1000;
  await sleep((seconds * 1000) / 3);
  const port = Number(new URL(cluster.nodes[1]!.url).port);
  let readyAt = Number.NaN;
  if (fault === 'kill -9') await cluster.nodes[1]!.kill();
  if (fault === 'SIGTERM' || fault === 'restart') {
    const exit = exited(cluster.nodes[1]!);
    if (fault === 'SIGTERM') cluster.nodes[1]!.child.kill('SIGTERM');
    else await cluster.nodes[1]!.kill();
    await exit;
    readyAt = await cluster.restart(1);
  }
  // a restarted node is watched 15 s past its readiness (one connection age and 5 s)
  const until = Number.isNaN(readyAt) ? runEnd : Math.max(runEnd, readyAt + 15_000);
  await sleep(until - performance.now());
  await load.stop();
  if (fault === 'kill -9') await cluster.restart(1);
  const times = load.loads.map((l) => l.ms).sort((a, b) => a - b);
  const end = performance.now();
  const late = cluster.balancer.requests.filter((r) => r.at >= end - 5000);
  const share = fault === 'restart' ? late.filter((r) => r.port === port).length / Math.max(1, late.length) : Number.NaN;
  return {
    loads: times.length,
    failed: load.failures.length,
    resets: load.resets.length,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? Number.NaN,
    share,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { duration: { type: 'string' }, clients: { type: 'string' } } });
  const seconds = Number(values.duration ?? 20);
  const clientCounts = (values.clients ?? '24,64').split(',').map(Number);
  const pg = await startPostgres();
  const rows: ResultRow[] = [];
  try {
    console.log('clients  fault     loads  failed  resets  p50 ms  p99 ms  max ms  share');
    for (const clients of clientCounts) {
      for (const fault of FAULTS) {
        const cluster = await startCluster(await pg.createDatabase(), clients);
        try {
          const r = await run(cluster, fault, seconds);
          const share = Number.isNaN(r.share) ? '' : `${(r.share * 100).toFixed(0)}%`;
          console.log(
            `${String(clients).padStart(7)}  ${fault.padEnd(8)}  ${String(r.loads).padStart(5)}  ${String(r.failed).padStart(6)}  ${String(r.resets).padStart(6)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${r.max.toFixed(0).padStart(6)}  ${share}`,
          );
          const note = `${r.loads} loads, ${r.failed} failed, ${r.resets} connection retries, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${share ? `, restarted node ${share} of the last 5 s` : ''}`;
          rows.push({
            case: `${clients} clients, ${fault}: longest load`,
            unit: 'ms',
            runs: 1,
            median: r.max,
            min: r.max,
            max: r.max,
            note,
          });
        } finally {
          await cluster.stop();
        }
      }
    }
  } finally {
    await pg.stop();
  }
  writeResult({
    bench: 'failover',
    command: `node --import tsx bench/failover.ts --duration ${seconds} --clients ${clientCounts.join(',')}`,
    compared: `two nodes on one PostgreSQL behind a round-robin TCP balancer, clients loading 7 days of hourly values for ${seconds} s; the fault hits one node at a third of the run`,
    rows,
  });
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
