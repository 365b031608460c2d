/**
 * The ohlc section (docs/protocol.md#ohlc, docs/semantics.md#ohlc) for `OHLC` curves: `load` with period,
 * front and delivery filters, `latest` (closest earlier trading day), `latest/periods/{field}`
 * (finest-contract-wins forward curve) and `timeseries/{field}` (a continuous front or a
 * specific delivery as a daily series with the three fill modes). `unit` converts prices with
 * the FX rate of each row's trading day. The queries it shares with the srmc section are in
 * `../queries/ohlc.ts`.
 *
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contractDailySeries, fillModeOf, mergeForwardCurve, pickRows, selectContract } from 'service/engine';
import { type ContractPeriod, Periodseries, Timeseries } from 'service/model';
import { Frequency, Resolution, stepStarts } from 'service/time';
import { decodeOhlcField, decodeOhlcLatest, decodeOhlcLoad, decodeOhlcTimeseries } from '../requests';
import type { RouteContext, RouteModule } from '../http/route-module';
import { ohlcListReply, periodseriesReply, timeseriesReply } from '../http/arrow-reply';
import { convertPrices } from '../queries/fx-rates';
import {
  contractChoice,
  contractOf,
  contractTrades,
  fieldColumn,
  fieldUnit,
  latestRows,
  ohlcTarget,
  PRICES,
  readRows,
  tradingRange,
  type OhlcRows,
  type OhlcTarget,
} from '../queries/ohlc';
import { requestQuery } from '../queries/resample-series';
import type { Store } from '../store';

async function ohlcAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  store: Store,
  target: OhlcTarget,
  rows: OhlcRows,
  indices: Int32Array | null,
  unit: string | undefined,
): Promise<Buffer> {
  const { record } = target;
  const b = rows.block;
  // null: every row, in order (a list load without a contract filter): the store's columns as they are
  const pick = (column: Float64Array) => (indices === null ? column : pickRows(column, indices));
  let columns = PRICES.map((f) => pick(b[f]));
  let units = { unit: record.unit, denominator: record.denominator };
  if (unit !== undefined) ({ columns, ...units } = await convertPrices(store, columns, pick(b.traded), record, unit));
  const [open, high, low, close, settlement] = columns as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  return ohlcListReply(
    request,
    reply,
    { curve: target.curve, ...units },
    {
      traded: pick(b.traded),
      period: indices === null ? b.period : Array.from(indices, (i) => b.period[i]!),
      front: indices === null ? rows.fronts : Int32Array.from(indices, (i) => rows.fronts[i]!),
      delivery: pick(b.delivery),
      open,
      high,
      low,
      close,
      settlement,
      volume: pick(b.volume),
      openInterest: pick(b.openInterest),
    },
    target.zone,
  );
}

async function load(context: RouteContext, request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const q = decodeOhlcLoad(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const range = tradingRange(q.begin, q.end, target.zone);
  const rows = await readRows(context.store, target.record.name, { ...range, ...(q.period && { period: q.period.tag }) });
  const filtered = q.period !== undefined && (q.front !== undefined || q.delivery !== undefined);
  const b = rows.block;
  const indices = filtered
    ? selectContract(b.period, b.delivery, rows.fronts, contractChoice({ ...q, period: q.period as ContractPeriod }, target.zone))
    : null;
  return ohlcAnswer(request, reply, context.store, target, rows, indices, q.unit);
}

async function latest(context: RouteContext, request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const q = decodeOhlcLatest(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const rows = await latestRows(context.store, target, q.date);
  return ohlcAnswer(request, reply, context.store, target, rows, null, q.unit);
}

async function latestPeriods(context: RouteContext, request: FastifyRequest): Promise<Periodseries> {
  const field = decodeOhlcField((request.params as { field: string }).field);
  const q = decodeOhlcLatest(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const { block } = await latestRows(context.store, target, q.date);
  let values = fieldColumn(block, field);
  let units = { unit: target.record.unit, denominator: target.record.denominator };
  if (q.unit !== undefined)
    ({
      columns: [values],
      ...units
    } = await convertPrices(context.store, [values], block.traded, fieldUnit(target.record, field), q.unit));
  const merged = mergeForwardCurve({ period: block.period, delivery: block.delivery, values }, target.zone);
  const resolution = new Resolution(Frequency.NONE, q.timeZone ?? target.zone);
  return new Periodseries({ curve: target.curve, resolution, ...merged, ...units });
}

async function ohlcTimeseries(context: RouteContext, request: FastifyRequest): Promise<Timeseries> {
  const field = decodeOhlcField((request.params as { field: string }).field);
  const q = decodeOhlcTimeseries(requestQuery(request));
  const target = await ohlcTarget(context, request);
  const range = tradingRange(q.begin, q.end, target.zone);
  const { rows, indices } = await contractTrades(context.store, target, q, range);
  const times = pickRows(rows.block.traded, indices);
  let values = pickRows(fieldColumn(rows.block, field), indices);
  let units = { unit: target.record.unit, denominator: target.record.denominator };
  if (q.unit !== undefined)
    ({
      columns: [values],
      ...units
    } = await convertPrices(context.store, [values], times, fieldUnit(target.record, field), q.unit));
  const days = stepStarts(range.begin, range.end, Frequency.P1D, target.zone);
  return new Timeseries({
    curve: target.curve,
    resolution: new Resolution(Frequency.P1D, target.zone),
    contract: contractOf(q, field),
    times: days,
    values: contractDailySeries(days, times, values, fillModeOf(q.fill)),
    ...units,
  });
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
    api.get('/ohlc/:curve/', async (request, reply) => load(context, request, reply));
    api.get('/ohlc/:curve/latest/', async (request, reply) => latest(context, request, reply));
    api.get('/ohlc/:curve/latest/periods/:field/', async (request, reply) =>
      periodseriesReply(request, reply, await latestPeriods(context, request)),
    );
    api.get('/ohlc/:curve/timeseries/:field/', async (request, reply) =>
      timeseriesReply(request, reply, await ohlcTimeseries(context, request)),
    );
  },
};
