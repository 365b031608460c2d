/**
 * The last event id the client has seen, kept in memory and optionally in a file
 * (`{"last_id": "<id>"}`, docs/protocol.md#feed-resume) so that a new process resumes where the last one
 * stopped. An empty id in the file means none.
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import { nodeProcess } from '../node-only';

const EVENT_ID = /^(\d{13})-(\d+)$/;

/**
 * Checks an event id.
 *
 * @param id - The candidate.
 * @returns The id.
 * @throws ValidationError (parameter `last_id`) when it is not `<13 digits>-<digits>`.
 * @example
 * checkEventId('1693526400000-0') //=> '1693526400000-0'
 */
export function checkEventId(id: unknown): string {
  if (typeof id !== 'string' || !EVENT_ID.test(id))
    throw new ValidationError(`Expected an event id <13-digit epoch ms>-<sequence>, got ${JSON.stringify(id)}`, 'last_id');
  return id;
}

/**
 * Orders two event ids: milliseconds first, then the sequence.
 *
 * @param a - One id.
 * @param b - The other.
 * @returns Negative, 0 or positive.
 * @example
 * compareIds('1693526400000-10', '1693526400000-9') //=> 1
 */
export function compareIds(a: string, b: string): number {
  const [, xMs, xSeq] = EVENT_ID.exec(a) ?? [];
  const [, yMs, ySeq] = EVENT_ID.exec(b) ?? [];
  if (xMs === undefined || xSeq === undefined || yMs === undefined || ySeq === undefined) return a < b ? -1 : a > b ? 1 : 0;
  if (xMs !== yMs) return xMs < yMs ? -1 : 1;
  const s = BigInt(xSeq) - BigInt(ySeq);
  return s < 0n ? -1 : s > 0n ? 1 : 0;
}

/**
 * The remembered id, with its optional file. Writes to the file are throttled (at most one per
 * `minWriteMs` when events are handed out) and forced on disconnect and close.
 *
 * @param file - Path of the last-id file, or `null`.
 * @param minWriteMs - Least time between throttled writes (default 30 s).
 * @param clock - Current time in ms.
 * @example
 * const memory = LastIdMemory.open('/tmp/feed/last-id.json');
 * memory.id //=> null
 */
export class LastIdMemory {
  private current: string | null = null;
  private written: string | null = null;
  private lastWrite = -Infinity;

  private constructor(
    readonly file: string | null,
    private readonly minWriteMs: number,
    private readonly clock: () => number,
  ) {}

  /**
   * Opens the memory: loads the file (creating it with `{"last_id": ""}` when missing).
   *
   * @param file - Path of the last-id file, or `null` for memory only.
   * @param minWriteMs - Least time between throttled writes.
   * @param clock - Current time in ms.
   * @returns The memory.
   * @throws ValidationError (parameter `last_id`) when the file holds a bad id or is not JSON.
   * @example
   * LastIdMemory.open(null).id //=> null
   */
  static open(file: string | null, minWriteMs = 30_000, clock: () => number = Date.now): LastIdMemory {
    const memory = new LastIdMemory(file, minWriteMs, clock);
    if (file === null) return memory;
    const { readFileSync } = nodeProcess('lastIdFile').getBuiltinModule('node:fs');
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      memory.flush();
      return memory;
    }
    let value: unknown;
    try {
      value = (JSON.parse(text) as { last_id?: unknown })?.last_id;
    } catch {
      throw new ValidationError(`The last-id file ${file} is not JSON {"last_id": "..."}`, 'last_id');
    }
    if (value !== undefined && value !== null && value !== '') memory.current = checkEventId(value);
    memory.written = memory.current;
    return memory;
  }

  /**
   * The remembered id, or `null`.
   *
   * @example
   * memory.id //=> '1693526400000-0'
   */
  get id(): string | null {
    return this.current;
  }

  /**
   * Sets the id (an explicit `last_id` of a subscription) and writes the file at once.
   *
   * @param id - The id, or `null` to forget it.
   * @returns Nothing.
   * @example
   * memory.set('1693526400000-0')
   */
  set(id: string | null): void {
    this.current = id;
    this.flush();
  }

  /**
   * Remembers an event's id when it is newer than the remembered one; writes the file when the
   * last write is old enough.
   *
   * @param id - The id of an event handed to the user.
   * @returns Nothing.
   * @example
   * memory.advance('1693526400001-0')
   */
  advance(id: string): void {
    if (this.current === null || compareIds(id, this.current) > 0) this.current = id;
    if (this.clock() - this.lastWrite >= this.minWriteMs) this.flush();
  }

  /**
   * Writes the file now (when there is one and the id changed since the last write).
   *
   * @returns Nothing.
   * @example
   * memory.flush()
   */
  flush(): void {
    if (this.file === null) return;
    if (this.written === this.current && this.lastWrite !== -Infinity) return;
    const proc = nodeProcess('lastIdFile');
    const { mkdirSync, renameSync, writeFileSync } = proc.getBuiltinModule('node:fs');
    mkdirSync(proc.getBuiltinModule('node:path').dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ last_id: this.current ?? '' })}\n`);
    renameSync(tmp, this.file);
    this.written = this.current;
    this.lastWrite = this.clock();
  }
}
