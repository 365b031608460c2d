/**
 * `service serve`: opens the store, seeds the demo data on first start when asked, listens, and
 * shuts down gracefully on SIGINT or SIGTERM. The only place (with test helpers) that listens.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../http/app';
import { CONNECTION_DEFAULTS, drainApp, type ConnectionOptions } from '../http/connections';
import { corsOrigin } from '../http/cors';
import { redacted } from '../store';
import { ValidationError } from 'service/exceptions';
import { dateOption, intOption, presetOption, storeOption, type Preset } from './cli-args';
import { oneStore, openStore } from './open-store';
import type { CliIO } from './cli-io';
import { ADMIN_KEY_FILE, DEMO_KEY_FILE, seedInto } from './seed';

/** Options of `service serve`. */
export interface ServeOptions {
  /** Address to listen on (default 127.0.0.1). */
  host: string;
  /** Port (default 7070; 0 picks a free one). */
  port: number;
  /** The data directory (default `./data`; `''` with `store`: the demo key file is then not written). */
  data: string;
  /** A `postgres://` URL: the shared store instead of the embedded one in `data`. */
  store?: string;
  /** Connections of this node's pool to the shared store (default 10). */
  poolSize: number;
  /** Statement time-out on the shared store in ms (default 30000; 0: none). */
  statementTimeoutMs: number;
  /** A streaming-replication standby of `store` for the data reads (docs/deploy.md#read-scaling). */
  readStore?: string;
  /** How long a read waits for the standby to catch up before it reads on the primary, in ms (default 100). */
  readWaitMs: number;
  /** How long a shutdown waits for in-flight requests before it cuts them off, in ms (default 25000). */
  drainTimeoutMs: number;
  /** Seed this demo dataset when the store is empty. */
  preset?: Preset;
  /** Random seed of the demo data. */
  seed: number;
  /** Anchor date of the demo data. */
  anchor?: string;
  /** Live demo mode: new forecast instances and revised actuals every few seconds. */
  live: boolean;
  /** Origins whose pages may call the API from a browser (CORS; default none). */
  corsOrigins: string[];
  /** Serve the web console at `/` (default true; `--no-console` turns it off). */
  console: boolean;
  /** Keep-alive time-out, requests per connection and connection age (docs/deploy.md#connections). */
  connections: Required<ConnectionOptions>;
}

/**
 * Parses the arguments of `service serve`.
 *
 * @param args - Arguments after `serve`.
 * @returns The options.
 * @throws ValidationError for a bad option.
 * @example
 * parseServe(['--port', '0']).port //=> 0
 */
export function parseServe(args: string[]): ServeOptions {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      data: { type: 'string' },
      store: { type: 'string' },
      'pool-size': { type: 'string' },
      'statement-timeout': { type: 'string' },
      'read-store': { type: 'string' },
      'read-wait': { type: 'string' },
      'drain-timeout': { type: 'string' },
      'keep-alive-timeout': { type: 'string' },
      'max-connection-requests': { type: 'string' },
      'max-connection-age': { type: 'string' },
      demo: { type: 'string' },
      seed: { type: 'string' },
      anchor: { type: 'string' },
      live: { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      'no-console': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const store = storeOption(values.store);
  oneStore(values.data, store);
  const readStore = storeOption(values['read-store'], 'read-store');
  if (readStore !== undefined && store === undefined)
    throw new ValidationError('--read-store needs --store: the standby serves the reads of a PostgreSQL primary', 'read-store');
  return {
    host: values.host ?? '127.0.0.1',
    port: intOption(values.port, 'port', 0, 65535, 7070),
    data: values.data ?? (store === undefined ? 'data' : ''),
    ...(store === undefined ? {} : { store }),
    poolSize: intOption(values['pool-size'], 'pool-size', 2, 1000, 10),
    statementTimeoutMs: intOption(values['statement-timeout'], 'statement-timeout', 0, 86_400_000, 30_000),
    ...(readStore === undefined ? {} : { readStore }),
    readWaitMs: intOption(values['read-wait'], 'read-wait', 0, 60_000, 100),
    drainTimeoutMs: intOption(values['drain-timeout'], 'drain-timeout', 0, 3_600_000, 25_000),
    preset: presetOption(values.demo),
    seed: intOption(values.seed, 'seed', 0, 2 ** 31 - 1, 1),
    anchor: dateOption(values.anchor, 'anchor'),
    live: values.live ?? false,
    corsOrigins: (values['cors-origin'] ?? []).map(corsOrigin),
    console: values['no-console'] !== true,
    connections: {
      keepAliveTimeoutMs: intOption(
        values['keep-alive-timeout'],
        'keep-alive-timeout',
        1_000,
        3_600_000,
        CONNECTION_DEFAULTS.keepAliveTimeoutMs,
      ),
      maxRequests: intOption(
        values['max-connection-requests'],
        'max-connection-requests',
        0,
        1_000_000_000,
        CONNECTION_DEFAULTS.maxRequests,
      ),
      maxAgeMs: intOption(values['max-connection-age'], 'max-connection-age', 0, 86_400_000, CONNECTION_DEFAULTS.maxAgeMs),
    },
  };
}

function stopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const done = (name: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      signal?.removeEventListener('abort', onAbort);
      resolve(name);
    };
    const onInt = () => done('SIGINT');
    const onTerm = () => done('SIGTERM');
    const onAbort = () => done('abort');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    if (signal?.aborted) done('abort');
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs the service until SIGINT, SIGTERM or `io.signal` aborts; prints the API URL (and the demo
 * key when there is one) on stdout.
 *
 * @param options - The parsed options.
 * @param io - Output and stop signal.
 * @returns The exit status (0 after a clean shutdown).
 * @throws ValueError when the store cannot be opened; listen errors (port in use) as they come.
 * @example
 * await runServe(parseServe(['--port', '0', '--data', dir]), io) //=> 0
 */
export async function runServe(options: ServeOptions, io: CliIO): Promise<number> {
  const store = await openStore(options, {
    poolSize: options.poolSize,
    statementTimeoutMs: options.statementTimeoutMs,
    ...(options.readStore === undefined ? {} : { readUrl: options.readStore, readWaitMs: options.readWaitMs }),
  });
  let app: FastifyInstance | undefined;
  try {
    const keyFile = options.data === '' ? null : join(options.data, DEMO_KEY_FILE);
    if (options.preset !== undefined && (await store.stats()).curves === 0) {
      const key = await seedInto(
        store,
        { data: options.data, store: options.store, preset: options.preset, seed: options.seed, anchor: options.anchor },
        io,
      );
      if (keyFile === null) io.out(`Demo API key: ${key}`);
    }
    app = createApp({
      store,
      logger: { level: 'warn' },
      live: options.live,
      console: options.console ? {} : false,
      corsOrigins: options.corsOrigins,
      connections: options.connections,
    });
    await app.listen({ host: options.host, port: options.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : options.port;
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    io.out(`Service API: http://${host}:${port}/api`);
    if (options.console) io.out(`Web console: http://${host}:${port}/`);
    if (options.store !== undefined) io.out(`Store: ${redacted(options.store)}`);
    if (options.readStore !== undefined) io.out(`Read store: ${redacted(options.readStore)}`);
    if (keyFile !== null && existsSync(keyFile)) io.out(`Demo API key: ${readFileSync(keyFile, 'utf8').trim()} (in ${keyFile})`);
    const adminFile = options.data === '' ? null : join(options.data, ADMIN_KEY_FILE);
    if (adminFile !== null && existsSync(adminFile)) io.out(`Administrator's key (may import) in ${adminFile}`);
    if (options.live) io.out('Live demo: new forecast instances and revised actuals every few seconds.');
    io.err('Press Ctrl+C to stop.');
    const why = await stopped(io.signal);
    io.err(`Stopping (${why}): finishing in-flight requests (at most ${options.drainTimeoutMs} ms) ...`);
    const { open, cutOff, waitedMs } = await drainApp(app, options.drainTimeoutMs);
    app = undefined;
    io.err(`Drained ${open} connection(s) in ${Math.round(waitedMs)} ms${cutOff > 0 ? `, ${cutOff} cut off at the time-out` : ''}.`);
  } finally {
    // an error before the drain (a port in use, a failed seed) closes what was opened
    if (app) await app.close();
    await store.close();
  }
  return 0;
}
