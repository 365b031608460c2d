/**
 * The periods section: `GET /periods/{curve}/` (docs/protocol.md#periods) for `PERIOD` curves, with
 * `begin`, `end`, `timezone` and `unit`. Periods overlapping `[begin, end)` are returned clipped
 * to it, with the installed `capacity` where the curve has one; `unit` converts both.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { zoneByName } from 'service/time';
import type { Periodseries } from 'service/model';
import { SECTION_CURVE_TYPES } from '#wire';
import { decodePeriodsLoad } from '../requests';
import { userOf } from '../auth';
import type { RouteContext, RouteModule } from '../http/route-module';
import { periodseriesReply } from '../http/arrow-reply';
import { curveOf, dataCurve, loadPeriodseries, requestQuery, requestRange } from '../queries/resample-series';

/**
 * Answers `periods.load`: decodes the query (400 naming a bad parameter), finds the curve (404
 * unknown, 400 wrong type, 403 outside the subscriptions), reads, clips and converts the periods.
 *
 * @param context - The store and clock.
 * @param request - The request; the curve name is the decoded `curve` path segment.
 * @returns The period series (the route writes it as JSON or Arrow).
 * @throws ValidationError, NotFoundError or ForbiddenError, mapped to 400, 404 and 403.
 * @example
 * (await periodsLoad(context, request)).values[0] //=> 8000
 */
async function periodsLoad(context: RouteContext, request: FastifyRequest): Promise<Periodseries> {
  const query = decodePeriodsLoad(requestQuery(request));
  const user = userOf(request);
  const name = (request.params as { curve: string }).curve;
  const record = await dataCurve(context.store, user, name, SECTION_CURVE_TYPES.periods);
  const range = requestRange(query.begin, query.end, query.timeZone ?? zoneByName(record.timezone));
  const curve = await curveOf(context.store, user, record);
  return loadPeriodseries(context.store, curve, record, { ...query, range });
}

/**
 * The periods section's routes.
 *
 * @example
 * createApp({ store, routes: [userRoutes, periodsRoutes] });
 * periodsRoutes.section //=> 'periods'
 */
export const periodsRoutes: RouteModule = {
  section: 'periods',
  register(api, context) {
    api.get('/periods/:curve/', async (request, reply) => periodseriesReply(request, reply, await periodsLoad(context, request)));
  },
};
