/**
 * When each API key was last used: noted on every authenticated request, written to the store at
 * most once a minute per key (a request never waits for it), and read back for the key list of
 * `GET {api}/keys/` (docs/protocol.md#admin-keys) merged with this node's newer notes.
 *
 * @module
 */

/** Minimum time between two writes of one key's last use, in ms. */
const WRITE_INTERVAL_MS = 60_000;

/**
 * A node's notes of key use, in front of the store's table of them.
 *
 * @param write - Persists one key's last use (an upsert keeping the greater instant).
 * @param intervalMs - Minimum time between two writes of one key (default 60 s).
 * @example
 * const uses = new KeyUseLog((hash, at) => db.upsert(hash, at));
 * uses.note(hash, Date.now());
 * uses.merged(await db.readAll()).get(hash) //=> the instant just noted
 */
export class KeyUseLog {
  private readonly latest = new Map<string, number>();
  private readonly written = new Map<string, number>();

  constructor(
    private readonly write: (hash: string, at: number) => Promise<void>,
    private readonly intervalMs = WRITE_INTERVAL_MS,
  ) {}

  /**
   * Notes a use; writes it when the key's last write is older than the interval. Never throws:
   * a failed write is retried with the next use.
   *
   * @param hash - The key's hash.
   * @param at - The instant, epoch ms.
   * @returns Nothing.
   * @example
   * uses.note(hash, 1_700_000_000_000)
   */
  note(hash: string, at: number): void {
    if (at > (this.latest.get(hash) ?? Number.NEGATIVE_INFINITY)) this.latest.set(hash, at);
    const last = this.written.get(hash);
    if (last !== undefined && at - last < this.intervalMs) return;
    this.written.set(hash, at);
    this.write(hash, at).catch(() => {
      if (this.written.get(hash) === at) this.written.delete(hash);
    });
  }

  /**
   * The stored last uses with this node's newer notes.
   *
   * @param stored - Last use by key hash, as the store has them.
   * @returns Last use by key hash.
   * @example
   * uses.merged(new Map([[hash, 1]])).get(hash) //=> 1 (or a newer note)
   */
  merged(stored: ReadonlyMap<string, number>): Map<string, number> {
    const out = new Map(stored);
    for (const [hash, at] of this.latest) if (at > (out.get(hash) ?? Number.NEGATIVE_INFINITY)) out.set(hash, at);
    return out;
  }
}
