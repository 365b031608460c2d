/**
 * Reads from a streaming-replication standby of the primary (`service serve --read-store`), never
 * staler than what the node has already seen on the primary (docs/deploy.md#read-scaling).
 *
 * The rule: the node keeps the primary's WAL insert position (`pg_current_wal_insert_lsn()`) taken
 * after each of its own commits and after each reload of its cached state (which follows every
 * write on any node, seen through the store's generation). A read goes to the standby only once
 * the standby has replayed that far (`pg_last_wal_replay_lsn()`, checked before the read's
 * snapshot is taken); otherwise it waits for the standby a bounded time and then reads on the
 * primary. So a load right after an import through the same node sees the import, and no answer
 * pairs a new data version (`ETag`) with old values. A read that fails on the standby (recovery
 * conflict, lost connection) is repeated on the primary.
 *
 * @module
 */
import pg from 'pg';
import type { ReadStoreHealth } from '../store';

/** Options of {@link StandbyReads.open}. */
interface StandbyOptions {
  /** Connections of the read pool (default 10). */
  poolSize?: number;
  /** Statement time-out in ms (default 0: none). */
  statementTimeoutMs?: number;
  /** How long a read waits for the standby to catch up before reading on the primary, in ms (default 100). */
  waitMs?: number;
}

const POLL_MS = 5;

/**
 * A connection pool of one node (on the primary or on a standby).
 *
 * @param url - A `postgres://` URL.
 * @param options - Pool size (default 10, at least 2) and statement time-out (0: none).
 * @returns The pool.
 * @example
 * const pool = newPool('postgres://svc@db/service', { poolSize: 10 });
 */
export function newPool(url: string, options: { poolSize?: number; statementTimeoutMs?: number }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, options.poolSize ?? 10),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  pool.on('error', () => {
    // An idle connection that drops is replaced on the next checkout; its error needs no handler.
  });
  return pool;
}

/**
 * A WAL position (`X/Y` in hexadecimal) as a number of bytes.
 *
 * @param lsn - The `pg_lsn` text.
 * @returns The position.
 * @example
 * parseLsn('1/10') //=> 4294967312n
 */
function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

async function systemId(db: pg.Pool | pg.PoolClient): Promise<string> {
  const { rows } = await db.query<{ id: string; recovery: boolean }>(
    'SELECT system_identifier::text AS id, pg_is_in_recovery() AS recovery FROM pg_control_system()',
  );
  return `${rows[0]!.id}/${rows[0]!.recovery}`;
}

/** The read pool on the standby and the position it must have replayed before it may answer. */
export class StandbyReads {
  private needed = 0n;
  /** Set when a mark failed: the position is unknown, so reads go to the primary until the next mark. */
  private unknown = false;
  /** A position the standby is known to have replayed (it only moves forward). */
  private replayed = 0n;
  private readonly counts: ReadStoreHealth['reads'] = { standby: 0, primaryBehind: 0, primaryFailed: 0 };

  private constructor(
    private readonly pool: pg.Pool,
    private readonly waitMs: number,
  ) {}

  /**
   * Connects to the standby and checks that it is a standby of this primary.
   *
   * @param url - The standby's `postgres://` URL.
   * @param primary - A connection to the primary.
   * @param options - Pool size, statement time-out, wait.
   * @returns The read side.
   * @throws Error when the server is not in recovery or is a standby of another primary.
   * @example
   * const reads = await StandbyReads.open('postgres://svc@standby/service', client);
   */
  static async open(url: string, primary: pg.PoolClient, options: StandbyOptions = {}): Promise<StandbyReads> {
    const pool = newPool(url, options);
    try {
      const [mine, theirs] = [await systemId(primary), await systemId(pool)];
      const [id, recovery] = theirs.split('/');
      if (recovery !== 'true') throw new Error('it is not a standby (pg_is_in_recovery() is false)');
      if (`${id}/false` !== mine) throw new Error('it replicates another server (its system identifier differs from the primary)');
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return new StandbyReads(pool, Math.max(0, options.waitMs ?? 100));
  }

  /**
   * Moves the position the standby must have replayed to the primary's current one.
   *
   * @param primary - A connection to the primary, after the commit (or the reload) to cover.
   * @returns Nothing (when the primary cannot tell, reads go to the primary until the next mark).
   */
  async mark(primary: pg.PoolClient): Promise<void> {
    try {
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
      const lsn = parseLsn(rows[0]!.lsn);
      if (lsn > this.needed) this.needed = lsn;
      this.unknown = false;
    } catch {
      this.unknown = true;
    }
  }

  private async replayedNow(client: pg.PoolClient): Promise<bigint> {
    const { rows } = await client.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
    const lsn = rows[0]!.lsn === null ? 0n : parseLsn(rows[0]!.lsn);
    if (lsn > this.replayed) this.replayed = lsn;
    return lsn;
  }

  /**
   * A standby connection that has replayed everything the node has seen (its next snapshot
   * includes it), or `null` when the standby is behind after the wait or unreachable.
   *
   * @returns The connection (release it), or `null`: read on the primary.
   */
  async acquire(): Promise<pg.PoolClient | null> {
    const needed = this.needed;
    if (this.unknown) {
      this.counts.primaryBehind++;
      return null;
    }
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      this.counts.primaryFailed++;
      return null;
    }
    try {
      const deadline = performance.now() + this.waitMs;
      while (this.replayed < needed && (await this.replayedNow(client)) < needed) {
        if (performance.now() >= deadline) {
          client.release();
          this.counts.primaryBehind++;
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      this.counts.standby++;
      return client;
    } catch {
      client.release(true);
      this.counts.primaryFailed++;
      return null;
    }
  }

  /**
   * Counts a read that the standby started but failed (it is then repeated on the primary).
   *
   * @returns Nothing.
   */
  failed(): void {
    this.counts.standby--;
    this.counts.primaryFailed++;
  }

  /**
   * Probes the standby.
   *
   * @returns Whether it answers, how far behind it is, how reads went.
   */
  async health(): Promise<ReadStoreHealth> {
    const reads = { ...this.counts };
    try {
      const client = await this.pool.connect();
      try {
        const replayed = await this.replayedNow(client);
        return { ok: true, lagBytes: Number(this.needed > replayed ? this.needed - replayed : 0n), reads };
      } finally {
        client.release();
      }
    } catch (err) {
      return { ok: false, error: (err as Error).message, reads };
    }
  }

  /**
   * Closes the read pool.
   *
   * @returns When every connection is closed.
   */
  close(): Promise<void> {
    return this.pool.end();
  }
}
