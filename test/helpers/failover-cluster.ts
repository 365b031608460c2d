/**
 * A cluster for failover tests and benches: service nodes in child processes on one PostgreSQL
 * database (seeded with one curve of a week of hourly values and one key per client), behind a
 * round-robin TCP balancer, and clients that load that week in a loop, recording each load's
 * time, failures, and retries after a connection failure (docs/deploy.md#what-an-operator-sees).
 *
 *   const cluster = await startCluster(pgUrl, 24);
 *   const load = cluster.startLoad();
 *   ... await cluster.nodes[1].kill() ...
 *   await load.stop(); await cluster.stop();
 */
import { generateApiKey, hashApiKey } from '../../server/src/auth';
import { PostgresStore, type CurveRecord, type ImportBatch } from '../../server/src/store';
import { ServiceClient } from '../../src';
import { isConnectionFailure } from '../../src/client/http/retry';
import { startChildService, type ChildService } from './child-service';
import { curveRecord } from './records';
import { startBalancer, type Balancer } from './tcp-balancer';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);
/** Values of one load: a week of hourly values. */
const WEEK = 24 * 7;
const CURVE: CurveRecord = curveRecord('N Test MWh/h H Actual', { timezone: 'UTC' });

/** Clients loading in a loop until stopped. */
export interface Load {
  /** Stops the loops after their current load and closes the clients. */
  stop(): Promise<void>;
  /** Each load: when it began (`performance.now()`) and how long it took, in ms. */
  readonly loads: { at: number; ms: number }[];
  readonly failures: unknown[];
  /** Retries after a connection failure (refused, reset, closed early). */
  readonly resets: unknown[];
}

/** Nodes behind a balancer. */
export interface Cluster {
  readonly nodes: ChildService[];
  readonly balancer: Balancer;
  /** Starts one client per key, loading through the balancer. */
  startLoad(): Load;
  /** Starts node `k` again on its port and waits until it is ready; returns when it was. */
  restart(k: number): Promise<number>;
  /** Stops the balancer and kills every node. */
  stop(): Promise<void>;
}

/** The port of a node. */
function portOf(node: ChildService): number {
  return Number(new URL(node.url).port);
}

/** Waits (at most 10 s) until the node's `/ready` answers 200. */
async function ready(node: ChildService): Promise<void> {
  for (let k = 0; k < 200; k++) {
    const res = await fetch(`${node.url}/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${node.url} did not turn ready`);
}

/** Resolves with the exit status once the node's process has exited. */
export function exited(node: ChildService): Promise<number | null> {
  const child = node.child;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function seed(storeUrl: string, clients: number): Promise<string[]> {
  const store = await PostgresStore.open(storeUrl);
  try {
    const keys = Array.from({ length: clients }, () => generateApiKey());
    const batch: ImportBatch = {
      curves: [CURVE],
      users: [{ id: 'u', name: 'U', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
      keys: keys.map((key, k) => ({ hash: hashApiKey(key), userId: 'u', label: `k${k}`, created: 0, blocked: false })),
      series: [
        {
          curve: CURVE.name,
          issued: null,
          tag: null,
          times: Float64Array.from({ length: WEEK }, (_, k) => T0 + k * HOUR),
          values: Float64Array.from({ length: WEEK }, (_, k) => k),
          scenarios: [],
          scenarioNames: [],
        },
      ],
    };
    await store.importBatch(batch);
    return keys;
  } finally {
    await store.close();
  }
}

function startLoad(url: string, keys: readonly string[]): Load {
  let running = true;
  const loads: { at: number; ms: number }[] = [];
  const failures: unknown[] = [];
  const resets: unknown[] = [];
  const loops = keys.map(async (apiKey) => {
    const client = new ServiceClient(
      { apiKey, apiUrl: `${url}/api`, httpDelay: 0.05 },
      {
        onRetry: ({ error }) => {
          if (isConnectionFailure(error)) resets.push(error);
        },
      },
    );
    try {
      // bounded: each pass is one load, and the caller stops the loop after seconds
      while (running) {
        const at = performance.now();
        try {
          const series = await client.timeseries.load(CURVE.name, { begin: '2025-01-01', end: '2025-01-08' });
          if (series.length !== WEEK) throw new Error(`${series.length} values`);
        } catch (err) {
          failures.push(err);
        }
        loads.push({ at, ms: performance.now() - at });
      }
    } finally {
      client.close();
    }
  });
  return {
    loads,
    failures,
    resets,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Starts two nodes on a fresh database and a round-robin balancer in front of them.
 *
 * @param storeUrl - An empty PostgreSQL database.
 * @param clients - How many clients (keys) the load runs.
 * @returns The cluster.
 */
export async function startCluster(storeUrl: string, clients: number): Promise<Cluster> {
  const keys = await seed(storeUrl, clients);
  const nodes = [await startChildService(storeUrl), await startChildService(storeUrl)];
  await Promise.all(nodes.map(ready));
  const balancer = await startBalancer(nodes.map(portOf), { roundRobin: true });
  return {
    nodes,
    balancer,
    startLoad: () => startLoad(balancer.url, keys),
    async restart(k) {
      nodes[k] = await startChildService(storeUrl, portOf(nodes[k]!));
      await ready(nodes[k]!);
      return performance.now();
    },
    async stop() {
      await balancer.close();
      await Promise.all(nodes.map((n) => n.kill()));
    },
  };
}
