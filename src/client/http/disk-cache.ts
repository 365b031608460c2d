/**
 * The on-disk layer of the client cache: one file per answer in one directory, safe for several
 * processes. Files are written to a temporary name and renamed into place (readers see a whole
 * old or a whole new entry, never half of one); each file starts with a line of metadata holding
 * the body's length, SHA-1 and media type (JSON text or Arrow bytes), so a damaged file is recognised, ignored and removed (the next
 * download rewrites it). A hit touches the file's times; after each write the least recently
 * used files are removed until the directory is within its size bound.
 *
 * @module
 */
import type * as NodeCrypto from 'node:crypto';
import type * as NodeFs from 'node:fs';
import type * as NodePath from 'node:path';
import { nodeProcess } from '../node-only';

/** A cached answer as the disk layer keeps it. */
export interface DiskEntry {
  /** The answer's HTTP status: 200, or an error status kept by a recording (absent: 200). */
  status?: number;
  /** The answer's ETag, or null. */
  etag: string | null;
  /** The answer's headers (lower-case names). */
  headers: Record<string, string>;
  /** The body's media type: `application/json` or the Arrow stream type (docs/arrow.md). */
  type: string;
  /** The body bytes. */
  body: Buffer;
}

/**
 * The media type of JSON entries (and of every entry written before entries recorded one).
 *
 * @example
 * JSON_MEDIA_TYPE //=> 'application/json'
 */
export const JSON_MEDIA_TYPE = 'application/json';

const SUFFIX = '.entry';
const STALE_TMP_MS = 60_000;

/**
 * One cache directory.
 *
 * @example
 * const disk = new DiskCache('/tmp/cache', 100e6);
 * await disk.write(key, { etag: '"x"', headers: {}, type: 'application/json', body: Buffer.from('[]') });
 * (await disk.read(key))?.body.toString() //=> '[]'
 */
export class DiskCache {
  private ready: Promise<unknown> | null = null;
  private readonly crypto: typeof NodeCrypto;
  private readonly fs: typeof NodeFs.promises;
  private readonly path: typeof NodePath;

  /**
   * @param dir - The directory (created on first write).
   * @param maxBytes - Size bound of the directory's entries.
   * @throws InitializationError `cache.dir needs Node.js` in a browser.
   */
  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {
    const proc = nodeProcess('cache.dir');
    this.crypto = proc.getBuiltinModule('node:crypto');
    this.fs = proc.getBuiltinModule('node:fs').promises;
    this.path = proc.getBuiltinModule('node:path');
  }

  private file(key: string): string {
    return this.path.join(this.dir, `${key}${SUFFIX}`);
  }

  private sha1(body: Buffer): string {
    return this.crypto.createHash('sha1').update(body).digest('hex');
  }

  /**
   * Reads an entry; a missing, partial or damaged file is a miss (and a damaged one is removed).
   *
   * @param key - The entry's key (hex).
   * @returns The entry, or null.
   */
  async read(key: string): Promise<DiskEntry | null> {
    const file = this.file(key);
    let raw: Buffer;
    try {
      raw = await this.fs.readFile(file);
    } catch {
      return null;
    }
    const entry = parseEntry(raw, (body) => this.sha1(body));
    if (entry === null) {
      await this.fs.rm(file, { force: true }).catch(() => undefined);
      return null;
    }
    const now = new Date();
    await this.fs.utimes(file, now, now).catch(() => undefined);
    return entry;
  }

  /**
   * Writes an entry atomically, then evicts least recently used entries beyond the bound.
   *
   * @param key - The entry's key (hex).
   * @param entry - The entry.
   */
  async write(key: string, entry: DiskEntry): Promise<void> {
    this.ready ??= this.fs.mkdir(this.dir, { recursive: true });
    await this.ready;
    const meta = JSON.stringify({
      v: 2,
      ...(entry.status !== undefined && entry.status !== 200 ? { status: entry.status } : {}),
      etag: entry.etag,
      headers: entry.headers,
      type: entry.type,
      length: entry.body.byteLength,
      sha1: this.sha1(entry.body),
    });
    const tmp = this.path.join(this.dir, `${key}.${process.pid}.${this.crypto.randomBytes(4).toString('hex')}.tmp`);
    await this.fs.writeFile(tmp, Buffer.concat([Buffer.from(`${meta}\n`, 'utf8'), entry.body]));
    await this.fs.rename(tmp, this.file(key));
    await this.evict();
  }

  /**
   * Marks an entry as just used (for the least-recently-used eviction of every process).
   *
   * @param key - The entry's key.
   */
  async touch(key: string): Promise<void> {
    const now = new Date();
    await this.fs.utimes(this.file(key), now, now).catch(() => undefined);
  }

  /**
   * Removes one entry.
   *
   * @param key - The entry's key.
   */
  async remove(key: string): Promise<void> {
    await this.fs.rm(this.file(key), { force: true });
  }

  /**
   * Bytes held by the directory's entries.
   *
   * @returns The total size.
   */
  async bytes(): Promise<number> {
    return (await this.entries()).reduce((sum, e) => sum + e.size, 0);
  }

  /** Removes every entry (and leftover temporary files). */
  async clear(): Promise<void> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.dir);
    } catch {
      return;
    }
    await Promise.all(
      names.filter((n) => n.endsWith(SUFFIX) || n.endsWith('.tmp')).map((n) => this.fs.rm(this.path.join(this.dir, n), { force: true })),
    );
  }

  private async entries(): Promise<{ path: string; size: number; used: number }[]> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.dir);
    } catch {
      return [];
    }
    const now = Date.now();
    const stats = await Promise.all(
      names.map(async (name) => {
        const path = this.path.join(this.dir, name);
        try {
          const st = await this.fs.stat(path);
          if (name.endsWith('.tmp')) {
            if (now - st.mtimeMs > STALE_TMP_MS) await this.fs.rm(path, { force: true });
            return null;
          }
          return name.endsWith(SUFFIX) ? { path, size: st.size, used: st.mtimeMs } : null;
        } catch {
          return null; // removed by another process meanwhile
        }
      }),
    );
    return stats.filter((s): s is { path: string; size: number; used: number } => s !== null);
  }

  private async evict(): Promise<void> {
    const entries = await this.entries();
    let total = entries.reduce((sum, e) => sum + e.size, 0);
    if (total <= this.maxBytes) return;
    entries.sort((a, b) => a.used - b.used);
    for (const e of entries) {
      if (total <= this.maxBytes) break;
      await this.fs.rm(e.path, { force: true }).catch(() => undefined);
      total -= e.size;
    }
  }
}

/** Reads a file: a JSON metadata line, then the body (version 1 entries are JSON text). */
function parseEntry(raw: Buffer, sha1: (body: Buffer) => string): DiskEntry | null {
  const cut = raw.indexOf(0x0a);
  if (cut < 0) return null;
  let meta: { v?: unknown; status?: unknown; etag?: unknown; headers?: unknown; type?: unknown; length?: unknown; sha1?: unknown };
  try {
    meta = JSON.parse(raw.subarray(0, cut).toString('utf8')) as typeof meta;
  } catch {
    return null;
  }
  const body = raw.subarray(cut + 1);
  if (meta === null || typeof meta !== 'object' || typeof meta.headers !== 'object' || meta.headers === null) return null;
  const type = meta.v === 1 ? JSON_MEDIA_TYPE : meta.v === 2 && typeof meta.type === 'string' ? meta.type : null;
  if (type === null) return null;
  if (meta.etag !== null && typeof meta.etag !== 'string') return null;
  const status = meta.status ?? 200;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) return null;
  if (meta.length !== body.byteLength || meta.sha1 !== sha1(body)) return null;
  return { status, etag: meta.etag, headers: meta.headers as Record<string, string>, type, body };
}
