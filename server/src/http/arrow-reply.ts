/**
 * Answering data routes in the representation the request asks for (docs/arrow.md#negotiation):
 * an Arrow IPC stream when `Accept` names `application/vnd.apache.arrow.stream` above JSON, the
 * usual JSON bytes otherwise (the default, unchanged). Every such answer says that the service
 * offers Arrow (`X-Arrow-Stream`) and that it varies with `Accept`.
 *
 * @module
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Zone } from 'luxon';
import type { AbsoluteResult, Curve, Periodseries, SRMC, Timeseries } from 'service/model';
import {
  ARROW_MEDIA_TYPE,
  ARROW_OFFER_HEADER,
  encodeAbsoluteResult,
  encodeOHLCColumns,
  encodePeriodseries,
  encodePeriodseriesList,
  encodeSRMC,
  encodeTimeseries,
  encodeTimeseriesList,
  TimeseriesStream,
  wantsArrow,
} from '#wire';
import {
  ohlcListBytes,
  serializeAbsoluteResult,
  serializePeriodseries,
  serializeSRMC,
  serializePeriodseriesList,
  timeseriesBytes,
  timeseriesListBytes,
  type AbsoluteResultJson,
  type OhlcColumns,
  type PeriodseriesJson,
  type SRMCJson,
} from '#wire';
import { jsonReply, type AnswerBuffers } from './json-reply';
import type { OpenSeries } from '../queries/stream-series';

/**
 * Says on an answer that the service answers Arrow (the header a client in `'auto'` mode reads); set on every answer by `createApp`.
 *
 * @param reply - The reply.
 * @returns Nothing.
 * @example
 * offerArrow(reply); // X-Arrow-Stream: application/vnd.apache.arrow.stream
 */
export function offerArrow(reply: FastifyReply): void {
  reply.header(ARROW_OFFER_HEADER, ARROW_MEDIA_TYPE);
}

/**
 * Whether the request gets Arrow (used by the ETag too: each representation has its own tag).
 *
 * @param request - The request.
 * @returns True when `Accept` asks for Arrow.
 * @example
 * asksArrow(request) //=> false
 */
export function asksArrow(request: FastifyRequest): boolean {
  return wantsArrow(request.headers.accept);
}

/** The JSON answer: bytes from a fast writer, or an object Fastify serialises as before. */
type JsonAnswer = Uint8Array | PeriodseriesJson | PeriodseriesJson[] | SRMCJson | AbsoluteResultJson;

function answer<J extends JsonAnswer>(
  request: FastifyRequest,
  reply: FastifyReply,
  arrow: () => Uint8Array,
  json: (buffers: AnswerBuffers) => J,
): Buffer | Exclude<J, Uint8Array> {
  reply.header('vary', 'Accept');
  if (!asksArrow(request)) return jsonReply(reply, json);
  const bytes = arrow();
  reply.type(ARROW_MEDIA_TYPE);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Answers one time series as Arrow or JSON.
 *
 * @param request - The request (its `Accept` decides).
 * @param reply - The reply.
 * @param ts - The series.
 * @returns The payload for the handler to return.
 * @example
 * api.get('/timeseries/:curve/', async (request, reply) => timeseriesReply(request, reply, await load(request)));
 */
export function timeseriesReply(request: FastifyRequest, reply: FastifyReply, ts: Timeseries): Buffer {
  return answer(
    request,
    reply,
    () => encodeTimeseries(ts),
    (buffers) => timeseriesBytes(ts, buffers),
  );
}

function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Bytes of a streamed answer made ready before the socket asks for them. */
const READ_AHEAD = 1 << 20;

/**
 * Answers an opened time series as an Arrow stream sent while it is read
 * (docs/arrow.md#streamed): the schema with the row count, then one record batch per batch the
 * store hands over. A read that fails or brings another row count than announced ends the
 * stream with an error (the client sees a cut answer, never a short series); the store's reader
 * is given back when the stream ends or is abandoned.
 *
 * @param reply - The reply.
 * @param open - The series opened with `openPlainSeries`.
 * @returns The stream for the handler to return.
 * @example
 * const open = await openPlainSeries(store, curve, record, request);
 * if (open) return timeseriesStreamReply(reply, open);
 */
export function timeseriesStreamReply(reply: FastifyReply, open: OpenSeries): Readable {
  reply.header('vary', 'Accept');
  reply.type(ARROW_MEDIA_TYPE);
  const { head, cursor } = open;
  const out = new TimeseriesStream(head, cursor.rows);
  let started = false;
  async function* pieces(): AsyncGenerator<Buffer> {
    started = true;
    // the times come as their int64 values (the store's own bytes where it has them) and are sent as they are
    const batches = cursor.batches(TimeseriesStream.batchRows, undefined, 'int64');
    let complete = false;
    try {
      yield bufferOf(out.start());
      let rows = 0;
      // the announced rows, then the end: the answer does not wait for the read to end its
      // transaction (a round trip to the store) before its last bytes
      while (rows < cursor.rows) {
        const next = await batches.next();
        if (next.done) break;
        const batch = next.value;
        rows += batch.times.length;
        for (const piece of out.batch(batch, 'int64')) yield bufferOf(piece);
      }
      if (rows !== cursor.rows) throw new Error(`series read brought ${rows} rows, ${cursor.rows} announced`);
      if (rows === 0) {
        for (const piece of out.batch({ times: head.times, values: head.valuesOrNull(), scenarios: head.scenarios })) yield bufferOf(piece);
      }
      complete = true;
      yield bufferOf(out.end());
    } finally {
      // the read ends (its generator's own `finally` closes the cursor), then the cursor is closed
      // in case the read never started; after a complete answer this runs on after the last byte
      const ending = batches.return(undefined).finally(() => cursor.close());
      if (complete) ending.catch((err: unknown) => reply.log.error({ err }, 'closing a streamed read failed'));
      else await ending;
    }
  }
  // read ahead about one record batch (65,536 rows of a plain series): the next batch is read and
  // encoded while the socket sends this one, not after it has drained
  const stream = Readable.from(pieces(), { objectMode: false, highWaterMark: READ_AHEAD });
  // a stream destroyed before its first read never runs the generator's `finally`
  stream.once('close', () => {
    if (!started) void cursor.close();
  });
  return stream;
}

/**
 * Answers a list of time series (`instances.load`) as Arrow or JSON.
 *
 * @param request - The request (its `Accept` decides).
 * @param reply - The reply.
 * @param list - The series.
 * @returns The payload for the handler to return.
 * @example
 * api.get('/instances/:curve/', async (request, reply) => timeseriesListReply(request, reply, await load(request)));
 */
export function timeseriesListReply(request: FastifyRequest, reply: FastifyReply, list: readonly Timeseries[]): Buffer {
  return answer(
    request,
    reply,
    () => encodeTimeseriesList(list),
    (buffers) => timeseriesListBytes(list, buffers),
  );
}

/**
 * Answers one period series as Arrow or JSON (the JSON object as before).
 *
 * @param request - The request (its `Accept` decides).
 * @param reply - The reply.
 * @param ps - The series.
 * @returns The payload for the handler to return.
 * @example
 * api.get('/periods/:curve/', async (request, reply) => periodseriesReply(request, reply, await load(request)));
 */
export function periodseriesReply(request: FastifyRequest, reply: FastifyReply, ps: Periodseries): Buffer | PeriodseriesJson {
  return answer(
    request,
    reply,
    () => encodePeriodseries(ps),
    () => serializePeriodseries(ps),
  );
}

/**
 * Answers a list of period series (`period_instances.load`) as Arrow or JSON.
 *
 * @param request - The request (its `Accept` decides).
 * @param reply - The reply.
 * @param list - The series.
 * @returns The payload for the handler to return.
 * @example
 * api.get('/period-instances/:curve/', async (request, reply) => periodseriesListReply(request, reply, await load(request)));
 */
export function periodseriesListReply(
  request: FastifyRequest,
  reply: FastifyReply,
  list: readonly Periodseries[],
): Buffer | PeriodseriesJson[] {
  return answer(
    request,
    reply,
    () => encodePeriodseriesList(list),
    () => serializePeriodseriesList(list),
  );
}

/**
 * Answers an OHLC list, given as columns, as Arrow or JSON (the fast JSON writer's bytes).
 *
 * @param request - The request (its `Accept` decides).
 * @param reply - The reply.
 * @param head - Curve, unit and denominator.
 * @param rows - The records in columns.
 * @param zone - The zone of the trading days and deliveries.
 * @returns The payload for the handler to return.
 * @example
 * api.get('/ohlc/:curve/', async (request, reply) => ohlcListReply(request, reply, head, rows, zone));
 */
export function ohlcListReply(
  request: FastifyRequest,
  reply: FastifyReply,
  head: { curve: Curve | null; unit: string | null; denominator: string | null },
  rows: OhlcColumns,
  zone: Zone,
): Buffer {
  return answer(
    request,
    reply,
    () => encodeOHLCColumns(head, rows, zone),
    (buffers) => ohlcListBytes(head, rows, zone, buffers),
  );
}

/**
 * Answers an SRMC result as Arrow or JSON (the JSON object as before).
 *
 * @param request - The request (its `Accept` decides).
 * @param reply - The reply.
 * @param srmc - The result.
 * @returns The payload for the handler to return.
 * @example
 * api.get('/srmc/:curve/', async (request, reply) => srmcReply(request, reply, await load(request)));
 */
export function srmcReply(request: FastifyRequest, reply: FastifyReply, srmc: SRMC): Buffer | SRMCJson {
  return answer(
    request,
    reply,
    () => encodeSRMC(srmc),
    () => serializeSRMC(srmc),
  );
}

/**
 * Answers an absolute result (`instances ... get/absolute`) as Arrow or JSON (the JSON object as before).
 *
 * @param request - The request (its `Accept` decides).
 * @param reply - The reply.
 * @param result - The result.
 * @returns The payload for the handler to return.
 * @example
 * api.get('/instances/:curve/get/absolute/', async (request, reply) => absoluteReply(request, reply, await absolute(request)));
 */
export function absoluteReply(request: FastifyRequest, reply: FastifyReply, result: AbsoluteResult): Buffer | AbsoluteResultJson {
  return answer(
    request,
    reply,
    () => encodeAbsoluteResult(result),
    () => serializeAbsoluteResult(result),
  );
}
