/**
 * The instances section (docs/protocol.md#instances, docs/semantics.md#instances) for `INSTANCE` curves: `tags`,
 * `list`, `load`, `get/latest`, `get/{issued}/[{tag}/]` (each also under `/ensembles/`, which
 * adds the members), `get/relative`, `get/rolling` and `get/absolute`. Selection follows the
 * engine's rules (`src/engine/instance-selection`); every series goes through the one
 * aggregation path of `resample-series` (`loadTimeseries`), stitched series through a view of the
 * store whose `readSeries` does the stitching.
 *
 * Decisions where the references are silent:
 * - `issued`, `issued-at-*` and the `absolute` issue window without an offset are wall-clock
 *   times in the curve's `instance_issued_timezone` (so `get/2020-06-01 00:00:00/` finds the
 *   00 UTC run); `begin`/`end` of `relative` and `rolling` follow the data rule (`timezone`, else
 *   the curve's zone);
 * - instance JSON writes `issued`, `created` and `modified` in the issue zone;
 * - `latest` with no matching instance is a 404;
 * - `absolute`: the delivery zone is `timezone`, else the issue zone, for curves finer than daily;
 *   daily and coarser curves keep their own zone; `delivery` is floored to its step; `unit` is
 *   written as one string (`EUR/MWh`), `aggregation` and `filter` echo the ones applied
 *   (`AVERAGE`, `BASE` by default);
 * - `rolling` reads instances newest issued first and stops once every step is filled or when an
 *   instance available before `begin` has no value left in the range (older runs of the same tag
 *   and issue hour end earlier still); leading and trailing steps without a value are left out.
 *
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { convertUnit, resample } from 'service/engine';
import { instanceColumns, RollingFill, availableAt, relativeInstances, selectInstances, timeOfDayIn } from 'service/engine';
import { NotFoundError } from 'service/exceptions';
import { AbsoluteItem, AbsoluteResult, Aggregation, Filter, type Timeseries } from 'service/model';
import { Frequency, Resolution, floorMillis, shiftMillis, stepStarts } from 'service/time';
import { resolveMillis, timeOfDayMillis } from '#wire';
import { serializeInstanceList, serializeStringList } from '#wire';
import type { ResampleQuery } from '#wire';
import { SECTION_CURVE_TYPES } from '#wire';
import {
  decodeInstancesAbsolute,
  decodeInstancesGet,
  decodeInstancesLatest,
  decodeInstancesList,
  decodeInstancesLoad,
  decodeInstancesRelative,
  decodeInstancesRolling,
} from '../requests';
import type { RouteContext, RouteModule } from '../http/route-module';
import { absoluteReply, timeseriesListReply, timeseriesReply } from '../http/arrow-reply';
import { instanceTarget, pathInstance, prefetchedInstances, selectRecords, storeView, type InstanceTarget } from '../queries/instances';
import { instanceFromRecord } from '../queries/records';
import { loadTimeseries, requestQuery, requestRange } from '../queries/resample-series';
import type { InstanceKey, InstanceRecord, SeriesBlock, Store, TimeRange } from '../store';

const DAY_MS = 86_400_000;

const keyOf = (r: InstanceRecord): InstanceKey => ({ issued: r.issued, tag: r.tag });
const pick = ({ timeZone, frequency, aggregation, hourFilter, threshold, unit }: ResampleQuery): ResampleQuery => ({
  timeZone,
  frequency,
  aggregation,
  hourFilter,
  threshold,
  unit,
});
const plainView = (store: Store): Store => storeView(store, { readSeries: (c, r, i) => store.readSeries(c, r, i, { scenarios: false }) });
const stitched = (name: string, times: Float64Array, values: Float64Array): SeriesBlock => ({
  curve: name,
  issued: null,
  tag: null,
  times,
  values,
  scenarios: [],
  scenarioNames: [],
});

async function instanceSeries(
  store: Store,
  t: InstanceTarget,
  record: InstanceRecord,
  query: ResampleQuery,
  ensembles: boolean,
): Promise<Timeseries> {
  const source = ensembles ? store : plainView(store);
  const ts = await loadTimeseries(source, t.curve, t.record, { ...pick(query), range: {}, instance: keyOf(record) });
  return ts.with({ instance: instanceFromRecord(record, t.issueZone) });
}

/** Smallest and largest of some instants (`[+Infinity, -Infinity]` for none), without spreading a long array. */
function extent(values: readonly number[]): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

async function relativeBlock(
  store: Store,
  t: InstanceTarget,
  q: ReturnType<typeof decodeInstancesRelative>,
  range: TimeRange,
): Promise<SeriesBlock> {
  const { begin = 0, end = 0 } = range;
  const name = t.record.name;
  const records = await store.listInstances(name, {
    tags: [q.tag],
    issuedAtEarliest: floorMillis(begin, Frequency.P1D, t.zone) - (q.daysAhead + 2) * DAY_MS,
    issuedAtLatest: end - (q.daysAhead - 2) * DAY_MS,
  });
  // the day grid only where an instance can apply (issue day + days-ahead, a margin for zones),
  // so the work follows the stored instances, not the requested range
  const [firstIssued, lastIssued] = extent(records.map((r) => r.issued));
  const from = Math.max(begin, firstIssued + (q.daysAhead - 3) * DAY_MS);
  const to = Math.min(end, lastIssued + (q.daysAhead + 3) * DAY_MS);
  const days = from < to ? stepStarts(floorMillis(from, Frequency.P1D, t.zone), to, Frequency.P1D, t.zone) : new Float64Array(0);
  const ms = (v: typeof q.timeOfDay) => (v ? timeOfDayMillis(v) : undefined);
  const picks = relativeInstances(instanceColumns(records), days, t.zone, t.issueZone, {
    tag: q.tag,
    daysAhead: q.daysAhead,
    issued: q.issued,
    timeOfDay: ms(q.timeOfDay),
    afterTimeOfDay: ms(q.afterTimeOfDay),
    beforeTimeOfDay: ms(q.beforeTimeOfDay),
    modifiedAtLatest: ms(q.modifiedAtLatest),
  });
  const parts = await Promise.all(
    Array.from(days, (day, k) => {
      const until = Math.min(end, k + 1 < days.length ? days[k + 1]! : shiftMillis(day, Frequency.P1D, 1, t.zone));
      return picks[k]! < 0
        ? null
        : store.readSeries(name, { begin: Math.max(begin, day), end: until }, keyOf(records[picks[k]!]!), { scenarios: false });
    }),
  );
  const blocks = parts.filter((b): b is SeriesBlock => b !== null);
  const n = blocks.reduce((sum, b) => sum + b.times.length, 0);
  const times = new Float64Array(n);
  const values = new Float64Array(n).fill(Number.NaN);
  let at = 0;
  for (const b of blocks) {
    times.set(b.times, at);
    if (b.values) values.set(b.values, at);
    at += b.times.length;
  }
  return stitched(name, times, values);
}

async function rollingBlock(
  store: Store,
  t: InstanceTarget,
  q: ReturnType<typeof decodeInstancesRolling>,
  range: TimeRange,
): Promise<SeriesBlock> {
  const { begin = 0, end = 0 } = range;
  const name = t.record.name;
  const records = await store.listInstances(name, { tags: q.tags, excludeTags: q.excludeTags });
  const cols = instanceColumns(records);
  const lead = new RollingFill(new Float64Array(0), q.hoursAhead);
  const order = Array.from(selectInstances(cols, { tags: q.tags, excludeTags: q.excludeTags }))
    .map((i) => ({ i, available: availableAt(cols, i), from: Math.max(begin, lead.earliest(availableAt(cols, i))) }))
    .filter((x) => x.from < end);
  const blocks = new Map<number, Promise<SeriesBlock>>();
  const read = (x: (typeof order)[number]) => {
    if (!blocks.has(x.i)) blocks.set(x.i, store.readSeries(name, { begin: x.from, end }, keyOf(records[x.i]!), { scenarios: false }));
    return blocks.get(x.i) as Promise<SeriesBlock>;
  };
  const frequency = Frequency.byTag(t.record.frequency);
  const familyOf = (x: (typeof order)[number]) => `${cols.tags[x.i]!.toLowerCase()}@${timeOfDayIn(cols.issued[x.i]!, t.issueZone)}`;
  // tick data (NONE) has no grid: its steps are the times any candidate has; a fixed-step grid
  // spans only from the earliest candidate's start to the last value of the newest instance of
  // each family (older runs end earlier), so the work follows the stored data, not the range
  let grid: Float64Array;
  if (frequency.isIterable) {
    const heads = new Map<string, (typeof order)[number]>();
    for (const x of order) if (!heads.has(familyOf(x))) heads.set(familyOf(x), x);
    const lastTimes = (await Promise.all([...heads.values()].map(read))).map((b) => b.times.at(-1) ?? Number.NEGATIVE_INFINITY);
    const [firstFrom] = extent(order.map((x) => x.from));
    const [, lastTime] = extent(lastTimes);
    const from = Number.isFinite(firstFrom) ? Math.max(begin, floorMillis(firstFrom, frequency, t.zone)) : end;
    const to = Number.isFinite(lastTime) ? Math.min(end, lastTime + 1) : begin;
    grid = from < to ? stepStarts(from, to, frequency, t.zone) : new Float64Array(0);
  } else {
    grid = Float64Array.from(new Set((await Promise.all(order.map(read))).flatMap((b) => [...b.times]))).sort();
  }
  const fill = new RollingFill(grid, q.hoursAhead);
  const exhausted = new Set<string>();
  for (const x of order) {
    if (fill.remaining === 0) break;
    const family = familyOf(x);
    if (exhausted.has(family)) continue;
    const block = await read(x);
    if (block.times.length === 0 && x.from === begin) exhausted.add(family);
    fill.add(x.i, x.available, block.times, block.values ?? new Float64Array(block.times.length).fill(Number.NaN));
  }
  const first = fill.source.findIndex((s) => s >= 0);
  const last = fill.source.findLastIndex((s) => s >= 0);
  return first < 0
    ? stitched(name, new Float64Array(0), new Float64Array(0))
    : stitched(name, fill.times.slice(first, last + 1), fill.values.slice(first, last + 1));
}

async function absolute(context: RouteContext, request: FastifyRequest): Promise<AbsoluteResult> {
  const q = decodeInstancesAbsolute(requestQuery(request));
  const t = await instanceTarget(context, request, SECTION_CURVE_TYPES.instances);
  const curveFrequency = Frequency.byTag(t.record.frequency);
  const frequency = q.frequency ?? curveFrequency;
  // the engine's check: a delivery step finer than the curve's (or NONE) is a 400 naming `frequency`
  resample({ times: new Float64Array(0) }, { from: curveFrequency, to: frequency, zone: t.zone });
  const zone = curveFrequency.gt(Frequency.P1D) ? (q.timeZone ?? t.issueZone) : t.zone;
  const delivery = floorMillis(resolveMillis(q.delivery, zone), frequency, zone);
  const window = requestRange(q.begin, q.end, t.issueZone);
  const filter = { tags: q.tags, excludeTags: q.excludeTags, issuedAtEarliest: window.begin, issuedBefore: window.end };
  const records = await context.store.listInstances(t.record.name, { ...filter, issuedAtLatest: window.end });
  const chosen = Array.from(selectInstances(instanceColumns(records), filter, { order: 'oldest' }), (i) => records[i]!);
  const series = {
    range: { begin: delivery, end: shiftMillis(delivery, frequency, 1, zone) },
    timeZone: zone,
    unit: q.unit,
    ...(q.frequency && { frequency, aggregation: q.aggregation, hourFilter: q.hourFilter }),
  };
  const view = plainView(context.store);
  const loaded = await Promise.all(chosen.map((r) => loadTimeseries(view, t.curve, t.record, { ...series, instance: keyOf(r) })));
  const items = loaded.map((ts, k) => {
    const i = ts.times.indexOf(delivery);
    return new AbsoluteItem({
      instance: instanceFromRecord(chosen[k]!, t.issueZone),
      value: i < 0 || !ts.hasValues() ? null : ts.values[i],
    });
  });
  const empty = new Float64Array(0);
  const unit =
    loaded[0] ??
    (q.unit === undefined
      ? { unit: t.record.unit, denominator: t.record.denominator }
      : convertUnit(empty, t.record.unit, t.record.denominator, q.unit, { fx: () => empty, times: empty }));
  return new AbsoluteResult({
    curve: t.curve,
    resolution: new Resolution(frequency, zone),
    delivery: DateTime.fromMillis(delivery, { zone }),
    filters: q.hourFilter ?? Filter.BASE,
    aggregation: q.aggregation ?? Aggregation.AVERAGE,
    unit: unit.denominator ? `${unit.unit}/${unit.denominator}` : unit.unit,
    items,
  });
}

/**
 * The instances section's routes (`/instances/…` and `/ensembles/…`).
 *
 * @example
 * createApp({ store, routes: [instancesRoutes] });
 */
export const instancesRoutes: RouteModule = {
  section: 'instances',
  register(api, context) {
    const { store } = context;
    const target = (request: FastifyRequest) => instanceTarget(context, request, SECTION_CURVE_TYPES.instances);
    api.get('/instances/:curve/tags/', async (request) => {
      const t = await target(request);
      const tags = new Map((await store.listInstances(t.record.name)).map((r) => [r.tag.toLowerCase(), r.tag] as const));
      return serializeStringList([...tags.values()].sort());
    });
    api.get('/instances/:curve/list/', async (request) => {
      const query = decodeInstancesList(requestQuery(request));
      const t = await target(request);
      return serializeInstanceList((await selectRecords(store, t, query)).map((r) => instanceFromRecord(r, t.issueZone)));
    });
    for (const ensembles of [false, true]) {
      const prefix = ensembles ? '/ensembles' : '/instances';
      api.get(`${prefix}/:curve/`, async (request, reply) => {
        const query = decodeInstancesLoad(requestQuery(request), { ensembles });
        const t = await target(request);
        const records = await selectRecords(store, t, query);
        const source = await prefetchedInstances(store, t.record.name, records, ensembles);
        return timeseriesListReply(request, reply, await Promise.all(records.map((r) => instanceSeries(source, t, r, query, ensembles))));
      });
      api.get(`${prefix}/:curve/get/latest/`, async (request, reply) => {
        const query = decodeInstancesLatest(requestQuery(request));
        const t = await target(request);
        const [record] = await selectRecords(store, t, { ...query, limit: 1 });
        if (!record) throw new NotFoundError(`No instance of curve '${t.record.name}' matches the request`);
        return timeseriesReply(request, reply, await instanceSeries(store, t, record, query, ensembles));
      });
      const get = async (request: FastifyRequest, reply: FastifyReply) => {
        const query = decodeInstancesGet(requestQuery(request));
        const t = await target(request);
        return timeseriesReply(request, reply, await instanceSeries(store, t, await pathInstance(store, t, request), query, ensembles));
      };
      api.get(`${prefix}/:curve/get/:issued/`, get);
      api.get(`${prefix}/:curve/get/:issued/:tag/`, get);
    }
    api.get('/instances/:curve/get/relative/', async (request, reply) => {
      const q = decodeInstancesRelative(requestQuery(request));
      const t = await target(request);
      const view = storeView(store, { readSeries: (_c, range) => relativeBlock(store, t, q, range) });
      return timeseriesReply(
        request,
        reply,
        await loadTimeseries(view, t.curve, t.record, {
          ...pick(q),
          range: requestRange(q.begin, q.end, q.timeZone ?? t.zone, q.frequency ?? Frequency.byTag(t.record.frequency)),
        }),
      );
    });
    api.get('/instances/:curve/get/rolling/', async (request, reply) => {
      const q = decodeInstancesRolling(requestQuery(request));
      const t = await target(request);
      const view = storeView(store, { readSeries: (_c, range) => rollingBlock(store, t, q, range) });
      // the fill's grid has the curve's steps, whatever the output frequency
      return timeseriesReply(
        request,
        reply,
        await loadTimeseries(view, t.curve, t.record, {
          ...pick(q),
          range: requestRange(q.begin, q.end, q.timeZone ?? t.zone, Frequency.byTag(t.record.frequency)),
        }),
      );
    });
    api.get('/instances/:curve/get/absolute/', async (request, reply) => absoluteReply(request, reply, await absolute(context, request)));
  },
};
