// Time: zones (incl. Europe/Gas_Day), Frequency, Resolution, date helpers and the fast
// column helpers used by the engine.

export { GasDayZone } from './gas-day-zone';
export {
  CET,
  DEFAULT_ZONE,
  EET,
  GAS_DAY,
  REQUEST_ZONE_NAMES,
  TRT,
  UTC,
  WET,
  toZone,
  zoneByName,
  zoneName,
  type ZoneInput,
} from './zones';
export { localMillisOf, plainWallClockMillis, toDateTime, type TimeInput, type WallClockFields } from './to-date-time';
export {
  getDate,
  getDatetime,
  localTz,
  now,
  systemClock,
  toTimezone,
  today,
  type Clock,
} from './helpers';
export type { StepUnit } from './date-time-steps';
export { Frequency, type AnyCase, type FrequencyTag } from './frequency';
export { Resolution, type ResolutionDict } from './resolution';
export { floorMillis, shiftMillis, stepStarts } from './floor-millis';

// Calendar arithmetic on day numbers (days since 1970-01-01), shared with the wire's fast writers.
export { civilFromDays, wallClockInstants } from './wall-clock';

// The cached offsets of a zone (column code converting many instants).
export { tableFor } from './offset-table';

// Binary search in ascending time columns, shared by the model, the frames and the store.
export { firstAtOrAfter, stepRange } from './step-range';
