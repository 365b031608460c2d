/**
 * Arrow IPC streams of the service's answers (docs/arrow.md): a schema whose metadata names the
 * answer's shape, carries everything but the data as JSON text and says how many rows each member
 * has; then the record batches. Reading checks the shape and the row counts, so a stream cut
 * between two batches is an error and never a short answer.
 *
 * @module
 */
import { Endianness, field, Table, tableFromIPC, tableToIPC, Version, type Batch, type DataType, type Schema } from '@uwdata/flechette';
import { ParseException } from '../../exceptions';
import { columnOf } from './columns';

/**
 * The media type of Arrow answers (the IPC stream format).
 *
 * @example
 * ARROW_MEDIA_TYPE //=> 'application/vnd.apache.arrow.stream'
 */
export const ARROW_MEDIA_TYPE = 'application/vnd.apache.arrow.stream';

/** Schema metadata keys (docs/arrow.md#metadata). */
const META = Object.freeze({
  /** The answer's shape: `timeseries`, `timeseries-list`, `periodseries`, `periodseries-list`. */
  shape: 'service.shape',
  /** The JSON answer without its data, as JSON text (an array of them for lists). */
  header: 'service.header',
  /** JSON array, one entry per member: `{ rows, values, scenarios }`. */
  layout: 'service.layout',
});

/** Field metadata key naming a column's role (`date`, `value`, `scenario`, `member`, ...). */
export const ROLE = 'service.role';

/** What one member of an answer holds (an entry of `service.layout`). */
export interface MemberLayout {
  /** Rows of the member. */
  rows: number;
  /** Whether it has a value column (false for a scenarios-only series). */
  values: boolean;
  /** Its number of scenario columns. */
  scenarios: number;
  /** Period series: whether it has installed capacities. */
  capacity?: boolean;
}

/** One column of an answer being written: name, type, role and its batches. */
export interface OutColumn {
  /** Field name. */
  name: string;
  /** Arrow type. */
  type: DataType;
  /** Role written to the field metadata. */
  role: string;
  /** One batch per record batch of the stream. */
  batches: Batch<unknown>[];
}

/** A field of a stream written batch by batch: name, type and role. */
type OutField = Omit<OutColumn, 'batches'>;

/** The schema of an answer: its fields with their roles, and the metadata of docs/arrow.md#metadata. */
function schemaOf(shape: string, header: unknown, layout: readonly MemberLayout[], fields: readonly OutField[]): Schema {
  return {
    version: Version.V5,
    endianness: Endianness.Little,
    fields: fields.map((c) => field(c.name, c.type, true, new Map([[ROLE, c.role]]))),
    metadata: new Map([
      [META.shape, shape],
      [META.header, JSON.stringify(header)],
      [META.layout, JSON.stringify(layout)],
    ]),
  };
}

/**
 * Writes an answer as Arrow IPC stream bytes.
 *
 * @param shape - The shape (`service.shape`).
 * @param header - The header, written as JSON text (`service.header`).
 * @param layout - One entry per member (`service.layout`).
 * @param columns - The columns, all with the same batch lengths.
 * @returns The IPC stream.
 * @example
 * writeStream('timeseries', head, [{ rows: 0, values: true, scenarios: 0 }], columns).byteLength > 0 //=> true
 */
export function writeStream(shape: string, header: unknown, layout: readonly MemberLayout[], columns: readonly OutColumn[]): Uint8Array {
  const schema = schemaOf(shape, header, layout, columns);
  const table = new Table(
    schema,
    columns.map((c) => columnOf(c.type, c.batches)),
  );
  return tableToIPC(table, { format: 'stream' }) as Uint8Array;
}

/** The end-of-stream marker of the IPC stream format (continuation token, zero length). */
const END_OF_STREAM = Uint8Array.of(255, 255, 255, 255, 0, 0, 0, 0);

/** Pieces shorter than this are joined into one (message headers and padding). */
const SMALL_PIECE = 4096;

/**
 * A sink of flechette's IPC encoder that keeps the bytes it is given as they are: the message
 * headers the encoder built and the columns' own buffers, as views (no copy of the body).
 */
class PieceSink {
  readonly parts: Uint8Array[] = [];
  bytes = 0;
  write(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.bytes += bytes.byteLength;
  }
  pad(count: number): void {
    this.write(new Uint8Array(count));
  }
  finish(): null {
    return null;
  }
}

/** Joins byte pieces into one array. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * Writes an answer as IPC stream pieces, one record batch at a time, for answers sent while they
 * are read (docs/arrow.md#streamed): {@link StreamPieces.start} (the schema), one
 * {@link StreamPieces.batch} per record batch, then {@link StreamPieces.end}. The pieces, joined,
 * are the bytes {@link writeStream} makes of the same columns. A record batch's pieces are views
 * of its columns' memory where a column is written as it is (float64 without nulls): those
 * columns must stay unchanged until the pieces have been sent.
 */
export class StreamPieces {
  readonly #schema: Schema;
  readonly #types: DataType[];
  #skip = -1;

  /**
   * @param shape - The shape (`service.shape`).
   * @param header - The header, written as JSON text (`service.header`).
   * @param layout - One entry per member (`service.layout`), with the row counts that will follow.
   * @param fields - The columns' names, types and roles.
   */
  constructor(shape: string, header: unknown, layout: readonly MemberLayout[], fields: readonly OutField[]) {
    this.#schema = schemaOf(shape, header, layout, fields);
    this.#types = fields.map((c) => c.type);
  }

  /** The encoder's pieces of a stream of the schema and one batch (or none), the end marker left out. */
  #write(batches: readonly Batch<unknown>[] | null): PieceSink {
    const table = new Table(
      this.#schema,
      this.#types.map((type, i) => columnOf(type, batches === null ? [] : [batches[i]!])),
    );
    const sink = new PieceSink();
    tableToIPC(table, { format: 'stream', sink });
    const end = sink.parts.pop();
    if (end === undefined || end.byteLength !== END_OF_STREAM.byteLength) throw new Error('Arrow encoder: no end-of-stream marker');
    sink.bytes -= end.byteLength;
    return sink;
  }

  /**
   * The schema message, the first piece.
   *
   * @returns Its bytes.
   * @example
   * pieces.start().byteLength > 0 //=> true
   */
  start(): Uint8Array {
    const sink = this.#write(null);
    this.#skip = sink.bytes;
    return joined(sink.parts);
  }

  /**
   * One record batch message, in pieces: its header and padding joined, its column buffers as
   * views (no copy).
   *
   * @param batches - One batch per field, all of one length.
   * @returns Its bytes, in order.
   * @example
   * Buffer.concat(pieces.batch([timeBatch(times, 0, n, type), floatBatch(values, 0, n)])).byteLength > 0 //=> true
   */
  batch(batches: readonly Batch<unknown>[]): Uint8Array[] {
    if (this.#skip < 0) this.start();
    const { parts } = this.#write(batches);
    // the encoder writes the schema message first (as in `start`): its pieces are left out
    let skipped = 0;
    let k = 0;
    while (skipped < this.#skip) skipped += parts[k++]!.byteLength;
    if (skipped !== this.#skip) throw new Error('Arrow encoder: the schema message changed between batches');
    const out: Uint8Array[] = [];
    let small: Uint8Array[] = [];
    for (; k < parts.length; k++) {
      const part = parts[k]!;
      if (part.byteLength === 0) continue;
      if (part.byteLength < SMALL_PIECE) {
        small.push(part);
        continue;
      }
      if (small.length > 0) out.push(joined(small));
      small = [];
      out.push(part);
    }
    if (small.length > 0) out.push(joined(small));
    return out;
  }

  /**
   * The end-of-stream marker, the last piece.
   *
   * @returns Its bytes.
   * @example
   * pieces.end().byteLength //=> 8
   */
  end(): Uint8Array {
    return END_OF_STREAM.slice();
  }
}

/** An answer as read: the table, its header and member layout. */
export interface ReadStream {
  /** The decoded table. */
  table: Table;
  /** The parsed `service.header`. */
  header: unknown;
  /** The parsed `service.layout`. */
  layout: MemberLayout[];
}

function isLayout(x: unknown): x is MemberLayout[] {
  return (
    Array.isArray(x) &&
    x.every(
      (m) =>
        typeof m === 'object' &&
        m !== null &&
        Number.isInteger((m as MemberLayout).rows) &&
        typeof (m as MemberLayout).values === 'boolean' &&
        Number.isInteger((m as MemberLayout).scenarios) &&
        ((m as MemberLayout).capacity === undefined || typeof (m as MemberLayout).capacity === 'boolean'),
    )
  );
}

/**
 * Reads Arrow IPC stream bytes of an answer of the given shape.
 *
 * @param bytes - The stream.
 * @param shape - The shape expected.
 * @returns Table, header and layout.
 * @throws ParseException when the bytes are no Arrow stream, the shape differs, the metadata is
 *   missing or bad, or the rows are fewer or more than the layout says (a cut stream).
 * @example
 * readStream(bytes, 'timeseries').layout[0].rows //=> 96
 */
export function readStream(bytes: Uint8Array, shape: string): ReadStream {
  let table: Table;
  try {
    // the typed arrays are views of the bytes: they need the stream to start 8-byte aligned
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
    table = tableFromIPC(aligned, { useBigIntTimestamp: true });
  } catch (err) {
    throw new ParseException(`Arrow answer is not a valid IPC stream: ${(err as Error).message}`, { cause: err });
  }
  const meta = table.schema.metadata;
  const got = meta?.get(META.shape);
  if (got !== shape)
    throw new ParseException(`Arrow answer: expected shape ${shape}, got ${got === undefined ? 'none' : JSON.stringify(got)}`);
  let header: unknown;
  let layout: unknown;
  try {
    header = JSON.parse(meta?.get(META.header) ?? '');
    layout = JSON.parse(meta?.get(META.layout) ?? '');
  } catch (err) {
    throw new ParseException(`Arrow answer: schema metadata ${META.header} or ${META.layout} is not valid JSON`, { cause: err });
  }
  if (!isLayout(layout)) throw new ParseException(`Arrow answer: bad ${META.layout}`);
  const rows = layout.reduce((sum, m) => sum + m.rows, 0);
  if (table.numRows !== rows)
    throw new ParseException(`Arrow answer: ${table.numRows} rows received, ${rows} announced (the stream was cut)`);
  return { table, header, layout };
}

/**
 * Builds each member of a list answer from its header entry, its layout and its first row.
 *
 * @param stream - The answer as read.
 * @param build - Makes one member (`path` is `[i]`, for messages).
 * @returns The members, in order.
 * @example
 * eachMember(readStream(bytes, 'timeseries-list'), (head, layout, start) => layout.rows).length //=> 3
 */
export function eachMember<T>(stream: ReadStream, build: (head: unknown, layout: MemberLayout, start: number, path: string) => T): T[] {
  const heads = Array.isArray(stream.header) ? stream.header : [];
  let start = 0;
  return stream.layout.map((layout, i) => {
    const member = build(heads[i], layout, start, `[${i}]`);
    start += layout.rows;
    return member;
  });
}
