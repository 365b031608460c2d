export { RESAMPLE_PARAMS, decodeResample, decodeZoneAndUnit, encodeAggregation, encodeResample, encodeZoneAndUnit } from './resample';
export type { AggregationChoice, ResampleOptions, ResampleQuery, ThresholdChoice, ZoneUnitOptions } from './resample';
export { SRMC_FACTOR_PARAMS, decodeSrmcFactors, encodeSrmcFactors } from './srmc-factors';
export type { SrmcFactors, SrmcFactorsQuery } from './srmc-factors';
export { SELECTION_PARAMS, decodeSelection, encodeSelection } from './instance-selection';
export type { InstanceSelection, InstanceSelectionQuery, SelectionField } from './instance-selection';
