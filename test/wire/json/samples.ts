/**
 * Canonical bodies of the wire references (docs/protocol.md#json-shapes),
 * written the way our serialisers write them (every member present, date-times in the series'
 * zone), so that parse-then-serialise must give them back exactly.
 */

/** docs/protocol.md#curve-json: an exchange curve with a subscription. */
export const EXCHANGE_CURVE = {
  name: 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual',
  curve_type: 'TIMESERIES',
  area: 'CZ',
  area_sink: 'DE',
  place: null,
  categories: ['Exchange', 'Day-Ahead', 'Schedule'],
  resolution: { frequency: 'PT1H', timezone: 'CET' },
  unit: 'MWh/h',
  denominator: null,
  data_type: 'ACTUAL',
  source: null,
  commodity: 'Power',
  instance_issued_timezone: null,
  subscription: { access: 'FREEMIUM', type: 'FREEMIUM', label: 'Freemium' },
};

/** An instance curve (15-minute forecast, instances issued in UTC). */
export const FORECAST_CURVE = {
  ...EXCHANGE_CURVE,
  name: 'DE Wind Power Production MWh/h 15min Forecast',
  curve_type: 'INSTANCE',
  area: 'DE',
  area_sink: null,
  categories: ['Wind', 'Power', 'Production'],
  resolution: { frequency: 'PT15M', timezone: 'CET' },
  data_type: 'FORECAST',
  instance_issued_timezone: 'UTC',
  subscription: { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' },
};

/** A place with a child unit and a curve (docs/protocol.md#place-json). */
export const PLACE = {
  type: 'producer',
  key: 'pp-example-1',
  name: 'Example Plant',
  unit: null,
  fuels: ['Nuclear'],
  location: [53.85, 9.35],
  areas: ['DE'],
  children: [
    {
      type: 'producer',
      key: 'pp-example-1-u1',
      name: 'Example Plant 1',
      unit: 'Unit 1',
      fuels: [],
      location: null,
      areas: ['DE', 'NL'],
      children: [],
      curves: [],
    },
  ],
  curves: [FORECAST_CURVE],
};

/** An OHLC curve without an area. */
export const OHLC_CURVE = {
  ...EXCHANGE_CURVE,
  name: 'NP Futures Power Base EUR/MWh Nasdaq OHLC',
  curve_type: 'OHLC',
  area: 'NP',
  area_sink: null,
  categories: ['Futures', 'Power', 'Base'],
  resolution: { frequency: 'P1D', timezone: 'CET' },
  unit: 'EUR',
  denominator: 'MWh',
  data_type: 'OHLC',
  source: 'Nasdaq',
  subscription: null,
};

/** docs/protocol.md#ohlc-json OHLC records. */
export const OHLC_DATA = [
  {
    product: { traded_at: '2020-01-02', period: 'month', front: 1, delivery: '2020-02-01' },
    open: 35.4,
    high: 35.4,
    low: 34,
    close: 34,
    settlement: 34,
    volume: 394,
    open_interest: 10678,
  },
  {
    product: { traded_at: '2020-01-02', period: 'day', front: null, delivery: '2020-01-03' },
    open: null,
    high: null,
    low: null,
    close: null,
    settlement: 26.56,
    volume: null,
    open_interest: null,
  },
];
