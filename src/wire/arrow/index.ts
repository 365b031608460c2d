// Arrow IPC answers (docs/arrow.md): the media type and its negotiation, and one encoder and
// decoder per answer shape, shared by the service and the client.
export * from './accept';
export { arrowZone, epochInt64, isReceivedColumn, SharedTimes, type TimesGiven } from './columns';
export { ARROW_MEDIA_TYPE } from './stream';
export {
  decodeTimeseries,
  decodeTimeseriesList,
  encodeTimeseries,
  encodeTimeseriesList,
  TimeseriesStream,
  type DecodeOptions,
  type TimeseriesRows,
} from './timeseries';
export { decodePeriodseries, decodePeriodseriesList, encodePeriodseries, encodePeriodseriesList } from './periodseries';
export { decodeOHLCList, encodeOHLCColumns } from './ohlc';
export * from './srmc';
export * from './absolute';
