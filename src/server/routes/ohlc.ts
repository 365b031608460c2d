/**
 * The ohlc section (docs/protocol.md#ohlc, docs/semantics.md#ohlc) for `OHLC` curves: `load` with period,
 * front and delivery filters, `latest` (closest earlier trading day), `latest/periods/{field}`
 * (finest-contract-wins forward curve) and `timeseries/{field}` (a continuous front or a
 * specific delivery as a daily series with the three fill modes). `unit` converts prices with
 * the FX rate of each row's trading day. The helpers are shared with the srmc section.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { DateTime, type Zone } from 'luxon';
import { contractDailySeries, fillModeOf, frontNumbers, mergeForwardCurve, pickRows, selectContract, type ContractChoice } from '../../engine/ohlc';
import {
  ContinuousContract, ContractPeriod, OHLC, Periodseries, Product, SpecificContract, Timeseries,
  type Contract, type Curve, type OHLCField,
} from '../../model';
import { Frequency, Resolution, stepStarts, zoneByName } from '../../time';
import { parseDateTimeText, type WireDateTime } from '../../wire/formats';
import { ohlcListBytes, serializePeriodseries, timeseriesBytes, type PeriodseriesJson } from '../../wire/json';
import { decodeOhlcField, decodeOhlcLatest, decodeOhlcLoad, decodeOhlcTimeseries, SECTION_CURVE_TYPES, type ContractQuery } from '../../wire/requests';
import type { RouteContext, RouteModule } from '../app';
import { jsonBytesReply } from '../json-reply';
import { userOf } from '../auth';
import { convertPrices } from '../fx-rates';
import { curveOf, dataCurve, requestQuery, requestRange } from '../resample-series';
import type { CurveRecord, OhlcBlock, OhlcQuery, Store } from '../store';

const DAY_MS = 86_400_000;
/** Trades read around a continuous series' range, to fill its first days and find the next trade. */
const MARGIN_MS = 31 * DAY_MS;
const PRICES = ['open', 'high', 'low', 'close', 'settlement'] as const;

/**
 * An OHLC curve located for a request: its record, the model curve to attach and its zone.
 *
 * @example
 * const target: OhlcTarget = await ohlcTarget(context, request);
 * target.record.curveType //=> 'OHLC'
 */
export interface OhlcTarget {
  /** The curve record. */
  record: CurveRecord;
  /** The model curve (with the caller's subscription). */
  curve: Curve;
  /** The curve's zone: trading and delivery days are its local midnights. */
  zone: Zone;
}

/**
 * OHLC rows with the front number of each row on its trading day (`-1` = none).
 *
 * @example
 * const rows: OhlcRows = await readRows(store, name, { begin, end, period: 'month' });
 * rows.fronts.length === rows.block.traded.length //=> true
 */
export interface OhlcRows {
  /** The rows. */
  block: OhlcBlock;
  /** Front numbers. */
  fronts: Int32Array;
}

/**
 * Finds the request's OHLC curve after the checks of every data route (404 unknown, 400 other
 * curve type, 403 outside the subscriptions).
 *
 * @param context - Store and clock.
 * @param request - The request (`curve` path parameter).
 * @returns The target.
 * @throws NotFoundError, ValidationError (parameter `curve`) or ForbiddenError.
 * @example
 * (await ohlcTarget(context, request)).record.curveType //=> 'OHLC'
 */
export async function ohlcTarget(context: RouteContext, request: FastifyRequest): Promise<OhlcTarget> {
  const user = userOf(request);
  const record = await dataCurve(context.store, user, (request.params as { curve: string }).curve, SECTION_CURVE_TYPES.ohlc);
  return { record, curve: await curveOf(context.store, user, record), zone: zoneByName(record.timezone) };
}

/**
 * Local midnight of a `YYYY-MM-DD` date in a zone.
 *
 * @param date - The date text.
 * @param zone - The zone.
 * @returns Epoch ms.
 * @example
 * // 2024-02-01T00:00+01:00
 * dayStart('2024-02-01', CET) === Date.UTC(2024, 0, 31, 23) //=> true
 */
export function dayStart(date: string, zone: Zone): number {
  return DateTime.fromISO(date, { zone }).startOf('day').toMillis();
}

/**
 * The trading range of a load as local midnights.
 *
 * @param begin - First trading date.
 * @param end - End trading date (exclusive).
 * @param zone - The curve's zone.
 * @returns `[begin, end)` in epoch ms.
 * @throws ValidationError (parameter `end`) when `end` lies before `begin`.
 * @example
 * tradingRange('2024-02-01', '2024-02-02', CET).end - tradingRange('2024-02-01', '2024-02-02', CET).begin //=> 86400000
 */
export function tradingRange(begin: string, end: string, zone: Zone): { begin: number; end: number } {
  return requestRange(parseDateTimeText(begin) as WireDateTime, parseDateTimeText(end) as WireDateTime, zone);
}

/**
 * Reads OHLC rows and numbers their fronts.
 *
 * @param store - The store.
 * @param name - The curve name.
 * @param query - Traded range, period and delivery filters.
 * @returns The rows with fronts.
 * @example
 * (await readRows(store, name, { begin, end, period: 'month' })).fronts //=> Int32Array [1, 2, 3, ...]
 */
export async function readRows(store: Store, name: string, query: OhlcQuery): Promise<OhlcRows> {
  const block = await store.readOhlc(name, query);
  return { block, fronts: frontNumbers(block.traded, block.period, block.delivery) };
}

/**
 * The rows of the closest trading day at or before `date` (default: the newest trading day),
 * with their fronts; no rows when there is no such day.
 *
 * @param store - The store.
 * @param target - The curve.
 * @param date - The wanted trading date, or undefined.
 * @returns The rows.
 * @example
 * // asked for Sunday 2024-02-04: Friday's rows
 * (await latestRows(store, target, '2024-02-04')).block.traded[0] === fri //=> true
 */
export async function latestRows(store: Store, target: OhlcTarget, date: string | undefined): Promise<OhlcRows> {
  const name = target.record.name;
  const day = await store.latestTraded(name, date === undefined ? undefined : dayStart(date, target.zone));
  return readRows(store, name, day === null ? { begin: 0, end: 0 } : { begin: day, end: day + 1 });
}

/**
 * The contract a front/delivery query names, with delivery as a local midnight.
 *
 * @param query - The decoded contract query.
 * @param zone - The curve's zone.
 * @returns The engine's contract choice.
 * @example
 * contractChoice({ period: ContractPeriod.MONTH, front: 1 }, CET) //=> { period: 'month', front: 1 }
 */
export function contractChoice(query: Partial<ContractQuery> & { period: ContractPeriod }, zone: Zone): ContractChoice {
  if (query.front !== undefined) return { period: query.period.tag, front: query.front };
  return { period: query.period.tag, delivery: dayStart(query.delivery as string, zone) };
}

/**
 * The model contract of a front/delivery query (continuous or specific).
 *
 * @param query - The decoded contract query.
 * @param field - The field the series is made of, or null.
 * @returns The contract.
 * @example
 * contractOf({ period: ContractPeriod.MONTH, front: 1 }, OHLCField.CLOSE).columnHeader() //=> 'month front-1 close'
 */
export function contractOf(query: ContractQuery, field: OHLCField | null): Contract {
  return query.front !== undefined
    ? new ContinuousContract({ period: query.period, front: query.front, field })
    : new SpecificContract({ period: query.period, delivery: query.delivery as string, field });
}

/**
 * One contract's trades around `[begin, end)`: its front on each trading day (read a month
 * beyond both ends, and the last trading day before `begin` when that lies further back), or
 * every trade of a specific delivery.
 *
 * @param store - The store.
 * @param target - The curve.
 * @param query - The contract.
 * @param range - The series range, local midnights.
 * @returns The rows and the indices of the contract's rows.
 * @example
 * (await contractTrades(store, target, { period: ContractPeriod.MONTH, front: 1 }, range)).indices.length //~> 20
 */
export async function contractTrades(
  store: Store, target: OhlcTarget, query: ContractQuery, range: { begin: number; end: number },
): Promise<{ rows: OhlcRows; indices: Int32Array }> {
  const name = target.record.name;
  const choice = contractChoice(query, target.zone);
  let rows: OhlcRows;
  if (choice.delivery !== undefined) {
    rows = await readRows(store, name, { period: choice.period, delivery: choice.delivery });
  } else {
    const before = await store.latestTraded(name, range.begin - 1);
    const begin = before === null ? range.begin - MARGIN_MS : Math.min(before, range.begin - MARGIN_MS);
    rows = await readRows(store, name, { begin, end: range.end + MARGIN_MS, period: choice.period });
  }
  return { rows, indices: selectContract(rows.block.period, rows.block.delivery, rows.fronts, choice) };
}

/**
 * One column of rows by field tag (`open_interest` reads `openInterest`).
 *
 * @param block - The rows.
 * @param field - The field.
 * @returns The column.
 * @example
 * fieldColumn(block, OHLCField.SETTLEMENT) === block.settlement //=> true
 */
export function fieldColumn(block: OhlcBlock, field: OHLCField): Float64Array {
  return field.tag === 'open_interest' ? block.openInterest : block[field.tag as (typeof PRICES)[number] | 'volume'];
}

/** The unit a field's values are in: the curve's price unit; volume and open interest have none that converts. */
function fieldUnit(record: CurveRecord, field: OHLCField): { unit: string; denominator: string | null } {
  return (PRICES as readonly string[]).includes(field.tag) ? record : { unit: field.tag, denominator: null };
}

/**
 * Builds OHLC records of some rows, with the given price columns (aligned with `indices`) and
 * the volume and open interest of the rows.
 *
 * @param rows - The rows and fronts.
 * @param indices - The rows to build.
 * @param prices - Open, high, low, close, settlement for each picked row (null: none).
 * @param zone - The curve's zone (for the calendar dates).
 * @returns The records.
 * @example
 * ohlcItems(rows, Int32Array.of(0), { settlement: Float64Array.of(40.96) }, CET)[0].settlement //=> 40.96
 */
export function ohlcItems(
  rows: OhlcRows, indices: Int32Array, prices: Partial<Record<(typeof PRICES)[number], Float64Array>>, zone: Zone,
): OHLC[] {
  const dates = new Map<number, DateTime>();
  const date = (ms: number): DateTime => dates.get(ms) ?? (dates.set(ms, DateTime.fromMillis(ms, { zone })).get(ms) as DateTime);
  const b = rows.block;
  const num = (v: number): number | null => (v === v ? v : null);
  return Array.from(indices, (i, k) => new OHLC({
    product: new Product({ traded: date(b.traded[i]), period: ContractPeriod.byTag(b.period[i]), front: rows.fronts[i] < 0 ? null : rows.fronts[i], delivery: date(b.delivery[i]) }),
    ...Object.fromEntries(PRICES.map((f) => [f, prices[f] ? num(prices[f][k]) : null])),
    volume: num(b.volume[i]),
    openInterest: num(b.openInterest[i]),
  }));
}

async function ohlcBytes(store: Store, target: OhlcTarget, rows: OhlcRows, indices: Int32Array, unit: string | undefined): Promise<Uint8Array> {
  const { record } = target;
  const b = rows.block;
  let columns = PRICES.map((f) => pickRows(b[f], indices));
  let units = { unit: record.unit, denominator: record.denominator };
  if (unit !== undefined) ({ columns, ...units } = await convertPrices(store, columns, pickRows(b.traded, indices), record, unit));
  const [open, high, low, close, settlement] = columns as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  return ohlcListBytes({ curve: target.curve, ...units }, {
    traded: pickRows(b.traded, indices), period: Array.from(indices, (i) => b.period[i] as string), front: Int32Array.from(indices, (i) => rows.fronts[i] as number),
    delivery: pickRows(b.delivery, indices), open, high, low, close, settlement, volume: pickRows(b.volume, indices), openInterest: pickRows(b.openInterest, indices),
  }, target.zone);
}

const all = (n: number): Int32Array => Int32Array.from({ length: n }, (_, i) => i);

async function loadJson(context: RouteContext, request: FastifyRequest): Promise<Uint8Array> {
  const q = decodeOhlcLoad(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const range = tradingRange(q.begin, q.end, target.zone);
  const rows = await readRows(context.store, target.record.name, { ...range, ...(q.period && { period: q.period.tag }) });
  const filtered = q.period !== undefined && (q.front !== undefined || q.delivery !== undefined);
  const b = rows.block;
  const indices = filtered ? selectContract(b.period, b.delivery, rows.fronts, contractChoice({ ...q, period: q.period as ContractPeriod }, target.zone)) : all(b.traded.length);
  return ohlcBytes(context.store, target, rows, indices, q.unit);
}

async function latestJson(context: RouteContext, request: FastifyRequest): Promise<Uint8Array> {
  const q = decodeOhlcLatest(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const rows = await latestRows(context.store, target, q.date);
  return ohlcBytes(context.store, target, rows, all(rows.block.traded.length), q.unit);
}

async function latestPeriodsJson(context: RouteContext, request: FastifyRequest): Promise<PeriodseriesJson> {
  const field = decodeOhlcField((request.params as { field: string }).field);
  const q = decodeOhlcLatest(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const { block } = await latestRows(context.store, target, q.date);
  let values = fieldColumn(block, field);
  let units = { unit: target.record.unit, denominator: target.record.denominator };
  if (q.unit !== undefined) ({ columns: [values], ...units } = await convertPrices(context.store, [values], block.traded, fieldUnit(target.record, field), q.unit));
  const merged = mergeForwardCurve({ period: block.period, delivery: block.delivery, values }, target.zone);
  const resolution = new Resolution(Frequency.NONE, q.timeZone ?? target.zone);
  return serializePeriodseries(new Periodseries({ curve: target.curve, resolution, ...merged, ...units }));
}

async function timeseriesJson(context: RouteContext, request: FastifyRequest): Promise<Uint8Array> {
  const field = decodeOhlcField((request.params as { field: string }).field);
  const q = decodeOhlcTimeseries(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const range = tradingRange(q.begin, q.end, target.zone);
  const { rows, indices } = await contractTrades(context.store, target, q, range);
  const times = pickRows(rows.block.traded, indices);
  let values = pickRows(fieldColumn(rows.block, field), indices);
  let units = { unit: target.record.unit, denominator: target.record.denominator };
  if (q.unit !== undefined) ({ columns: [values], ...units } = await convertPrices(context.store, [values], times, fieldUnit(target.record, field), q.unit));
  const days = stepStarts(range.begin, range.end, Frequency.P1D, target.zone);
  return timeseriesBytes(new Timeseries({
    curve: target.curve, resolution: new Resolution(Frequency.P1D, target.zone), contract: contractOf(q, field),
    times: days, values: contractDailySeries(days, times, values, fillModeOf(q.fill)), ...units,
  }));
}

/**
 * The ohlc section's routes.
 *
 * @example
 * createApp({ store, routes: [ohlcRoutes] });
 * ohlcRoutes.section //=> 'ohlc'
 */
export const ohlcRoutes: RouteModule = {
  section: 'ohlc',
  register(api, context) {
    api.get('/ohlc/:curve/', async (request, reply) => jsonBytesReply(reply, await loadJson(context, request)));
    api.get('/ohlc/:curve/latest/', async (request, reply) => jsonBytesReply(reply, await latestJson(context, request)));
    api.get('/ohlc/:curve/latest/periods/:field/', async (request) => latestPeriodsJson(context, request));
    api.get('/ohlc/:curve/timeseries/:field/', async (request, reply) => jsonBytesReply(reply, await timeseriesJson(context, request)));
  },
};
