/**
 * The srmc section (docs/protocol.md#srmc, docs/semantics.md#srmc): the short-run marginal cost of a coal
 * or gas plant from the settlement prices of a coal or gas `OHLC` curve, in EUR/MWh, as OHLC
 * records (`/srmc/{curve}/` for a front or a delivery, `latest/`), a daily series
 * (`timeseries/`, with the three fill modes) or a forward curve (`latest/periods/`).
 *
 * Inputs besides the curve come from the dataset: the EUA price is the settlement of the front
 * December (`mdec`) contract of the `Carbon` OHLC curve on the trading day (else on the closest
 * earlier EUA trading day, at most a month back), FX rates are the FOREX curves (last rate on or
 * before the trading day). A missing input makes that row's SRMC null. `carbon-tax-area` adds
 * the area's flat tax (GB: 18 GBP/t); areas without a tax rule add nothing. `unit` converts the
 * result with the FX rate of the trading day.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from 'service/exceptions';
import { contractDailySeries, fillModeOf, mergeForwardCurve, pickRows, selectContract, valuesAtOrBefore } from 'service/engine';
import { CARBON_TAXES, priceCurrency, srmcFactors, srmcFuelOf, srmcValues, type SrmcFuel } from 'service/engine';
import { FuelType, OHLCField, OHLCList, Periodseries, SRMC, SRMCOptions, Timeseries, type Area, type Contract } from 'service/model';
import { Frequency, Resolution, stepStarts } from 'service/time';
import { SRMC_FACTOR_PARAMS } from '#wire';
import { decodeSrmcLatest, decodeSrmcLoad, type SrmcLatestQuery, type SrmcLoadQuery } from '../requests';
import { srmcReply } from '../http/arrow-reply';
import type { RouteContext, RouteModule } from '../http/route-module';
import { convertPrices, eurPerCurrency } from '../queries/fx-rates';
import { requestQuery } from '../queries/resample-series';
import type { CurveRecord, Store } from '../store';
import {
  contractChoice,
  contractOf,
  contractTrades,
  latestRows,
  ohlcItems,
  ohlcTarget,
  readRows,
  tradingRange,
  type OhlcRows,
  type OhlcTarget,
} from '../queries/ohlc';

const EUA_LOOKBACK_MS = 31 * 86_400_000;
const RESULT = { unit: 'EUR', denominator: 'MWh' };

/**
 * The dataset's EUA curve: the `OHLC` curve of commodity `Carbon` (one named `EUA` first).
 *
 * @param store - The store.
 * @returns The curve record.
 * @throws NotFoundError when the dataset has no carbon curve.
 * @example
 * (await euaCurve(store)).name //=> 'Futures EUA EUR/t ICE OHLC'
 */
async function euaCurve(store: Store): Promise<CurveRecord> {
  const { items } = await store.searchCurves({ curveType: 'OHLC', commodity: 'Carbon', pageSize: 1000 });
  const eua = items.find((c) => /\bEUA\b/i.test(c.name)) ?? items[0];
  if (eua === undefined) throw new NotFoundError('No EUA carbon curve (OHLC, commodity Carbon) in this dataset');
  return eua;
}

/**
 * The EUA price on each trading day: the settlement of the front December contract on that day,
 * else on the closest earlier EUA trading day (at most a month back).
 *
 * @param store - The store.
 * @param days - Trading days, epoch ms.
 * @returns EUR/t per day, NaN where none.
 * @throws NotFoundError when the dataset has no carbon curve.
 * @example
 * (await euaPrices(store, Float64Array.of(fri)))[0] //=> 60
 */
async function euaPrices(store: Store, days: Float64Array): Promise<Float64Array> {
  if (days.length === 0) return new Float64Array(0);
  const record = await euaCurve(store);
  const first = days.reduce((a, b) => Math.min(a, b));
  const last = days.reduce((a, b) => Math.max(a, b));
  const { block, fronts } = await readRows(store, record.name, { begin: first - EUA_LOOKBACK_MS, end: last + 1, period: 'mdec' });
  const front1 = selectContract(block.period, block.delivery, fronts, { period: 'mdec', front: 1 });
  return valuesAtOrBefore(pickRows(block.traded, front1), pickRows(block.settlement, front1), days, EUA_LOOKBACK_MS);
}

type Factors = Omit<SrmcLoadQuery, 'begin' | 'end' | 'period' | 'front' | 'delivery' | 'fill' | 'unit'>;

/** An SRMC calculation: the curve, its fuel, the effective factors and the carbon-tax area. */
interface Calculation extends OhlcTarget {
  fuel: SrmcFuel;
  factors: ReturnType<typeof srmcFactors>;
  taxArea: Area | null;
}

async function calculation(context: RouteContext, request: FastifyRequest, query: Factors): Promise<Calculation> {
  const target = await ohlcTarget(context, request);
  const fuel = srmcFuelOf(target.record);
  return { ...target, fuel, factors: srmcFactors(fuel, query), taxArea: query.carbonTaxArea ?? null };
}

/**
 * The SRMC (EUR/MWh) of some rows from their settlement prices, the EUA price and FX rates of
 * their trading days.
 *
 * @param store - The store.
 * @param calc - Curve, fuel, factors and tax area.
 * @param rows - The rows.
 * @param indices - The rows to compute.
 * @returns One SRMC per picked row, NaN = null.
 * @throws ValidationError (parameter `curve`) when the curve's unit does not fit its fuel or its
 *   currency has no rates; NotFoundError without an EUA curve.
 */
async function srmcOfRows(store: Store, calc: Calculation, rows: OhlcRows, indices: Int32Array): Promise<Float64Array> {
  const days = pickRows(rows.block.traded, indices);
  if (days.length === 0) return new Float64Array(0);
  const { unit, denominator } = calc.record;
  const eurPer = await eurPerCurrency(store, priceCurrency(unit), days, 'curve');
  const tax = calc.taxArea ? CARBON_TAXES[calc.taxArea.tag] : undefined;
  const taxEur = tax
    ? (await eurPerCurrency(store, tax.currency, days, SRMC_FACTOR_PARAMS.carbonTaxArea.name)).map((r) => r * tax.amount)
    : 0;
  return srmcValues({
    fuel: calc.fuel,
    prices: pickRows(rows.block.settlement, indices),
    unit,
    denominator,
    eurPerCurrency: eurPer,
    eua: await euaPrices(store, days),
    carbonTax: taxEur,
    factors: calc.factors,
  });
}

async function inUnit(store: Store, values: Float64Array, days: Float64Array, unit: string | undefined) {
  if (unit === undefined) return { values, ...RESULT };
  const { columns, ...units } = await convertPrices(store, [values], days, RESULT, unit);
  return { values: columns[0], ...units };
}

function result(
  calc: Calculation,
  units: { unit: string; denominator: string | null },
  contract: Contract | null,
  payload: { ohlc: OHLCList } | { timeseries: Timeseries } | { periodseries: Periodseries },
): SRMC {
  const options = new SRMCOptions({ fuelType: FuelType.byTag(calc.fuel), ...calc.factors, carbonTaxArea: calc.taxArea });
  return new SRMC({ curve: calc.curve, ...units, contract, options, ...payload });
}

async function ohlcResult(
  store: Store,
  calc: Calculation,
  rows: OhlcRows,
  indices: Int32Array,
  unit: string | undefined,
  contract: Contract | null,
) {
  const srmc = await inUnit(store, await srmcOfRows(store, calc, rows, indices), pickRows(rows.block.traded, indices), unit);
  const ohlc = new OHLCList(ohlcItems(rows, indices, { settlement: srmc.values }, calc.zone));
  return result(calc, srmc, contract, { ohlc });
}

async function loadJson(context: RouteContext, request: FastifyRequest): Promise<SRMC> {
  const q = decodeSrmcLoad(requestQuery(request));
  const calc = await calculation(context, request, q);
  const rows = await readRows(context.store, calc.record.name, { ...tradingRange(q.begin, q.end, calc.zone), period: q.period.tag });
  const indices = selectContract(rows.block.period, rows.block.delivery, rows.fronts, contractChoice(q, calc.zone));
  return ohlcResult(context.store, calc, rows, indices, q.unit, contractOf(q, null));
}

async function timeseriesJson(context: RouteContext, request: FastifyRequest): Promise<SRMC> {
  const q = decodeSrmcLoad(requestQuery(request));
  const calc = await calculation(context, request, q);
  const range = tradingRange(q.begin, q.end, calc.zone);
  const { rows, indices } = await contractTrades(context.store, calc, q, range);
  const times = pickRows(rows.block.traded, indices);
  const srmc = await inUnit(context.store, await srmcOfRows(context.store, calc, rows, indices), times, q.unit);
  const days = stepStarts(range.begin, range.end, Frequency.P1D, calc.zone);
  const contract = contractOf(q, OHLCField.SETTLEMENT);
  const timeseries = new Timeseries({
    curve: calc.curve,
    resolution: new Resolution(Frequency.P1D, calc.zone),
    contract,
    unit: srmc.unit,
    denominator: srmc.denominator,
    times: days,
    values: contractDailySeries(days, times, srmc.values, fillModeOf(q.fill)),
  });
  return result(calc, srmc, contract, { timeseries });
}

async function latestOf(
  context: RouteContext,
  request: FastifyRequest,
): Promise<{ q: SrmcLatestQuery; calc: Calculation; rows: OhlcRows; all: Int32Array }> {
  const q = decodeSrmcLatest(requestQuery(request));
  const calc = await calculation(context, request, q);
  const rows = await latestRows(context.store, calc, q.date);
  return { q, calc, rows, all: Int32Array.from({ length: rows.block.traded.length }, (_, i) => i) };
}

async function latestJson(context: RouteContext, request: FastifyRequest): Promise<SRMC> {
  const { q, calc, rows, all } = await latestOf(context, request);
  return ohlcResult(context.store, calc, rows, all, q.unit, null);
}

async function latestPeriodsJson(context: RouteContext, request: FastifyRequest): Promise<SRMC> {
  const { q, calc, rows, all } = await latestOf(context, request);
  const { block } = rows;
  const srmc = await inUnit(context.store, await srmcOfRows(context.store, calc, rows, all), block.traded, q.unit);
  const merged = mergeForwardCurve({ period: block.period, delivery: block.delivery, values: srmc.values }, calc.zone);
  const periodseries = new Periodseries({
    curve: calc.curve,
    resolution: new Resolution(Frequency.NONE, q.timeZone ?? calc.zone),
    unit: srmc.unit,
    denominator: srmc.denominator,
    ...merged,
  });
  return result(calc, srmc, null, { periodseries });
}

/**
 * The srmc section's routes.
 *
 * @example
 * createApp({ store, routes: [srmcRoutes] });
 * srmcRoutes.section //=> 'srmc'
 */
export const srmcRoutes: RouteModule = {
  section: 'srmc',
  register(api, context) {
    api.get('/srmc/:curve/', async (request, reply) => srmcReply(request, reply, await loadJson(context, request)));
    api.get('/srmc/:curve/timeseries/', async (request, reply) => srmcReply(request, reply, await timeseriesJson(context, request)));
    api.get('/srmc/:curve/latest/', async (request, reply) => srmcReply(request, reply, await latestJson(context, request)));
    api.get('/srmc/:curve/latest/periods/', async (request, reply) => srmcReply(request, reply, await latestPeriodsJson(context, request)));
  },
};
