/**
 * The fast writers of time series as JSON bytes: exactly the UTF-8 bytes of
 * `JSON.stringify(serializeTimeseries(ts))` (and of a list of them), written straight from the
 * typed-array columns without an object or a string per item. The head (curve, resolution,
 * instance, ...) goes through the ordinary serializer; the items through {@link JsonBytes}.
 *
 * @module
 */
import type { Timeseries } from '../../model';
import {
  type ByteSource,
  InstantWriter,
  JsonBytes,
  asciiBytes,
  asciiWords,
  putWords as importedPutWords,
  writeNumber as importedWriteNumber,
} from './json-bytes';
import { serializeTimeseriesHead } from './timeseries';

// Module-local bindings of the per-value helpers: loaders that compile modules to CommonJS with
// export getters (tsx, under which the tests and benches run) would otherwise call a getter per value.
const writeNumber = importedWriteNumber;
const putWords = importedPutWords;

const FIRST = asciiWords('{"d":');
const NEXT = asciiWords(',{"d":');
const V = asciiWords(',"v":');
const [V_0] = V as unknown as [number];
const [CLOSE_NEXT_0, CLOSE_NEXT_1] = asciiWords('},{"d":') as unknown as [number, number];
const V_NULL = asciiWords(',"v":null');
const S = asciiWords(',"s":[');
const OPEN = asciiBytes('[');
const CLOSE_LIST = asciiBytes(']');

/** Room for one item: `,{"d":"<25>","v":<32>,"s":[` + 33 per member + `]}`, and the word writes' margin. */
const itemRoom = (width: number) => 96 + 33 * width;

/** Ends the bytes at `p` and makes room for up to 1,024 of `items` more items; returns the (new) view. */
function grow(out: JsonBytes, p: number, room: number, items: number): DataView {
  out.length = p;
  out.room(room * Math.min(items, 1024));
  return out.view;
}

function writeItems(out: JsonBytes, ts: Timeseries): void {
  const n = ts.length;
  const values = ts.valuesOrNull();
  const columns = ts.scenarios;
  const width = columns.length;
  const dates = new InstantWriter(ts.times, ts.resolution.zone);
  const room = itemRoom(width);
  out.put(OPEN);
  let p = out.length;
  let view = out.view;
  let limit = view.byteLength - room;
  if (width === 0 && values !== null) {
    // a plain series: `{"d":...,"v":...}` items, each closing the one before (`},{"d":`)
    for (let i = 0; i < n; i++) {
      if (p > limit) {
        view = grow(out, p, room, n - i);
        limit = view.byteLength - room;
      }
      if (i === 0) p = putWords(view, p, FIRST, 5);
      else {
        view.setUint32(p, CLOSE_NEXT_0, true);
        view.setUint32(p + 4, CLOSE_NEXT_1, true);
        p += 7;
      }
      p = dates.writeAt(view, p, i);
      view.setUint32(p, V_0, true);
      view.setUint8(p + 4, 58);
      p = writeNumber(view, p + 5, values[i]!);
    }
    if (n > 0) view.setUint8(p++, 125);
    out.length = p;
    out.put(CLOSE_LIST);
    return;
  }
  for (let i = 0; i < n; i++) {
    if (p > limit) {
      view = grow(out, p, room, n - i);
      limit = view.byteLength - room;
    }
    p = i === 0 ? putWords(view, p, FIRST, 5) : putWords(view, p, NEXT, 6);
    p = dates.writeAt(view, p, i);
    if (width === 0 || values !== null) {
      p = values === null ? putWords(view, p, V_NULL, 9) : writeNumber(view, putWords(view, p, V, 5), values[i]!);
    }
    if (width > 0) {
      p = putWords(view, p, S, 6);
      for (let k = 0; k < width; k++) {
        if (k > 0) view.setUint8(p++, 44);
        p = writeNumber(view, p, columns[k]![i] as number);
      }
      view.setUint8(p++, 93);
    }
    view.setUint8(p++, 125);
  }
  out.length = p;
  out.put(CLOSE_LIST);
}

function writeTimeseries(out: JsonBytes, ts: Timeseries): void {
  const head = JSON.stringify({ ...serializeTimeseriesHead(ts), data: 0 });
  out.ascii(head.slice(0, -2));
  writeItems(out, ts);
  out.ascii('}');
}

function capacity(ts: Timeseries): number {
  return 1024 + ts.length * (48 + 12 * ts.scenarios.length) + itemRoom(ts.scenarios.length);
}

/**
 * Writes a time series as JSON bytes: byte for byte the UTF-8 of
 * `JSON.stringify(serializeTimeseries(ts))`, several times faster for long series.
 *
 * @param ts - The time series.
 * @param source - Where to take the output buffer from (default: a new one).
 * @returns The UTF-8 JSON bytes.
 * @throws ValueError when a date-time cannot be written (not finite, year beyond 9999).
 * @example
 * new TextDecoder().decode(timeseriesBytes(ts)) === JSON.stringify(serializeTimeseries(ts)) //=> true
 */
export function timeseriesBytes(ts: Timeseries, source?: ByteSource): Uint8Array {
  const out = new JsonBytes(capacity(ts), source);
  writeTimeseries(out, ts);
  return out.bytes();
}

/**
 * Writes a list of time series as JSON bytes: byte for byte the UTF-8 of
 * `JSON.stringify(serializeTimeseriesList(list))`.
 *
 * @param list - The series.
 * @param source - Where to take the output buffer from (default: a new one).
 * @returns The UTF-8 JSON bytes.
 * @throws ValueError when a date-time cannot be written.
 * @example
 * new TextDecoder().decode(timeseriesListBytes([])) //=> '[]'
 */
export function timeseriesListBytes(list: readonly Timeseries[], source?: ByteSource): Uint8Array {
  const out = new JsonBytes(
    list.reduce((sum, ts) => sum + capacity(ts), 16),
    source,
  );
  out.ascii('[');
  list.forEach((ts, i) => {
    if (i > 0) out.ascii(',');
    writeTimeseries(out, ts);
  });
  out.ascii(']');
  return out.bytes();
}
