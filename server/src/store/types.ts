/**
 * Records the store holds. Plain data (strings, numbers, typed arrays), no model classes, so that
 * any engine (the embedded DuckDB one, or a scale-out one) can implement {@link Store}.
 *
 * Conventions:
 * - instants are epoch milliseconds (`number`); `null` where absent;
 * - enum-like fields hold the wire tags exactly (`'TIMESERIES'`, `'PT15M'`, `'CET'`, `'producer'`);
 * - missing values inside a value column are `NaN` (serialised as JSON `null`).
 */

import type { CurveRecord } from '#wire';

/** A curve's metadata, as the service knows it (shared with the client's source reader). */
export type { CurveRecord };

/** A place (power plant, unit, river, weather station, city ...). */
export interface PlaceRecord {
  key: string;
  kind: string;
  name: string;
  unit: string | null;
  fuels: string[];
  latitude: number | null;
  longitude: number | null;
  areas: string[];
  /** Key of the plant a unit belongs to; `null` for top-level places. */
  parentKey: string | null;
}

/** One access grant: a package in an area (`power` + `DE`); area `*` means every area. */
export interface SubscriptionGrant {
  package: string;
  area: string;
}

export interface UserRecord {
  id: string;
  name: string;
  email: string | null;
  organization: string | null;
  blocked: boolean;
  subscriptions: SubscriptionGrant[];
}

/** An API key, stored only as a hash (hex SHA-256 of the key). */
export interface KeyRecord {
  hash: string;
  userId: string;
  label: string;
  created: number;
  blocked: boolean;
}

/** An instance of an INSTANCE or INSTANCE_PERIOD curve: identity (`issued`, lower-cased `tag`). */
export interface InstanceRecord {
  curve: string;
  issued: number;
  tag: string;
  created: number | null;
  modified: number | null;
  /** Names of the ensemble members, empty when the instance has none. */
  scenarioNames: string[];
}

/**
 * Fixed-interval values of one curve (and one instance, when `issued` is set), in columns.
 * `values` is the plain value (or the ensemble mean); `scenarios[k]` is member k, each aligned
 * with `times`. A pure scenario series (CLIMATE) has `values = null` and its scenarios.
 */
export interface SeriesBlock {
  curve: string;
  issued: number | null;
  tag: string | null;
  times: Float64Array;
  values: Float64Array | null;
  scenarios: Float64Array[];
  scenarioNames: string[];
}

/** Periods of a PERIOD curve (or of one instance of an INSTANCE_PERIOD curve), in columns. */
export interface PeriodBlock {
  curve: string;
  issued: number | null;
  tag: string | null;
  begins: Float64Array;
  ends: Float64Array;
  values: Float64Array;
  /** Installed capacity per period; `null` when the curve carries none. */
  capacities: Float64Array | null;
}

/** OHLC rows of one curve, in columns. `traded` and `delivery` are epoch ms of local midnight. */
export interface OhlcBlock {
  curve: string;
  traded: Float64Array;
  period: string[];
  delivery: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  settlement: Float64Array;
  volume: Float64Array;
  openInterest: Float64Array;
}

/** One entry of the event log (docs/semantics.md#events). */
export interface EventRecord {
  /** `<13-digit epoch ms>-<sequence>`, strictly increasing. */
  id: string;
  type: 'CURVE_UPDATE' | 'CURVE_TRUNCATE' | 'CURVE_DELETE';
  curve: string;
  begin: number | null;
  end: number | null;
  issued: number | null;
  tag: string | null;
  created: number;
}

/**
 * Everything one import writes. The store applies a batch atomically: all of it or nothing.
 * Data blocks replace the stored values at the same (curve, instance, timestamp) keys.
 */
export interface ImportBatch {
  curves?: CurveRecord[];
  places?: PlaceRecord[];
  users?: UserRecord[];
  keys?: KeyRecord[];
  instances?: InstanceRecord[];
  series?: SeriesBlock[];
  periods?: PeriodBlock[];
  ohlc?: OhlcBlock[];
}

/** What an import did: counts and the events it appended to the log. */
export interface ImportResult {
  curves: number;
  places: number;
  instances: number;
  values: number;
  periods: number;
  ohlcRows: number;
  events: EventRecord[];
}
