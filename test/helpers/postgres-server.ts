/**
 * A throwaway PostgreSQL server for tests: Debian's `postgresql` package (installed through
 * `apt-get` when no `initdb` exists and this process is root), a fresh cluster in a temporary
 * directory, run as the `postgres` system user when this process is root (the server refuses to
 * run as root), listening on 127.0.0.1 at a free port; stopped and removed by `stop()`. With
 * `standby: true` a streaming-replication standby of it runs too (`pg_basebackup -R`, hot
 * standby, another free port, same directory).
 *
 *   const pg = await startPostgres({ standby: true });
 *   const url = await pg.createDatabase();        // an empty database of its own (on the standby too)
 *   ... PostgresStore.open(url, { readUrl: pg.standby.urlOf(url) }) ...
 *   await pg.stop();
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A running throwaway server. */
export interface PostgresServer {
  /** Loopback port. */
  port: number;
  /** URL of the `postgres` database (superuser `postgres`, trust authentication). */
  url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (immediate) and removes its directory. */
  stop(): Promise<void>;
  /** The streaming standby, when started with `standby: true`. */
  standby?: PostgresStandby;
}

/** A hot standby streaming from the throwaway primary. */
export interface PostgresStandby {
  /** Loopback port. */
  port: number;
  /**
   * The URL of a database of the primary on the standby.
   *
   * @param primaryUrl - A URL from `createDatabase()`.
   */
  urlOf(primaryUrl: string): string;
  /** Waits (at most `timeoutMs`, default 30 s) until the standby has replayed all WAL written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Pauses WAL replay: the standby keeps answering with what it had replayed. */
  pauseReplay(): Promise<void>;
  /** Resumes WAL replay. */
  resumeReplay(): Promise<void>;
  /** The primary's view of the replication connection (`pg_stat_replication`): state and replay position. */
  replication(): Promise<{ state: string; replayLsn: string | null }[]>;
  /** Stops the standby (immediate); the primary runs on. */
  stop(): void;
}

const ROOT = '/usr/lib/postgresql';
let databases = 0;

/**
 * The `bin` directory of the newest installed PostgreSQL, or `null`.
 *
 * @returns The directory holding `initdb` and `pg_ctl`.
 */
export function findPostgresBin(): string | null {
  if (!existsSync(ROOT)) return null;
  const [newest] = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return newest === undefined ? null : join(ROOT, newest, 'bin');
}

function run(cmd: string, args: string[], asPostgres: boolean, timeout = 120_000): void {
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const out = spawnSync(file, argv, { encoding: 'utf8', timeout });
  if (out.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${out.status ?? out.signal}): ${out.stderr || out.stdout || out.error?.message}`);
}

/**
 * Installs Debian's `postgresql` package through apt-get (root only).
 *
 * @returns Nothing.
 * @throws Error saying what to install when this process cannot.
 */
export function installPostgres(): void {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || spawnSync('apt-get', ['--version']).status !== 0) {
    throw new Error(
      'PostgreSQL server binaries are missing: install them (Debian/Ubuntu: sudo apt-get install -y postgresql), then run the tests again',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  process.stderr.write('Installing PostgreSQL: apt-get install -y --no-install-recommends postgresql\n');
  let out = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '--no-install-recommends', 'postgresql'], {
    encoding: 'utf8',
    env,
    timeout: 20 * 60_000,
  });
  if (out.status !== 0) {
    spawnSync('apt-get', ['update'], { encoding: 'utf8', env, timeout: 10 * 60_000 });
    out = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '--no-install-recommends', 'postgresql'], {
      encoding: 'utf8',
      env,
      timeout: 20 * 60_000,
    });
  }
  if (out.status !== 0) throw new Error(`apt-get install postgresql failed: ${out.stderr}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const SERVER_OPTIONS = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200';

/** Starts the cluster in `data` on a free port (retrying when the port is taken meanwhile); returns the port. */
async function startCluster(bin: string, dir: string, data: string, log: string, asPostgres: boolean): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      run(
        join(bin, 'pg_ctl'),
        [
          '-D',
          data,
          '-l',
          join(dir, log),
          '-w',
          '-t',
          '60',
          '-o',
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${SERVER_OPTIONS}`,
          'start',
        ],
        asPostgres,
      );
      return port;
    } catch (err) {
      if (attempt >= 2) throw err; // the port was taken between probing and starting
    }
  }
}

/** The first row of a statement's answer; throws naming the statement when there is none. */
async function queryRow<T>(url: string, sql: string): Promise<T> {
  const [row] = await query<T>(url, sql);
  if (row === undefined) throw new Error(`no row from ${sql}`);
  return row;
}

/**
 * Runs one statement on its own connection.
 *
 * @param url - A `postgres://` URL.
 * @param sql - The statement.
 * @returns Its rows.
 */
export async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Clones the primary with `pg_basebackup -R` and starts the copy as a hot standby. */
async function startStandby(bin: string, dir: string, primaryPort: number, asPostgres: boolean): Promise<PostgresStandby> {
  const data = join(dir, 'standby');
  run(
    join(bin, 'pg_basebackup'),
    ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    asPostgres,
  );
  const port = await startCluster(bin, dir, data, 'standby.log', asPostgres);
  const standbyUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const standby: PostgresStandby = {
    port,
    urlOf: (url) => url.replace(`127.0.0.1:${primaryPort}/`, `127.0.0.1:${port}/`),
    async caughtUp(timeoutMs = 30_000) {
      const { lsn } = await queryRow<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { done } = await queryRow<{ done: boolean }>(
          standbyUrl,
          `SELECT coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) AS done`,
        );
        if (done) return;
        if (Date.now() > deadline) throw new Error(`the standby did not replay up to ${lsn} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async pauseReplay() {
      await query(standbyUrl, 'SELECT pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await query(standbyUrl, 'SELECT pg_wal_replay_resume()');
    },
    stop: () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres),
    replication: async () =>
      query<{ state: string; replayLsn: string | null }>(
        primaryUrl,
        'SELECT state, replay_lsn::text AS "replayLsn" FROM pg_stat_replication ORDER BY pid',
      ),
  };
  // The standby is usable once it streams: wait for the walsender.
  const deadline = Date.now() + 30_000;
  while (!(await standby.replication()).some((r) => r.state === 'streaming')) {
    if (Date.now() > deadline) throw new Error('the standby did not start streaming within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return standby;
}

/**
 * Starts a throwaway PostgreSQL server.
 *
 * @param options - `install: false` never installs (fails instead when missing); `standby: true`
 *   starts a streaming standby of it as well.
 * @returns The running server.
 */
export async function startPostgres(options: { install?: boolean; standby?: boolean } = {}): Promise<PostgresServer> {
  let bin = findPostgresBin();
  if (bin === null && options.install !== false) {
    installPostgres();
    bin = findPostgresBin();
  }
  if (bin === null) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'service-pg-'));
  const data = join(dir, 'data');
  if (asPostgres) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
    chmodSync(dir, 0o700);
  }
  let port = 0;
  let standby: PostgresStandby | undefined;
  const stopAll = () => {
    try {
      if (existsSync(join(dir, 'standby', 'postmaster.pid')))
        run(join(bin as string, 'pg_ctl'), ['-D', join(dir, 'standby'), '-m', 'immediate', '-w', 'stop'], asPostgres);
    } finally {
      try {
        if (existsSync(join(data, 'postmaster.pid')))
          run(join(bin as string, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  };
  try {
    run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], asPostgres);
    port = await startCluster(bin, dir, data, 'log', asPostgres);
    if (options.standby) standby = await startStandby(bin, dir, port, asPostgres);
  } catch (err) {
    stopAll();
    throw err;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    url,
    ...(standby ? { standby } : {}),
    async createDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      await query(url, `CREATE DATABASE ${name}`);
      await standby?.caughtUp();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      stopAll();
    },
  };
}
