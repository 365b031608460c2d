/**
 * OHLC list JSON (docs/protocol.md#ohlc-json): `{curve, unit, denominator, data: [OHLC]}`, each OHLC with a
 * `product` (`traded_at`, `period`, `front`, `delivery`) and seven optional numbers.
 *
 * @module
 */
import { ContractPeriod, OHLC, OHLCList, Product } from '../../model';
import { parseCurve, serializeCurve, type CurveJson } from './curve';
import { readDate } from './parse-instant';
import { asArray, asObject, at, jsonBody, modelAt, optCount, optNumber, presentString, readTag } from './read';

/** The wire form of a product (note `traded_at`, not `traded`). */
export interface ProductJson {
  /** Trading day, `YYYY-MM-DD`. */
  traded_at: string;
  /** ContractPeriod tag. */
  period: string;
  /** 1 = closest contract, or null. */
  front: number | null;
  /** First day of delivery, `YYYY-MM-DD`. */
  delivery: string;
}

/** The wire form of one OHLC record. */
export interface OHLCJson {
  /** The traded product. */
  product: ProductJson;
  /** Opening price, or null. */
  open: number | null;
  /** Highest price, or null. */
  high: number | null;
  /** Lowest price, or null. */
  low: number | null;
  /** Closing price, or null. */
  close: number | null;
  /** Settlement price, or null. */
  settlement: number | null;
  /** Traded volume, or null. */
  volume: number | null;
  /** Open interest, or null. */
  open_interest: number | null;
}

/** The wire form of an OHLC list. */
export interface OHLCListJson {
  /** The curve, or null. */
  curve: CurveJson | null;
  /** Unit, or null. */
  unit: string | null;
  /** Denominator, or null. */
  denominator: string | null;
  /** The records. */
  data: OHLCJson[];
}

/**
 * Parses a product: `traded_at`, `period` and `delivery` are required (dates; a date-time keeps
 * its date part as written), `front` is optional.
 *
 * @param json - The product object.
 * @param path - Where it sits in the body, for messages.
 * @returns The product.
 * @throws ParseException for a missing or bad member.
 * @example
 * parseProduct({ traded_at: '2020-01-02', period: 'month', front: 1, delivery: '2020-02-01' }).front //=> 1
 */
export function parseProduct(json: unknown, path = 'product'): Product {
  const obj = asObject(json, path);
  const traded = readDate(obj.traded_at, at(path, 'traded_at'));
  const period = readTag(ContractPeriod, obj, 'period', path, true);
  const front = optCount(obj, 'front', path);
  const delivery = readDate(obj.delivery, at(path, 'delivery'));
  return modelAt(path, () => new Product({ traded, period, front, delivery }));
}

/**
 * Writes a product.
 *
 * @param product - The product.
 * @returns The wire object.
 * @example
 * serializeProduct(product) //=> { traded_at: '2020-01-02', period: 'month', front: 1, delivery: '2020-02-01' }
 */
export function serializeProduct(product: Product): ProductJson {
  return {
    traded_at: product.traded.toISODate() ?? '',
    period: product.period.tag,
    front: product.front,
    delivery: product.delivery.toISODate() ?? '',
  };
}

/**
 * Parses one OHLC record; `product` is required, each price may be missing or null.
 *
 * @param json - The record.
 * @param path - Where it sits in the body, for messages.
 * @returns The record.
 * @throws ParseException for a missing product or a bad member.
 * @example
 * parseOHLC({ product: { traded_at: '2020-01-02', period: 'day', delivery: '2020-01-03' }, settlement: 26.56 }).settlement //=> 26.56
 */
export function parseOHLC(json: unknown, path = ''): OHLC {
  const obj = asObject(json, path);
  return new OHLC({
    product: parseProduct(obj.product, at(path, 'product')),
    open: optNumber(obj, 'open', path),
    high: optNumber(obj, 'high', path),
    low: optNumber(obj, 'low', path),
    close: optNumber(obj, 'close', path),
    settlement: optNumber(obj, 'settlement', path),
    volume: optNumber(obj, 'volume', path),
    openInterest: optNumber(obj, 'open_interest', path),
  });
}

/**
 * Writes one OHLC record with all seven prices (null when unset).
 *
 * @param ohlc - The record.
 * @returns The wire object.
 * @example
 * serializeOHLC(ohlc).open_interest //=> 10678
 */
export function serializeOHLC(ohlc: OHLC): OHLCJson {
  return {
    product: serializeProduct(ohlc.product),
    open: ohlc.open,
    high: ohlc.high,
    low: ohlc.low,
    close: ohlc.close,
    settlement: ohlc.settlement,
    volume: ohlc.volume,
    open_interest: ohlc.openInterest,
  };
}

/**
 * Parses a JSON array of OHLC records (the `ohlc` member of an SRMC result).
 *
 * @param json - The array.
 * @param path - Where it sits in the body, for messages.
 * @returns The records.
 * @throws ParseException when it is not an array or a record is bad (`ohlc[2].product.period: ...`).
 * @example
 * parseOHLCArray([], 'ohlc') //=> []
 */
export function parseOHLCArray(json: unknown, path: string): OHLC[] {
  return asArray(json, path).map((item, i) => parseOHLC(item, `${path}[${i}]`));
}

/**
 * Parses an OHLC list (`ohlc.load`, `ohlc.latest`); `data` must be an array (`[]` when empty).
 *
 * @param json - The list object (or its JSON text).
 * @param path - Where it sits in the body, for messages.
 * @returns The list, with curve, unit and denominator.
 * @throws ParseException when `data` is missing or a record is bad (`data[1].product.traded_at: ...`).
 * @example
 * parseOHLCList({ unit: 'EUR', denominator: 'MWh', data: [] }).unit //=> 'EUR'
 */
export function parseOHLCList(json: unknown, path = ''): OHLCList {
  const obj = asObject(path === '' ? jsonBody(json) : json, path);
  const curve = obj.curve ? parseCurve(obj.curve, at(path, 'curve')) : null;
  const items = parseOHLCArray(obj.data, at(path, 'data'));
  return new OHLCList(items, {
    curve,
    unit: presentString(obj, 'unit', path),
    denominator: presentString(obj, 'denominator', path),
  });
}

/**
 * Writes an OHLC list.
 *
 * @param list - The list.
 * @returns The wire object.
 * @example
 * serializeOHLCList(new OHLCList([], { unit: 'EUR' })) //=> { curve: null, unit: 'EUR', denominator: null, data: [] }
 */
export function serializeOHLCList(list: OHLCList): OHLCListJson {
  return {
    curve: list.curve ? serializeCurve(list.curve) : null,
    unit: list.unit,
    denominator: list.denominator,
    data: Array.from(list, serializeOHLC),
  };
}
