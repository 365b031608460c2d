/**
 * SRMC answers as Arrow streams (docs/arrow.md#srmc): the columns of the part the answer carries
 * (OHLC records, a daily time series or a forward curve of periods) and, as `service.header`, the
 * SRMC JSON answer with that part's data left out, which also says which part it is.
 *
 * @module
 */
import { FixedOffsetZone } from 'luxon';
import { OHLCList, SRMC, type OHLC } from '../../model';
import { parseSRMC, serializeSRMC, serializeTimeseriesHead, type OhlcColumns } from '../json';
import { modelAt } from '../json/read';
import { ohlcParts, ohlcRecords } from './ohlc';
import { periodseriesHead, periodseriesOf, periodseriesParts } from './periodseries';
import { readStream, writeStream } from './stream';
import { timeseriesOf, timeseriesParts } from './timeseries';

const localDay = (t: OHLC['product']['traded']): number => Date.UTC(t.year, t.month - 1, t.day);

function nullable(list: readonly OHLC[], pick: (o: OHLC) => number | null): Float64Array {
  return Float64Array.from(list, (o) => pick(o) ?? Number.NaN);
}

/** OHLC records as the columns the OHLC encoder takes (local dates as UTC midnights). */
function columnsOfList(list: readonly OHLC[]): OhlcColumns {
  return {
    traded: Float64Array.from(list, (o) => localDay(o.product.traded)),
    period: list.map((o) => o.product.period.tag),
    front: Int32Array.from(list, (o) => o.product.front ?? -1),
    delivery: Float64Array.from(list, (o) => localDay(o.product.delivery)),
    open: nullable(list, (o) => o.open),
    high: nullable(list, (o) => o.high),
    low: nullable(list, (o) => o.low),
    close: nullable(list, (o) => o.close),
    settlement: nullable(list, (o) => o.settlement),
    volume: nullable(list, (o) => o.volume),
    openInterest: nullable(list, (o) => o.openInterest),
  };
}

/**
 * Writes an SRMC result as an Arrow IPC stream.
 *
 * @param srmc - The result (with one of OHLC records, a time series or a period series).
 * @returns The stream bytes.
 * @example
 * decodeSRMC(encodeSRMC(srmc)).equals(srmc) //=> true
 */
export function encodeSRMC(srmc: SRMC): Uint8Array {
  const {
    ohlc: _o,
    timeseries: _t,
    periodseries: _p,
    ...head
  } = serializeSRMC(
    new SRMC({
      curve: srmc.curve,
      unit: srmc.unit,
      denominator: srmc.denominator,
      contract: srmc.contract,
      options: srmc.options,
      ohlc: new OHLCList([]),
    }),
  );
  if (srmc.timeseries)
    return writeStream('srmc', { ...head, timeseries: serializeTimeseriesHead(srmc.timeseries) }, ...timeseriesParts(srmc.timeseries));
  if (srmc.periodseries)
    return writeStream('srmc', { ...head, periodseries: periodseriesHead(srmc.periodseries) }, ...periodseriesParts(srmc.periodseries));
  return writeStream('srmc', { ...head, ohlc: [] }, ...ohlcParts(columnsOfList([...(srmc.ohlc ?? [])]), FixedOffsetZone.utcInstance));
}

/**
 * Reads an SRMC result from an Arrow IPC stream written by {@link encodeSRMC}.
 *
 * @param bytes - The stream.
 * @returns The result, equal to the one the JSON answer gives.
 * @throws ParseException for bytes that are no such stream, bad metadata or a cut stream.
 * @example
 * decodeSRMC(bytes).hasOhlc() //=> true
 */
export function decodeSRMC(bytes: Uint8Array): SRMC {
  const stream = readStream(bytes, 'srmc');
  const head = (typeof stream.header === 'object' && stream.header !== null ? stream.header : {}) as Record<string, unknown>;
  if (head.timeseries !== null && head.timeseries !== undefined) {
    const shell = parseSRMC({ ...head, timeseries: { ...(head.timeseries as object), data: [] } });
    const timeseries = timeseriesOf(stream, head.timeseries, 'timeseries');
    return modelAt('', () => shell.with({ timeseries }));
  }
  if (head.periodseries !== null && head.periodseries !== undefined) {
    const shell = parseSRMC({ ...head, periodseries: { ...(head.periodseries as object), data: [] } });
    const periodseries = periodseriesOf(stream, head.periodseries, 'periodseries');
    return modelAt('', () => shell.with({ periodseries }));
  }
  return parseSRMC({ ...head, ohlc: ohlcRecords(stream) });
}
