/**
 * The periods section: `GET /periods/{curve}/` (docs/protocol.md#periods) for `PERIOD` curves, with
 * `begin`, `end`, `timezone` and `unit`. Periods overlapping `[begin, end)` are returned clipped
 * to it, with the installed `capacity` where the curve has one; `unit` converts both.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { zoneByName } from 'service/time';
import { serializePeriodseries, type PeriodseriesJson } from 'service/wire';
import { SECTION_CURVE_TYPES } from 'service/wire';
import { decodePeriodsLoad } from '../requests';
import { userOf } from '../auth';
import type { RouteContext, RouteModule } from '../route-module';
import { curveOf, dataCurve, loadPeriodseries, requestQuery, requestRange } from '../resample-series';

/**
 * Answers `periods.load`: decodes the query (400 naming a bad parameter), finds the curve (404
 * unknown, 400 wrong type, 403 outside the subscriptions), reads, clips and converts the periods.
 *
 * @param context - The store and clock.
 * @param request - The request; the curve name is the decoded `curve` path segment.
 * @returns The Periodseries JSON.
 * @throws ValidationError, NotFoundError or ForbiddenError, mapped to 400, 404 and 403.
 * @example
 * (await periodsLoadJson(context, request)).data[0]
 * //=> { begin: '2024-01-05T00:00:00+01:00', end: '2024-01-10T10:30:00+01:00', v: 8000, capacity: 8600 }
 */
async function periodsLoadJson(context: RouteContext, request: FastifyRequest): Promise<PeriodseriesJson> {
  const query = decodePeriodsLoad(requestQuery(request));
  const user = userOf(request);
  const name = (request.params as { curve: string }).curve;
  const record = await dataCurve(context.store, user, name, SECTION_CURVE_TYPES.periods);
  const range = requestRange(query.begin, query.end, query.timeZone ?? zoneByName(record.timezone));
  const curve = await curveOf(context.store, user, record);
  return serializePeriodseries(await loadPeriodseries(context.store, curve, record, { ...query, range }));
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
    api.get('/periods/:curve/', async (request) => periodsLoadJson(context, request));
  },
};
