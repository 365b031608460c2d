// Model: enumerations, areas and the immutable data objects (curves, places, instances,
// series, OHLC, SRMC, absolute results, pages). Imports only `src/time` and `src/exceptions`.

// Enumerations and areas
export * from './enums';
export * from './areas';

// Metadata
export { Subscription, type SubscriptionInit } from './subscription';
export { Curve, type CurveInit } from './curve';
export { Place, type PlaceInit } from './place';
export { Instance, type InstanceInit } from './instance';
export { InstanceList } from './instance-list';

// Contracts and market data
export type { DateInput } from './calendar-date';
export { ContinuousContract, type ContinuousContractInit } from './continuous-contract';
export { SpecificContract, type SpecificContractInit } from './specific-contract';
export { isContract, type Contract } from './contract';
export { Product, type ProductInit } from './product';
export { OHLC, type OHLCInit } from './ohlc';
export { OHLCList, type OHLCListInit } from './ohlc-list';

// Series
export { Series, type SeriesInit } from './series';
export type { ColumnInput } from './columns';
export type {
  MeanScenariosValue,
  ScenariosValue,
  TimeseriesItem,
  TimeseriesItemInput,
  Value,
} from './timeseries-items';
export { Timeseries, type ArithmeticOptions, type TimeseriesInit } from './timeseries';
export { TimeseriesList } from './timeseries-list';
export { align, type AlignOptions } from './timeseries-align';
export { concatTimeseries } from './timeseries-concat';
export type { Join } from './timeseries-join';
export type { ArithmeticOp, SeriesUnit } from './series-units';
export type { CapacityPeriod, Period, PeriodItemInput } from './periodseries-items';
export { Periodseries, type PeriodseriesInit } from './periodseries';
export { PeriodseriesList } from './periodseries-list';

// SRMC and absolute results
export { SRMCOptions, type SRMCOptionsInit } from './srmc-options';
export { SRMC, type SRMCInit } from './srmc';
export { AbsoluteItem, type AbsoluteItemInit } from './absolute-item';
export { AbsoluteResult, type AbsoluteResultInit } from './absolute-result';

// Paging
export { Page, type PageInit, type PageLoader } from './page';

// Display
export type { DisplayBundle } from './display';

// How the toolkit's errors print in notebooks (attached to ServiceError for its effect).
import './error-display';
