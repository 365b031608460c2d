/**
 * The OHLC queries shared by the ohlc and srmc sections: locating an OHLC curve for a request,
 * reading trade rows (all, latest trading day, one contract), the contract a query names and the
 * model items of a set of rows. The sections only decode, call these and serialise.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { DateTime, type Zone } from 'luxon';
import { frontNumbers, selectContract, type ContractChoice } from 'service/engine';
import {
  ContinuousContract,
  ContractPeriod,
  OHLC,
  Product,
  SpecificContract,
  type Contract,
  type Curve,
  type OHLCField,
} from 'service/model';
import { zoneByName } from 'service/time';
import { parseDateTimeText, type WireDateTime } from '#wire';
import { SECTION_CURVE_TYPES } from '#wire';
import type { ContractQuery } from '../requests';
import type { RouteContext } from '../http/route-module';
import { userOf } from '../auth';
import { curveOf, dataCurve, requestRange } from './resample-series';
import type { CurveRecord, OhlcBlock, OhlcQuery, Store } from '../store';

const DAY_MS = 86_400_000;
/** Trades read around a continuous series' range, to fill its first days and find the next trade. */
const MARGIN_MS = 31 * DAY_MS;
/** The price columns of an OHLC row, in wire order. */
export const PRICES = ['open', 'high', 'low', 'close', 'settlement'] as const;

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
function dayStart(date: string, zone: Zone): number {
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
  store: Store,
  target: OhlcTarget,
  query: ContractQuery,
  range: { begin: number; end: number },
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
export function fieldUnit(record: CurveRecord, field: OHLCField): { unit: string; denominator: string | null } {
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
  rows: OhlcRows,
  indices: Int32Array,
  prices: Partial<Record<(typeof PRICES)[number], Float64Array>>,
  zone: Zone,
): OHLC[] {
  const dates = new Map<number, DateTime>();
  const date = (ms: number): DateTime => dates.get(ms) ?? (dates.set(ms, DateTime.fromMillis(ms, { zone })).get(ms) as DateTime);
  const b = rows.block;
  const num = (v: number): number | null => (v === v ? v : null);
  return Array.from(
    indices,
    (i, k) =>
      new OHLC({
        product: new Product({
          traded: date(b.traded[i]!),
          period: ContractPeriod.byTag(b.period[i]!),
          front: rows.fronts[i]! < 0 ? null : rows.fronts[i],
          delivery: date(b.delivery[i]!),
        }),
        ...Object.fromEntries(
          PRICES.map((f) => {
            const column = prices[f];
            return [f, column ? num(column[k]!) : null];
          }),
        ),
        volume: num(b.volume[i]!),
        openInterest: num(b.openInterest[i]!),
      }),
  );
}
