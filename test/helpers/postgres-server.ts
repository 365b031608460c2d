/**
 * A throwaway PostgreSQL server for tests: Debian's `postgresql` package (installed through
 * `apt-get` when no `initdb` exists and this process is root), a fresh cluster in a temporary
 * directory, run as the `postgres` system user when this process is root (the server refuses to
 * run as root), listening on 127.0.0.1 at a free port; stopped and removed by `stop()`.
 *
 *   const pg = await startPostgres();
 *   const url = await pg.createDatabase();        // an empty database of its own
 *   ... PostgresStore.open(url) ...
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
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(ROOT, versions[0], 'bin') : null;
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

/**
 * Starts a throwaway PostgreSQL server.
 *
 * @param options - `install: false` never installs (fails instead when missing).
 * @returns The running server.
 */
export async function startPostgres(options: { install?: boolean } = {}): Promise<PostgresServer> {
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
  try {
    run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], asPostgres);
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      try {
        run(
          join(bin, 'pg_ctl'),
          [
            '-D',
            data,
            '-l',
            join(dir, 'log'),
            '-w',
            '-t',
            '60',
            '-o',
            `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
            'start',
          ],
          asPostgres,
        );
        break;
      } catch (err) {
        if (attempt >= 2) throw err; // the port was taken between probing and starting
      }
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    url,
    async createDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
