/**
 * The period-instances section (docs/protocol.md#period-instances, docs/semantics.md#instances) for `INSTANCE_PERIOD`
 * curves (e.g. REMIT availability, one instance per outage message): `list`, `load`,
 * `get/latest`, `get/{issued}/[{tag}/]` and `get/relative`, with the selection rules of the
 * instances section (tags ignore case, `limit` 1-20). Periods overlapping `[begin, end)` come back
 * clipped to it, converted to `unit`, through `resample-series` (`loadPeriodseries`).
 *
 * Decisions where the references are silent:
 * - `relative` takes, for each day of the curve's zone, what was known `days-ahead` days earlier:
 *   the newest instance (any tag) issued before that issue day's `before-time-of-day` (its end
 *   without one), issue days in the issue zone. Period instances are snapshots (a REMIT message
 *   restates the whole outage plan), so the rule of `instances.relative`, "issued on that day",
 *   would leave most days empty. Periods are clipped to the days, neighbouring pieces with equal
 *   value and capacity merged again; the result carries no instance;
 * - `latest` with no matching instance is a 404; issue times follow the instances section.
 *
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { instanceColumns, knownInstances } from 'service/engine';
import { NotFoundError } from 'service/exceptions';
import type { Periodseries } from 'service/model';
import { Frequency, floorMillis, shiftMillis, stepStarts } from 'service/time';
import { timeOfDayMillis } from '#wire';
import { serializeInstanceList } from '#wire';
import { SECTION_CURVE_TYPES } from '#wire';
import {
  decodePeriodInstancesGet,
  decodePeriodInstancesLatest,
  decodePeriodInstancesList,
  decodePeriodInstancesLoad,
  decodePeriodInstancesRelative,
  type PeriodInstancesQuery,
} from '../requests';
import { periodseriesListReply, periodseriesReply } from '../http/arrow-reply';
import type { RouteContext, RouteModule } from '../http/route-module';
import { loadPeriodseries, requestQuery, requestRange } from '../queries/resample-series';
import type { InstanceRecord, PeriodBlock, Store, TimeRange } from '../store';
import { instanceTarget, pathInstance, selectRecords, storeView, type InstanceTarget } from '../queries/instances';
import { instanceFromRecord } from '../queries/records';

const DAY_MS = 86_400_000;

async function periods(store: Store, t: InstanceTarget, q: PeriodInstancesQuery, record: InstanceRecord | null): Promise<Periodseries> {
  const range = requestRange(q.begin, q.end, q.timeZone ?? t.zone);
  const ps = await loadPeriodseries(store, t.curve, t.record, {
    range,
    timeZone: q.timeZone,
    unit: q.unit,
    instance: record && { issued: record.issued, tag: record.tag },
  });
  return record ? ps.with({ instance: instanceFromRecord(record, t.issueZone) }) : ps;
}

const same = (a: number, b: number): boolean => a === b || (a !== a && b !== b);

/**
 * Joins day pieces of period columns: each piece clipped to its window, then neighbours that
 * touch and have equal value and capacity merged.
 *
 * @param pieces - Per day: the instance's periods and the day's window `[begin, end)`.
 * @param curve - The curve name of the result.
 * @returns One block without instance.
 * @example
 * // two days of one 48-hour period of 500 MW come back as one period
 * joinPeriods([{ block, begin: 0, end: 86_400_000 }, { block, begin: 86_400_000, end: 172_800_000 }], 'X').begins.length //=> 1
 */
export function joinPeriods(pieces: readonly { block: PeriodBlock; begin: number; end: number }[], curve: string): PeriodBlock {
  const begins: number[] = [];
  const ends: number[] = [];
  const values: number[] = [];
  const capacities: number[] = [];
  const hasCapacity = pieces.some((p) => p.block.capacities !== null);
  for (const { block, begin, end } of pieces) {
    for (let i = 0; i < block.begins.length; i++) {
      const b = Math.max(begin, block.begins[i]!);
      const e = Math.min(end, block.ends[i]!);
      const v = block.values[i]!;
      const c = block.capacities ? block.capacities[i]! : Number.NaN;
      if (!(e > b)) continue;
      const n = ends.length - 1;
      if (n >= 0 && ends[n] === b && same(values[n]!, v) && same(capacities[n]!, c)) {
        ends[n] = e;
        continue;
      }
      begins.push(b);
      ends.push(e);
      values.push(v);
      capacities.push(c);
    }
  }
  return {
    curve,
    issued: null,
    tag: null,
    begins: Float64Array.from(begins),
    ends: Float64Array.from(ends),
    values: Float64Array.from(values),
    capacities: hasCapacity ? Float64Array.from(capacities) : null,
  };
}

async function relativeBlock(
  store: Store,
  t: InstanceTarget,
  q: ReturnType<typeof decodePeriodInstancesRelative>,
  range: TimeRange,
): Promise<PeriodBlock> {
  const { begin = 0, end = 0 } = range;
  const name = t.record.name;
  const records = await store.listInstances(name, { issuedAtLatest: end - (q.daysAhead - 2) * DAY_MS });
  // no day before the first issue (+ days-ahead, a margin for zones) can take an instance: the
  // grid starts there, so the work follows the stored instances (the range limit bounds the rest)
  const firstIssued = records.reduce((lo, r) => Math.min(lo, r.issued), Number.POSITIVE_INFINITY);
  const from = Math.max(begin, firstIssued + (q.daysAhead - 3) * DAY_MS);
  const days = from < end ? stepStarts(floorMillis(from, Frequency.P1D, t.zone), end, Frequency.P1D, t.zone) : new Float64Array(0);
  const picks = knownInstances(instanceColumns(records), days, t.zone, t.issueZone, {
    daysAhead: q.daysAhead,
    beforeTimeOfDay: q.beforeTimeOfDay ? timeOfDayMillis(q.beforeTimeOfDay) : undefined,
  });
  // one read per run of days that take the same instance
  const runs: { pick: number; begin: number; end: number }[] = [];
  days.forEach((day, k) => {
    const until = Math.min(end, k + 1 < days.length ? days[k + 1]! : shiftMillis(day, Frequency.P1D, 1, t.zone));
    const last = runs.at(-1);
    if (last && last.pick === picks[k]) last.end = until;
    else runs.push({ pick: picks[k]!, begin: Math.max(begin, day), end: until });
  });
  const pieces = await Promise.all(
    runs
      .filter((r) => r.pick >= 0)
      .map(async ({ pick, ...window }) => {
        const r = records[pick]!;
        return { ...window, block: await store.readPeriods(name, window, { issued: r.issued, tag: r.tag }) };
      }),
  );
  return joinPeriods(pieces, name);
}

/**
 * The period-instances section's routes.
 *
 * @example
 * createApp({ store, routes: [periodInstancesRoutes] });
 */
export const periodInstancesRoutes: RouteModule = {
  section: 'period-instances',
  register(api, context: RouteContext) {
    const { store } = context;
    const target = (request: FastifyRequest) => instanceTarget(context, request, SECTION_CURVE_TYPES.periodInstances);
    api.get('/period-instances/:curve/list/', async (request) => {
      const query = decodePeriodInstancesList(requestQuery(request));
      const t = await target(request);
      return serializeInstanceList((await selectRecords(store, t, query)).map((r) => instanceFromRecord(r, t.issueZone)));
    });
    api.get('/period-instances/:curve/', async (request, reply) => {
      const query = decodePeriodInstancesLoad(requestQuery(request));
      const t = await target(request);
      const records = await selectRecords(store, t, query);
      return periodseriesListReply(request, reply, await Promise.all(records.map((r) => periods(store, t, query, r))));
    });
    api.get('/period-instances/:curve/get/latest/', async (request, reply) => {
      const query = decodePeriodInstancesLatest(requestQuery(request));
      const t = await target(request);
      const [record] = await selectRecords(store, t, {
        tags: [],
        excludeTags: [],
        issuedTimeOfDay: [],
        issuedAtLatest: query.issuedAtLatest,
        limit: 1,
      });
      if (!record) throw new NotFoundError(`No instance of curve '${t.record.name}' matches the request`);
      return periodseriesReply(request, reply, await periods(store, t, query, record));
    });
    const get = async (request: FastifyRequest, reply: FastifyReply) => {
      const query = decodePeriodInstancesGet(requestQuery(request));
      const t = await target(request);
      return periodseriesReply(request, reply, await periods(store, t, query, await pathInstance(store, t, request)));
    };
    api.get('/period-instances/:curve/get/:issued/', get);
    api.get('/period-instances/:curve/get/:issued/:tag/', get);
    api.get('/period-instances/:curve/get/relative/', async (request, reply) => {
      const q = decodePeriodInstancesRelative(requestQuery(request));
      const t = await target(request);
      return periodseriesReply(
        request,
        reply,
        await periods(storeView(store, { readPeriods: (_c, range) => relativeBlock(store, t, q, range) }), t, q, null),
      );
    });
  },
};
