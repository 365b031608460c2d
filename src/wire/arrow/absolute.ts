/**
 * Absolute results as Arrow streams (docs/arrow.md#absolute): one row per instance with its
 * `issued` time, `tag`, `scenarios`, `created` and `modified` times and its `value`; the rest of
 * the JSON answer (curve, resolution, delivery, filter, aggregation, unit) is `service.header`.
 *
 * @module
 */
import { float64, int32, utf8, type Column } from '@uwdata/flechette';
import type { AbsoluteResult } from '../../model';
import { parseAbsoluteResult, serializeAbsoluteResult } from '../json';
import { floatBatch, intBatch, optionalTimeBatch, textBatch, timeType } from './columns';
import { readStream, ROLE, writeStream, type OutColumn } from './stream';

const instant = (t: { toMillis(): number } | null): number => (t === null ? Number.NaN : t.toMillis());

/**
 * Writes an absolute result as an Arrow IPC stream.
 *
 * @param result - The result.
 * @returns The stream bytes.
 * @example
 * decodeAbsoluteResult(encodeAbsoluteResult(result)).equals(result) //=> true
 */
export function encodeAbsoluteResult(result: AbsoluteResult): Uint8Array {
  const { items: _items, ...head } = serializeAbsoluteResult(result);
  const items = result.items;
  const n = items.length;
  const time = timeType('UTC');
  const one = (name: string, type: OutColumn['type'], batch: OutColumn['batches'][number]): OutColumn => ({
    name,
    type,
    role: name,
    batches: [batch],
  });
  const times = (pick: (i: (typeof items)[number]) => { toMillis(): number } | null): Float64Array =>
    Float64Array.from(items, (i) => instant(pick(i)));
  const columns: OutColumn[] = [
    one(
      'issued',
      time,
      optionalTimeBatch(
        times((i) => i.instance.issued),
        time,
      ),
    ),
    one('tag', utf8(), textBatch(items.map((i) => i.instance.tag))),
    one(
      'scenarios',
      int32(),
      intBatch(
        Int32Array.from(items, (i) => i.instance.scenarios),
        () => true,
      ),
    ),
    one(
      'created',
      time,
      optionalTimeBatch(
        times((i) => i.instance.created),
        time,
      ),
    ),
    one(
      'modified',
      time,
      optionalTimeBatch(
        times((i) => i.instance.modified),
        time,
      ),
    ),
    one(
      'value',
      float64(),
      floatBatch(
        Float64Array.from(items, (i) => i.value ?? Number.NaN),
        0,
        n,
      ),
    ),
  ];
  return writeStream('absolute', head, [{ rows: n, values: true, scenarios: 0 }], columns);
}

/**
 * Reads an absolute result from an Arrow IPC stream written by {@link encodeAbsoluteResult}.
 *
 * @param bytes - The stream.
 * @returns The result, equal to the one the JSON answer gives.
 * @throws ParseException for bytes that are no such stream, bad metadata, a cut stream or bad
 *   items.
 * @example
 * decodeAbsoluteResult(bytes).size() //=> 7
 */
export function decodeAbsoluteResult(bytes: Uint8Array): AbsoluteResult {
  const stream = readStream(bytes, 'absolute');
  const roles = stream.table.schema.fields.map((f) => f.metadata?.get(ROLE) ?? '');
  const columns = stream.table.children as Column<unknown>[];
  const at = (role: string, i: number): unknown => columns[roles.indexOf(role)]?.at(i) ?? null;
  const iso = (role: string, i: number): string | null => {
    const t = at(role, i);
    return t === null ? null : new Date(Number(t)).toISOString();
  };
  const items = Array.from({ length: stream.table.numRows }, (_, i) => ({
    instance: {
      issued: iso('issued', i),
      tag: at('tag', i),
      scenarios: at('scenarios', i),
      created: iso('created', i),
      modified: iso('modified', i),
    },
    v: at('value', i),
  }));
  return parseAbsoluteResult({ ...(stream.header as object), items });
}
