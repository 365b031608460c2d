/**
 * Resolves a validated batch into ids before the embedded store writes it: curve, instance and
 * series ids (existing or new), which blocks may hold stored data (and so must replace), and the
 * events the import will log. Reads only; nothing is written here.
 *
 * @module
 */
import { ValueError } from 'service/exceptions';
import { Frequency, shiftMillis } from 'service/time';
import { sqlIntList } from './duckdb-io';
import type { BlockTarget, SeriesTarget } from './duckdb-write';
import type { CurveRow, InstanceRow, SeriesRow } from './duckdb-write-meta';
import type { CurveRecord, EventRecord, ImportBatch, OhlcBlock, PeriodBlock } from '../types';

/**
 * How the plan reads the stored state, whatever the engine: a query returning rows as plain
 * objects, and the SQL literal of a finite double in that engine's dialect.
 */
export interface PlanReader {
  /** Runs a query (no parameters) and returns its rows. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** SQL literal of a finite number. */
  num(value: number): string;
}

/** Id counters of the store; the plan takes new ids from them. */
export interface IdCounters {
  curve: number;
  instance: number;
  series: number;
}

/** Everything the write steps need, with ids resolved. */
export interface WritePlan {
  curves: CurveRow[];
  /** Ids of the plan's curves that are stored already (their rows are replaced). */
  replacedCurves: number[];
  instances: InstanceRow[];
  /** Ids of the plan's instances that are stored already (their rows are replaced). */
  replacedInstances: number[];
  newSeries: SeriesRow[];
  series: SeriesTarget[];
  periods: BlockTarget<PeriodBlock>[];
  ohlc: BlockTarget<OhlcBlock>[];
  /** All series ids of a curve/instance pair (`curveId|instanceId`), stored or new. */
  columns: Map<string, number[]>;
  /** Events of the import, without ids yet. */
  events: Omit<EventRecord, 'id'>[];
}

interface Columns {
  value: number | null;
  byName: Map<string, number>;
  maxMember: number;
  ids: number[];
}

const pairKey = (curveId: number, instanceId: number) => `${curveId}|${instanceId}`;
const instanceKey = (curveId: number, issued: number, tag: string) => `${curveId}|${issued}|${tag.toLowerCase()}`;

/**
 * The end of the step that starts at `ts` in a curve's frequency and zone (`ts` itself for `NONE`).
 *
 * @param curve - The curve (frequency and timezone).
 * @param ts - A step start, epoch ms.
 * @returns The next step start, epoch ms.
 * @example
 * // 2024-03-30T23:00Z is 2024-03-31 00:00 CET; that day has 23 hours
 * stepEnd({ frequency: 'P1D', timezone: 'CET' }, Date.UTC(2024, 2, 30, 23)) //=> Date.UTC(2024, 2, 31, 22)
 */
export function stepEnd(curve: Pick<CurveRecord, 'frequency' | 'timezone'>, ts: number): number {
  const freq = Frequency.byTag(curve.frequency);
  return freq === Frequency.NONE ? ts : shiftMillis(ts, freq, 1, curve.timezone);
}

/**
 * Which curve/instance pairs hold rows in a table (`ohlc` has no instance column: instance 0).
 *
 * @param db - The reader of the stored state.
 * @param table - `periods` or `ohlc`.
 * @param pairs - Candidate `[curveId, instanceId]` pairs.
 * @returns The keys (`curveId|instanceId`) of the pairs that hold rows.
 * @example
 * await pairsHolding(db, 'periods', [[3, 0]]) //=> Set { '3|0' }   // when curve 3 has periods
 */
export async function pairsHolding(
  db: PlanReader,
  table: 'periods' | 'ohlc',
  pairs: readonly (readonly [number, number])[],
): Promise<Set<string>> {
  const held = new Set<string>();
  if (pairs.length === 0) return held;
  const instance = table === 'ohlc' ? '0' : 'instance_id';
  const rows = await db.rows(`SELECT DISTINCT curve_id, ${instance} AS instance_id FROM ${table}
    WHERE curve_id IN (${sqlIntList(pairs.map(([c]) => c))}) AND ${instance} IN (${sqlIntList(pairs.map(([, i]) => i))})`);
  for (const r of rows) held.add(pairKey(Number(r.curve_id), Number(r.instance_id)));
  return held;
}

/** What the planning steps share: the batch, the stored state and what has been planned so far. */
interface PlanContext {
  db: PlanReader;
  batch: ImportBatch;
  next: IdCounters;
  isNewCurve(name: string): boolean;
  curveOf(name: string): CurveRow;
  /** Curve/instance pairs already given a target by an earlier block of the batch. */
  touched: Set<string>;
  /** Records a `CURVE_UPDATE` event over `[begin, end)`. */
  event(curve: string, begin: number, end: number, issued: number | null, tag: string | null): void;
}

/** The batch's instances with ids, and how a block's instance resolves to one. */
interface InstancePlan {
  instances: InstanceRow[];
  replacedInstances: number[];
  /** Ids taken for instances that are not stored yet. */
  freshInstances: Set<number>;
  /** The id of a block's instance (0 for none). */
  instanceOf(block: { curve: string; issued: number | null; tag: string | null }): number;
}

/**
 * Resolves a validated batch against the stored state.
 *
 * @param db - Reads the stored state (outside a write or inside the import's transaction; writes are serialised).
 * @param batch - The validated batch.
 * @param stored - Stored curves by name (with ids).
 * @param next - Id counters; advanced for every new id.
 * @param now - Epoch ms stamped on the events.
 * @returns The plan.
 * @throws ValueError when a block names an instance that is neither stored nor in the batch.
 * @example
 * const plan = await planBatch(db, batch, curves, counters, Date.now());
 */
export async function planBatch(
  db: PlanReader,
  batch: ImportBatch,
  stored: ReadonlyMap<string, CurveRow>,
  next: IdCounters,
  now: number,
): Promise<WritePlan> {
  const curves = (batch.curves ?? []).map((record) => ({ id: stored.get(record.name)?.id ?? next.curve++, record }));
  const byName = new Map<string, CurveRow>(stored);
  for (const row of curves) byName.set(row.record.name, row);
  const events: Omit<EventRecord, 'id'>[] = [];
  const ctx: PlanContext = {
    db,
    batch,
    next,
    isNewCurve: (name) => !stored.has(name),
    curveOf: (name) => byName.get(name) as CurveRow,
    touched: new Set(),
    event: (curve, begin, end, issued, tag) => events.push({ type: 'CURVE_UPDATE', curve, begin, end, issued, tag, created: now }),
  };
  const instances = await planInstances(ctx);
  const seriesInstances = (batch.series ?? []).map(instances.instanceOf);
  const columns = await storedColumns(ctx, seriesInstances, instances.freshInstances);
  const { series, newSeries } = planSeries(ctx, columns, seriesInstances);
  const periods = await planPeriods(ctx, instances);
  const ohlc = await planOhlc(ctx);
  const columnIds = new Map<string, number[]>();
  for (const [key, c] of columns) columnIds.set(key, c.ids);
  return {
    curves,
    replacedCurves: curves.filter((row) => !ctx.isNewCurve(row.record.name)).map((row) => row.id),
    instances: instances.instances,
    replacedInstances: instances.replacedInstances,
    newSeries,
    series,
    periods,
    ohlc,
    columns: columnIds,
    events,
  };
}

/**
 * Instances: the stored ones the batch can name (its stored curves at its issue times), then the
 * batch's own (existing id or new).
 */
async function planInstances(ctx: PlanContext): Promise<InstancePlan> {
  const { batch, db, curveOf } = ctx;
  const involved = new Set<number>();
  const issuedTimes = new Set<number>();
  for (const b of [...(batch.instances ?? []), ...(batch.series ?? []), ...(batch.periods ?? [])]) {
    if (b.issued === null || ctx.isNewCurve(b.curve)) continue;
    involved.add(curveOf(b.curve).id);
    issuedTimes.add(b.issued);
  }
  const instanceIds = new Map<string, number>();
  if (involved.size) {
    const rows = await db.rows(`SELECT id, curve_id, issued, tag FROM instances WHERE curve_id IN (${sqlIntList(involved)})
      AND issued IN (${[...issuedTimes].map((t) => db.num(t)).join(',')})`);
    for (const r of rows) instanceIds.set(instanceKey(Number(r.curve_id), Number(r.issued), String(r.tag)), Number(r.id));
  }
  const freshInstances = new Set<number>();
  const replacedInstances: number[] = [];
  const instances = (batch.instances ?? []).map((record) => {
    const curveId = curveOf(record.curve).id;
    const key = instanceKey(curveId, record.issued, record.tag);
    let id = instanceIds.get(key);
    if (id === undefined) {
      id = ctx.next.instance++;
      instanceIds.set(key, id);
      freshInstances.add(id);
    } else if (!freshInstances.has(id)) replacedInstances.push(id);
    return { id, curveId, record };
  });
  const instanceOf = (b: { curve: string; issued: number | null; tag: string | null }): number => {
    if (b.issued === null) return 0;
    const id = instanceIds.get(instanceKey(curveOf(b.curve).id, b.issued, b.tag ?? ''));
    if (id === undefined)
      throw new ValueError(
        `Invalid import batch: block of ${JSON.stringify(b.curve)} names an unknown instance (${new Date(b.issued).toISOString()}, ${JSON.stringify(b.tag)})`,
      );
    return id;
  };
  return { instances, replacedInstances, freshInstances, instanceOf };
}

/**
 * The stored series columns of the pairs that can hold any: a stored curve, with no instance or a
 * stored one.
 */
async function storedColumns(
  ctx: PlanContext,
  seriesInstances: readonly number[],
  freshInstances: ReadonlySet<number>,
): Promise<Map<string, Columns>> {
  const columns = new Map<string, Columns>();
  const storedPairs = new Set<string>();
  const pairCurves = new Set<number>();
  const pairInstances = new Set<number>();
  (ctx.batch.series ?? []).forEach((block, k) => {
    const instanceId = seriesInstances[k]!;
    if (ctx.isNewCurve(block.curve) || freshInstances.has(instanceId)) return;
    const curveId = ctx.curveOf(block.curve).id;
    storedPairs.add(pairKey(curveId, instanceId));
    pairCurves.add(curveId);
    pairInstances.add(instanceId);
  });
  if (storedPairs.size === 0) return columns;
  const rows = await ctx.db.rows(`SELECT id, curve_id, instance_id, member, name FROM series
    WHERE curve_id IN (${sqlIntList(pairCurves)}) AND instance_id IN (${sqlIntList(pairInstances)})`);
  for (const r of rows) {
    const key = pairKey(Number(r.curve_id), Number(r.instance_id));
    if (!storedPairs.has(key)) continue;
    const c: Columns = columns.get(key) ?? { value: null, byName: new Map(), maxMember: -1, ids: [] };
    const member = Number(r.member);
    if (member < 0) c.value = Number(r.id);
    else c.byName.set(String(r.name), Number(r.id));
    c.maxMember = Math.max(c.maxMember, member);
    c.ids.push(Number(r.id));
    columns.set(key, c);
  }
  return columns;
}

/** Series blocks: their column ids (stored, or new for new members) and their events. */
function planSeries(
  ctx: PlanContext,
  columns: Map<string, Columns>,
  seriesInstances: readonly number[],
): { series: SeriesTarget[]; newSeries: SeriesRow[] } {
  const newSeries: SeriesRow[] = [];
  const series = (ctx.batch.series ?? []).map((block, k): SeriesTarget => {
    const curveId = ctx.curveOf(block.curve).id;
    const instanceId = seriesInstances[k]!;
    const key = pairKey(curveId, instanceId);
    const fresh = !columns.has(key) && !ctx.touched.has(key);
    ctx.touched.add(key);
    const c: Columns = columns.get(key) ?? { value: null, byName: new Map(), maxMember: -1, ids: [] };
    columns.set(key, c);
    const add = (member: number, name: string): number => {
      const id = ctx.next.series++;
      newSeries.push({ id, curveId, instanceId, member, name });
      c.ids.push(id);
      return id;
    };
    if (block.values !== null && c.value === null) c.value = add(-1, '');
    const scenarioIds = block.scenarioNames.map((name) => {
      let id = c.byName.get(name);
      if (id === undefined) {
        id = add(++c.maxMember, name);
        c.byName.set(name, id);
      }
      return id;
    });
    const n = block.times.length;
    if (n > 0)
      ctx.event(block.curve, block.times[0]!, stepEnd(ctx.curveOf(block.curve).record, block.times[n - 1]!), block.issued, block.tag);
    return { block, curveId, instanceId, fresh, valueId: block.values !== null ? c.value : null, scenarioIds };
  });
  return { series, newSeries };
}

/** Period blocks: whether each replaces stored rows (only stored curves/instances can hold any). */
async function planPeriods(ctx: PlanContext, instances: InstancePlan): Promise<BlockTarget<PeriodBlock>[]> {
  const blocks = ctx.batch.periods ?? [];
  const pairs = blocks.map((block): [number, number] => [ctx.curveOf(block.curve).id, instances.instanceOf(block)]);
  const held = await pairsHolding(
    ctx.db,
    'periods',
    pairs.filter((pair, k) => !ctx.isNewCurve(blocks[k]!.curve) && !instances.freshInstances.has(pair[1])),
  );
  return blocks.map((block, k) => {
    const [curveId, instanceId] = pairs[k]!;
    const key = pairKey(curveId, instanceId);
    const fresh = !held.has(key) && !ctx.touched.has(key);
    ctx.touched.add(key);
    const n = block.begins.length;
    if (n > 0) ctx.event(block.curve, block.begins[0]!, block.ends[n - 1]!, block.issued, block.tag);
    return { block, curveId, instanceId, fresh };
  });
}

/** OHLC blocks: whether each replaces stored rows, and the event over the traded days. */
async function planOhlc(ctx: PlanContext): Promise<BlockTarget<OhlcBlock>[]> {
  const blocks = ctx.batch.ohlc ?? [];
  const held = await pairsHolding(
    ctx.db,
    'ohlc',
    blocks.filter((b) => !ctx.isNewCurve(b.curve)).map((b): [number, number] => [ctx.curveOf(b.curve).id, 0]),
  );
  return blocks.map((block) => {
    const curve = ctx.curveOf(block.curve);
    const key = pairKey(curve.id, 0);
    const fresh = !held.has(key) && !ctx.touched.has(key);
    ctx.touched.add(key);
    if (block.traded.length > 0) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const t of block.traded) {
        lo = Math.min(lo, t);
        hi = Math.max(hi, t);
      }
      ctx.event(block.curve, lo, shiftMillis(hi, Frequency.P1D, 1, curve.record.timezone), null, null);
    }
    return { block, curveId: curve.id, instanceId: 0, fresh };
  });
}
