/**
 * The body of `POST {api}/import/`: `{"files": [{"name": "wind.csv", "text": "..."}], "dry_run": false}`;
 * a source description (docs/sources.md) carries its data file: `"data": {"name", "text" or "base64"}`.
 * The import thread reads it as it arrives ({@link ImportBodyReader}): the bytes are parsed by
 * `stream-json`'s incremental tokenizer and each file entry is handed on as soon as it is
 * complete, so the body is never held whole, only the file being read.
 *
 * @module
 */
import { StringDecoder } from 'node:string_decoder';
import { none, getManyValues, isMany } from 'stream-chain/defs.js';
import Assembler from 'stream-json/core/assembler.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import { ValidationError } from 'service/exceptions';
import type { ImportSource } from './import-files';

/** What an import request asks for. */
export interface ImportRequest {
  /** The files. */
  sources: ImportSource[];
  /** Check only. */
  dryRun: boolean;
}

const SHAPE = 'Expected a JSON body {"files": [{"name": "...", "text": "..."}]}';

/**
 * Reads an import request from a parsed JSON body.
 *
 * @param body - The parsed body.
 * @returns The files and the dry-run flag.
 * @throws ValidationError (parameter `files`) for any other shape.
 * @example
 * importRequestOf({ files: [{ name: 'a.csv', text: 'curve,date,value\n' }] }).dryRun //=> false
 */
export function importRequestOf(body: unknown): ImportRequest {
  const obj = body as { files?: unknown; dry_run?: unknown } | null;
  if (obj === null || typeof obj !== 'object' || !Array.isArray(obj.files) || obj.files.length === 0) {
    throw new ValidationError(SHAPE, 'files');
  }
  const sources = obj.files.map((f: unknown, k: number) => fileEntryOf(f, k));
  return { sources, dryRun: obj.dry_run === true };
}

function fileEntryOf(entry: unknown, k: number): ImportSource {
  const f = entry as { name?: unknown; text?: unknown; data?: unknown } | null;
  if (typeof f?.name !== 'string' || typeof f?.text !== 'string') throw new ValidationError(`files[${k}] needs a name and a text`, 'files');
  if (f.data === undefined) return { name: f.name, text: f.text };
  // a source description's data file (docs/sources.md): text, or base64 for Parquet and Arrow
  const d = f.data as { name?: unknown; text?: unknown; base64?: unknown } | null;
  if (typeof d?.name !== 'string' || (typeof d.text !== 'string') === (typeof d.base64 !== 'string'))
    throw new ValidationError(`files[${k}].data needs a name and either a text or a base64`, 'files');
  const data = typeof d.text === 'string' ? d.text : new Uint8Array(Buffer.from(d.base64 as string, 'base64'));
  return { name: f.name, text: f.text, data, dataName: d.name };
}

/** What {@link ImportBodyReader} hands on. */
export interface ImportBodyHandlers {
  /** A complete file entry, in body order (index `k` of `files`). */
  file(source: ImportSource, k: number): void;
  /** A (repeated) `files` key starts over: forget the files handed on so far (the last one wins, as in `JSON.parse`). */
  restart(): void;
}

/** What the whole body asked for. */
export interface ImportBodyEnd {
  /** Number of file entries. */
  files: number;
  /** Check only. */
  dryRun: boolean;
}

const OPENS = new Set<Token['name']>(['startObject', 'startArray']);
const CLOSES = new Set<Token['name']>(['endObject', 'endArray']);

/**
 * Reads an import body incrementally: feed it the bytes as they arrive ({@link write}), then
 * {@link end}. Each complete file entry goes to `handlers.file` at once, so only the entry being
 * read is held. The answer is the one `JSON.parse` of the whole body would give: malformed JSON
 * anywhere is reported first, then a wrong shape (`files` missing, empty, or an entry without
 * a name and a text), checked at the end.
 *
 * @example
 * const reader = new ImportBodyReader({ file: (s) => docs.push(readSource(s, problems)), restart: () => (docs.length = 0) });
 * for (const chunk of chunks) reader.write(chunk);
 * const { files, dryRun } = reader.end();
 */
export class ImportBodyReader {
  // packed keys, strings and numbers only; called with `none` at the end (a flushable stage)
  private readonly parse = jsonParser({ streamValues: false }) as (text: string | typeof none) => unknown;
  private readonly decoder = new StringDecoder('utf8');
  private bytes = 0;
  /** Containers open around the next token. */
  private depth = 0;
  private topIsObject = false;
  private key: string | null = null;
  private filesIsArray = false;
  private inFiles = false;
  private entries = 0;
  private entry: Assembler | null = null;
  private shapeProblem: string | null = null;
  private dryRun = false;

  constructor(private readonly handlers: ImportBodyHandlers) {}

  /**
   * Reads the next bytes of the body (UTF-8; a character may be split between two writes).
   *
   * @param bytes - The bytes.
   * @throws ValidationError (parameter `files`) when the bytes so far are not JSON.
   */
  write(bytes: Uint8Array): void {
    this.bytes += bytes.byteLength;
    this.feed(this.decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
  }

  /**
   * Ends the body.
   *
   * @returns The number of file entries and the dry-run flag.
   * @throws ValidationError (parameter `files`) for a body that is not JSON or not of the expected shape.
   */
  end(): ImportBodyEnd {
    this.feed(this.decoder.end());
    this.feed(none);
    if (!this.topIsObject || !this.filesIsArray || this.entries === 0) throw new ValidationError(SHAPE, 'files');
    if (this.shapeProblem !== null) throw new ValidationError(this.shapeProblem, 'files');
    return { files: this.entries, dryRun: this.dryRun };
  }

  private feed(text: string | typeof none): void {
    if (text === '') return;
    let out: unknown;
    try {
      out = this.parse(text);
    } catch (err) {
      const reason = (err as Error).message.replace(/^Parser (cannot parse input: |has )?/, '');
      throw new ValidationError(`The body is not JSON (${reason}, at or before byte ${this.bytes}). ${SHAPE}`, 'files');
    }
    if (out === none) return;
    if (isMany(out)) for (const token of getManyValues(out) as Token[]) this.take(token);
    else this.take(out as Token);
  }

  private take(token: Token): void {
    if (CLOSES.has(token.name)) this.depth--;
    const depth = this.depth;
    if (this.entry !== null) {
      this.tapEntry(token);
    } else if (depth === 0) {
      if (!CLOSES.has(token.name)) this.topIsObject = token.name === 'startObject';
    } else if (depth === 1 && this.topIsObject) {
      if (token.name === 'keyValue') this.key = token.value;
      else if (CLOSES.has(token.name))
        this.inFiles = false; // the close of a top-level value (`files` or another)
      else this.topValue(token);
    } else if (depth === 2 && this.inFiles && !CLOSES.has(token.name)) {
      this.entry = new Assembler();
      this.tapEntry(token);
    }
    if (OPENS.has(token.name)) this.depth++;
  }

  /** The first token of the value of top-level key `this.key`. */
  private topValue(token: Token): void {
    if (this.key === 'dry_run') this.dryRun = token.name === 'trueValue';
    if (this.key !== 'files') return;
    this.filesIsArray = this.inFiles = token.name === 'startArray';
    this.entries = 0;
    this.shapeProblem = null;
    this.handlers.restart();
  }

  private tapEntry(token: Token): void {
    const value = (this.entry as Assembler).tapChain(token);
    if (value === none) return;
    this.entry = null;
    const k = this.entries++;
    if (this.shapeProblem !== null) return;
    let source: ImportSource;
    try {
      source = fileEntryOf(value, k);
    } catch (err) {
      this.shapeProblem = (err as ValidationError).reason;
      return;
    }
    this.handlers.file(source, k);
  }
}
