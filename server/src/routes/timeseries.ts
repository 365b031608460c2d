/**
 * The timeseries section: `GET /timeseries/{curve}/` (docs/protocol.md#timeseries) for `TIMESERIES` and
 * `SCENARIO_TIMESERIES` curves, with every parameter of the reference (`begin`, `end`,
 * `timezone`, `frequency`, `aggregation`, `hour-filter`, `threshold`, `unit`). Scenario curves
 * keep all their scenarios and `scenario_names`.
 *
 * @module
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Frequency, zoneByName } from 'service/time';
import { SECTION_CURVE_TYPES } from '#wire';
import { decodeTimeseriesLoad } from '../requests';
import { userOf } from '../auth';
import type { RouteContext, RouteModule } from '../http/route-module';
import { asksArrow, timeseriesReply, timeseriesStreamReply } from '../http/arrow-reply';
import { openPlainSeries } from '../queries/stream-series';
import { curveOf, dataCurve, loadTimeseries, requestQuery, requestRange } from '../queries/resample-series';

/**
 * Answers `timeseries.load`: decodes the query (400 naming a bad parameter), finds the curve (404
 * unknown, 400 wrong type, 403 outside the subscriptions), then reads, aggregates and converts;
 * an Arrow answer of the stored values as they are is sent while it is read (docs/arrow.md#streamed).
 *
 * @param context - The store and clock.
 * @param request - The request; the curve name is the decoded `curve` path segment.
 * @param reply - The reply.
 * @returns The answer: JSON or Arrow bytes, or an Arrow stream.
 * @throws ValidationError, NotFoundError or ForbiddenError, mapped to 400, 404 and 403.
 * @example
 * api.get('/timeseries/:curve/', async (request, reply) => timeseriesLoad(context, request, reply));
 */
async function timeseriesLoad(context: RouteContext, request: FastifyRequest, reply: FastifyReply): Promise<Buffer | Readable> {
  const query = decodeTimeseriesLoad(requestQuery(request));
  const user = userOf(request);
  const name = (request.params as { curve: string }).curve;
  const record = await dataCurve(context.store, user, name, SECTION_CURVE_TYPES.timeseries);
  const range = requestRange(
    query.begin,
    query.end,
    query.timeZone ?? zoneByName(record.timezone),
    query.frequency ?? Frequency.byTag(record.frequency),
  );
  const curve = await curveOf(context.store, user, record);
  const open = asksArrow(request) ? await openPlainSeries(context.store, curve, record, { ...query, range }) : null;
  if (open !== null) {
    if (open.cursor.rows === 0) await nameValueExtent(context, reply, record.name);
    return timeseriesStreamReply(reply, open);
  }
  const series = await loadTimeseries(context.store, curve, record, { ...query, range });
  if (series.length === 0) await nameValueExtent(context, reply, record.name);
  return timeseriesReply(request, reply, series);
}

/**
 * Says where a curve's values are on an answer that holds none: `X-First-Value` and
 * `X-Last-Value`, the first and last stored value times as ISO instants
 * (docs/protocol.md#data-extent). A curve with no values at all gets neither.
 */
async function nameValueExtent(context: RouteContext, reply: FastifyReply, curve: string): Promise<void> {
  const extent = await context.store.valueExtent(curve);
  if (extent === null) return;
  reply.header('x-first-value', new Date(extent.first).toISOString());
  reply.header('x-last-value', new Date(extent.last).toISOString());
}

/**
 * The timeseries section's routes.
 *
 * @example
 * createApp({ store, routes: [userRoutes, timeseriesRoutes] });
 * timeseriesRoutes.section //=> 'timeseries'
 */
export const timeseriesRoutes: RouteModule = {
  section: 'timeseries',
  register(api, context) {
    api.get('/timeseries/:curve/', async (request, reply) => timeseriesLoad(context, request, reply));
  },
};
