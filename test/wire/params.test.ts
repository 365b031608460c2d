import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import { Aggregation, Area, ContractPeriod, CurveType, Fill, Filter, OHLCField } from '../../src/model';
import { CET, Frequency, GAS_DAY, TRT, UTC } from '../../src/time';
import { QueryBuilder, QueryValues } from '../../src/wire/encode';
import {
  formatDate,
  formatDateTime,
  formatOffset,
  formatPercent,
  formatThreshold,
  formatTimeOfDay,
  parseBooleanText,
  parseDateText,
  parseDateTimeText,
  parseIntegerText,
  parseNumberText,
  parseThresholdText,
  parseTimeOfDayText,
  resolveDateTime,
  timeOfDayMillis,
  type WireDateTime,
} from '../../src/wire/formats';
import {
  decodeResample,
  decodeSelection,
  decodeSrmcFactors,
  decodeZoneAndUnit,
  encodeAggregation,
  encodeResample,
  encodeSelection,
  encodeSrmcFactors,
  encodeZoneAndUnit,
} from '../../src/wire/options';
import {
  AGGREGATION,
  AREA,
  BOOLEAN,
  CONTRACT_PERIOD,
  CURVE_TYPE,
  DATE,
  DATE_TIME,
  defaultParam,
  enumKind,
  enumLookup,
  FILL,
  FREQUENCY,
  HOUR_FILTER,
  integer,
  listParam,
  number,
  OHLC_FIELD,
  oneOf,
  optionalParam,
  requiredParam,
  STRING,
  THRESHOLD,
  TIME_OF_DAY,
  ZONE,
} from '../../src/wire/params';

function rejects(call: () => unknown, parameter: string | undefined, reason?: RegExp): void {
  try {
    call();
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).parameter, parameter);
    if (reason) assert.match((err as ValidationError).reason, reason);
    return;
  }
  assert.unreachable(`expected a ValidationError for ${parameter}`);
}

const wire = (text: string): WireDateTime => {
  const value = parseDateTimeText(text);
  if (!value) throw new Error(`not parsed: ${text}`);
  return value;
};

test('formatPercent rounds like Python: exact binary value, ties to even', () => {
  // Exact ties (odd multiples of 1/8) go to the even digit; toFixed would round them up.
  assert.is(formatPercent(0.125), '0.12%');
  assert.is(formatPercent(0.375), '0.38%');
  assert.is(formatPercent(0.625), '0.62%');
  assert.is(formatPercent(0.875), '0.88%');
  assert.is(formatPercent(50.125), '50.12%');
  // Not ties: the binary value lies above or below the half.
  assert.is(formatPercent(12.345), '12.35%');
  assert.is(formatPercent(2.675), '2.67%');
  assert.is(formatPercent(1.005), '1.00%');
  assert.is(formatPercent(12.3456), '12.35%');
  assert.is(formatPercent(99.999), '100.00%');
  assert.is(formatPercent(5), '5.00%');
  assert.is(formatPercent(0), '0.00%');
});

test('formatDateTime writes wall clock and offset of the value zone', () => {
  // 2020-03-29 CET: 01:59:59 is still winter time (+01:00); 03:00 is summer time (+02:00).
  assert.is(
    formatDateTime(DateTime.fromObject({ year: 2020, month: 3, day: 29, hour: 1, minute: 59, second: 59 }, { zone: CET })),
    '2020-03-29 01:59:59+01:00',
  );
  assert.is(formatDateTime(DateTime.fromObject({ year: 2020, month: 3, day: 29, hour: 3 }, { zone: CET })), '2020-03-29 03:00:00+02:00');
  // Gas_Day (docs/model.md#time-zones): UTC 2020-03-29 00:30 is 19:30 the day before at -05:00; 01:30 UTC is 21:30 at -04:00.
  assert.is(formatDateTime(DateTime.fromISO('2020-03-29T00:30:00Z').setZone(GAS_DAY)), '2020-03-28 19:30:00-05:00');
  assert.is(formatDateTime(DateTime.fromISO('2020-03-29T01:30:00Z').setZone(GAS_DAY)), '2020-03-28 21:30:00-04:00');
  assert.is(formatDateTime(DateTime.fromISO('2020-01-02T00:00:00.123Z', { zone: 'utc' })), '2020-01-02 00:00:00.123000+00:00');
  assert.is(formatDateTime(DateTime.fromISO('2020-01-01T12:00:00+05:30', { setZone: true })), '2020-01-01 12:00:00+05:30');
  assert.is(formatOffset(-210), '-03:30');
  assert.is(formatOffset(0), '+00:00');
  assert.is(formatDate(DateTime.fromISO('2020-06-01T23:00:00-04:00', { setZone: true })), '2020-06-01');
});

test('time of day, boolean and threshold formats', () => {
  assert.is(formatTimeOfDay({ hour: 3, minute: 0, second: 0, millisecond: 0 }), '03:00:00.000');
  assert.is(formatTimeOfDay({ hour: 23, minute: 59, second: 59, millisecond: 7 }), '23:59:59.007');
  assert.is(timeOfDayMillis({ hour: 6, minute: 30, second: 1, millisecond: 5 }), 23_401_005);
  assert.is(formatThreshold({ kind: 'count', count: 4 }), '4');
  assert.is(formatThreshold({ kind: 'percent', percent: 12.3456 }), '12.35%');
});

test('parseDateTimeText accepts the request date-time forms', () => {
  assert.equal(wire('2020-06-01'), {
    text: '2020-06-01',
    year: 2020,
    month: 6,
    day: 1,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
    offsetMinutes: null,
    hasTime: false,
  });
  assert.equal(wire('2020-06-01 06:30').hour, 6);
  assert.is(wire('2020-06-01T06:30:15').second, 15);
  assert.is(wire('2020-01-02 00:00:00.123456').millisecond, 123);
  assert.is(wire('2020-01-02 00:00:00.5').millisecond, 500);
  assert.is(wire('2020-06-01T00:00:00Z').offsetMinutes, 0);
  assert.is(wire('2020-06-01T00:00:00+02:00').offsetMinutes, 120);
  assert.is(wire('2020-06-01T00:00:00-0330').offsetMinutes, -210);
  assert.is(wire('2020-06-01T00:00-05').offsetMinutes, -300);
  assert.is(wire('2020-06-01 00:00:00+00:00').hasTime, true);
  for (const bad of [
    '',
    '2020-6-1',
    '2020-02-30',
    '2020-06-01 24:00',
    '2020-06-01 12',
    '2020-06-01Z',
    '2020-06-01T00:00+24:00',
    'today',
    '2020-06-01  00:00',
  ]) {
    assert.is(parseDateTimeText(bad), undefined, bad);
    // asked again (kept from the first time): the same answer
    assert.is(parseDateTimeText(bad), undefined, bad);
  }
  // a repeated text gives the same frozen fields; 300 other texts later (more than are kept), equal ones
  const first = parseDateTimeText('2020-06-01 06:30+01:00');
  assert.ok(first !== undefined && Object.isFrozen(first));
  assert.is(parseDateTimeText('2020-06-01 06:30+01:00'), first);
  for (let i = 0; i < 300; i++)
    parseDateTimeText(`2021-01-01 00:${String(i % 60).padStart(2, '0')}:${String(Math.floor(i / 60)).padStart(2, '0')}`);
  assert.equal(parseDateTimeText('2020-06-01 06:30+01:00'), { ...first, hour: 6, minute: 30, offsetMinutes: 60 });
  assert.is(parseDateText('2020-12-01 10:00:00'), '2020-12-01');
  assert.is(parseDateText('2020-12-32'), undefined);
});

test('resolveDateTime: wall-clock values in the zone, offsets as instants', () => {
  // 03:00 on 2020-03-29 in CET is summer time, so 01:00 UTC.
  assert.is(resolveDateTime(wire('2020-03-29 03:00'), CET).toISO(), '2020-03-29T03:00:00.000+02:00');
  // Midnight 2020-10-25 in CET is still summer time (the change is at 03:00): 22:00 UTC the day before.
  assert.is(resolveDateTime(wire('2020-10-25'), CET).toMillis(), Date.UTC(2020, 9, 24, 22));
  assert.is(resolveDateTime(wire('2020-06-01T00:00:00Z'), CET).toISO(), '2020-06-01T02:00:00.000+02:00');
  // Gas_Day midnight in summer is UTC-04:00: 04:00 UTC.
  assert.is(resolveDateTime(wire('2020-06-01'), GAS_DAY).toMillis(), Date.UTC(2020, 5, 1, 4));
  assert.is(resolveDateTime(wire('2020-01-15 06:00+0530'), UTC).toISO(), '2020-01-15T00:30:00.000Z');
});

test('time, boolean and number texts', () => {
  assert.equal(parseTimeOfDayText('03:00'), { hour: 3, minute: 0, second: 0, millisecond: 0 });
  assert.equal(parseTimeOfDayText('12:00:00.500'), { hour: 12, minute: 0, second: 0, millisecond: 500 });
  for (const bad of ['3:00', '24:00', '12:60', '12:00:60', '12', 'noon', '12:00:00.']) assert.is(parseTimeOfDayText(bad), undefined, bad);
  assert.equal([parseBooleanText('true'), parseBooleanText('FALSE'), parseBooleanText('1')], [true, false, undefined]);
  assert.equal(
    [parseIntegerText('25'), parseIntegerText('-3'), parseIntegerText('2.0'), parseIntegerText('1e3')],
    [25, -3, undefined, undefined],
  );
  assert.equal([parseNumberText('7.0'), parseNumberText('.5'), parseNumberText('1e-05'), parseNumberText('1.')], [7, 0.5, 0.00001, 1]);
  for (const bad of ['inf', 'nan', '', '1,5', '0x10', '1e999']) assert.is(parseNumberText(bad), undefined, bad);
  assert.equal(parseThresholdText('4'), { kind: 'count', count: 4 });
  assert.equal(parseThresholdText('12.35%'), { kind: 'percent', percent: 12.35 });
  for (const bad of ['-1', '1.5', '101%', 'x%', '%']) assert.is(parseThresholdText(bad), undefined, bad);
});

test('DATE_TIME and DATE encode texts verbatim, DateTimes in their zone, Dates in UTC', () => {
  assert.is(DATE_TIME.encode('2020-06-01 00:00', 'begin'), '2020-06-01 00:00');
  assert.is(DATE_TIME.encode(new Date('2020-06-01T22:00:00.250Z'), 'begin'), '2020-06-01 22:00:00.250000+00:00');
  assert.is(DATE_TIME.encode(DateTime.fromISO('2020-06-01T10:00:00Z').setZone(GAS_DAY), 'begin'), '2020-06-01 06:00:00-04:00');
  rejects(() => DATE_TIME.encode(DateTime.invalid('test'), 'end'), 'end', /Provide a datetime/);
  rejects(() => DATE_TIME.encode({} as never, 'issued-at-latest'), 'issued-at-latest');
  assert.is(DATE.encode('2020-12-01 10:00:00', 'date'), '2020-12-01 10:00:00');
  // 23:00 at -04:00 on 1 June is 03:00 UTC on 2 June: a DateTime gives its own date, a Date its UTC date.
  assert.is(DATE.encode(DateTime.fromISO('2020-06-01T23:00:00-04:00', { setZone: true }), 'date'), '2020-06-01');
  assert.is(DATE.encode(new Date('2020-06-01T23:00:00-04:00'), 'date'), '2020-06-02');
  rejects(() => DATE.encode('01.06.2020', 'delivery'), 'delivery', /Not a valid date/);
  assert.is(DATE.decode('2020-12-01T10:00:00+01:00', 'date'), '2020-12-01');
  rejects(() => DATE_TIME.decode('2020-06-01 7am', 'begin'), 'begin');
});

test('TIME_OF_DAY takes texts, field objects and DateTimes', () => {
  assert.is(TIME_OF_DAY.encode('03:00', 'after-time-of-day'), '03:00');
  assert.is(TIME_OF_DAY.encode({ hour: 12, millisecond: 500 }, 'before-time-of-day'), '12:00:00.500');
  assert.is(TIME_OF_DAY.encode(DateTime.fromISO('2020-06-01T06:30:15.250+02:00', { setZone: true }), 'time-of-day'), '06:30:15.250');
  rejects(() => TIME_OF_DAY.encode({ hour: 24 }, 'time-of-day'), 'time-of-day', /Provide a time/);
  rejects(() => TIME_OF_DAY.encode({ hour: 1.5 }, 'time-of-day'), 'time-of-day');
  rejects(() => TIME_OF_DAY.encode('6 am', 'time-of-day'), 'time-of-day', /Not a valid time/);
  assert.equal(TIME_OF_DAY.decode('23:59:59.000', 'modified-at-latest'), { hour: 23, minute: 59, second: 59, millisecond: 0 });
});

test('scalar kinds: boolean, string, oneOf, integer, number', () => {
  assert.is(BOOLEAN.encode(false, 'tree'), 'false');
  rejects(() => BOOLEAN.encode('true' as never, 'tree'), 'tree', /Provide a boolean \(true or false\)/);
  assert.is(BOOLEAN.decode('TRUE', 'tree'), true);
  assert.is(STRING.encode('', 'tag'), '');
  rejects(() => STRING.encode(null as never, 'q'), 'q', /Provide a string/);
  const issued = oneOf(['earliest', 'latest'] as const);
  assert.is(issued.encode('latest', 'issued'), 'latest');
  rejects(() => issued.decode('LATEST', 'issued'), 'issued', /Allowed values are 'earliest', 'latest'/);
  const limit = integer({ min: 1, max: 25 });
  assert.is(limit.encode(25, 'limit'), '25');
  rejects(() => limit.encode(26, 'limit'), 'limit', /^Must be lower than 25, was 26$/);
  rejects(() => limit.encode(0, 'limit'), 'limit', /^Must be higher than 1, was 0$/);
  rejects(() => limit.encode(Number.NaN, 'limit'), 'limit', /^Provide an integer$/);
  rejects(() => limit.decode('+30', 'limit'), 'limit');
  assert.is(limit.decode('07', 'limit'), 7);
  const factor = number({ min: 0.01, max: 1 });
  assert.is(factor.encode(0.35, 'efficiency'), '0.35');
  assert.is(factor.encode('1.0', 'efficiency'), '1.0');
  assert.is(factor.encode(1, 'efficiency'), '1');
  rejects(() => factor.encode(0.005, 'efficiency'), 'efficiency', /higher than 0.01/);
  rejects(() => factor.encode('1.5', 'efficiency'), 'efficiency', /lower than 1/);
  rejects(() => factor.encode(Infinity, 'efficiency'), 'efficiency', /Provide a number/);
  assert.is(factor.decode('1e-1', 'efficiency'), 0.1);
});

test('enumeration kinds send members as tags and texts as typed', () => {
  assert.is(FREQUENCY.encode(Frequency.PT1H, 'frequency'), 'PT1H');
  assert.is(FREQUENCY.encode('pt60m', 'frequency'), 'pt60m');
  assert.ok(FREQUENCY.decode('PT60M', 'frequency') === Frequency.PT1H);
  rejects(() => FREQUENCY.encode(Aggregation.SUM as never, 'frequency'), 'frequency', /Not a valid Frequency: SUM/);
  assert.is(AGGREGATION.encode('mean', 'aggregation'), 'mean');
  assert.ok(AGGREGATION.decode('MEAN', 'aggregation') === Aggregation.AVERAGE);
  assert.is(HOUR_FILTER.encode(Filter.WORKDAYS, 'hour-filter'), 'WORKDAYS');
  rejects(() => HOUR_FILTER.encode('WEEKENDS', 'hour-filter'), 'hour-filter', /Not a valid Filter: 'WEEKENDS'/);
  assert.is(CURVE_TYPE.encode(CurveType.INSTANCE_PERIOD, 'curve-type'), 'INSTANCE_PERIOD');
  assert.is(CONTRACT_PERIOD.encode(ContractPeriod.MDEC, 'period'), 'mdec');
  assert.is(OHLC_FIELD.encode(OHLCField.OPEN_INTEREST, 'field'), 'open_interest');
  assert.is(AREA.encode(Area.byTag('DE-Amprion'), 'area'), 'DE-Amprion');
  assert.is(AREA.encode('', 'area'), '');
  assert.is(AREA.encode('no1', 'area'), 'no1');
  rejects(() => AREA.encode('Atlantis', 'area'), 'area', /Not a valid Area: 'Atlantis'/);
  const custom = enumKind('CurveType', enumLookup(CurveType));
  assert.ok(custom.decode('ohlc', 'curve-type') === CurveType.OHLC);
});

test('ZONE accepts only the six request zones', () => {
  assert.equal(
    [CET, UTC, TRT, GAS_DAY].map((z) => ZONE.encode(z, 'timezone')),
    ['CET', 'UTC', 'Europe/Istanbul', 'Europe/Gas_Day'],
  );
  assert.is(ZONE.encode(IANAZone.create('WET'), 'timezone'), 'WET');
  assert.is(ZONE.encode('Cet', 'timezone'), 'Cet');
  assert.is(ZONE.encode('EUROPE/ISTANBUL', 'timezone'), 'EUROPE/ISTANBUL');
  assert.is(ZONE.encode('Europe/Gas_Day', 'timezone'), 'Europe/Gas_Day');
  rejects(() => ZONE.encode('europe/gas_day', 'timezone'), 'timezone', /Not a supported timezone: 'europe\/gas_day'/);
  rejects(() => ZONE.encode(IANAZone.create('Europe/Brussels'), 'timezone'), 'timezone');
  rejects(() => ZONE.encode(FixedOffsetZone.instance(60), 'timezone'), 'timezone');
  rejects(() => ZONE.encode(IANAZone.create('Not/AZone'), 'timezone'), 'timezone');
  assert.ok(ZONE.decode('europe/gas_day', 'timezone') === GAS_DAY);
  assert.ok(ZONE.decode('eet', 'timezone').equals(IANAZone.create('EET')));
  rejects(() => ZONE.decode('Europe/Moscow', 'timezone'), 'timezone');
});

test('FILL lower-cases; THRESHOLD checks counts and percentages', () => {
  assert.is(FILL.encode('Fill-Holes', 'fill'), 'fill-holes');
  assert.is(FILL.encode(Fill.NO_FILL, 'fill'), 'no-fill');
  rejects(() => FILL.encode('backfill', 'fill'), 'fill', /Allowed values are: 'no-fill', 'fill-holes', 'forward-fill'/);
  assert.ok(FILL.decode('FORWARD-FILL', 'fill') === Fill.FORWARD_FILL);
  assert.is(THRESHOLD.encode({ kind: 'count', count: 0 }, 'threshold'), '0');
  assert.is(THRESHOLD.encode({ kind: 'percent', percent: 99.999 }, 'threshold'), '100.00%');
  rejects(() => THRESHOLD.encode({ kind: 'percent', percent: 100 }, 'threshold'), 'threshold');
  rejects(() => THRESHOLD.encode({ kind: 'percent', percent: '5' as never }, 'threshold'), 'threshold');
  rejects(() => THRESHOLD.encode({ kind: 'count', count: -1 }, 'threshold'), 'threshold', /higher than 0/);
});

test('parameter descriptors: optional, required, default and list', () => {
  const q = QueryValues.from('tags=ec&tags=gfs&unit=GW&source=null');
  const unit = optionalParam('unit', STRING);
  assert.equal([unit.encode(undefined), unit.encode(null), unit.encode('GW')], [[], [], ['GW']]);
  assert.is(unit.decode(q), 'GW');
  assert.is(optionalParam('q', STRING).decode(q), undefined);
  const begin = requiredParam('begin', DATE_TIME);
  rejects(() => begin.encode(undefined), 'begin', /^Provide a datetime$/);
  rejects(() => begin.decode(q), 'begin', /^Provide a datetime$/);
  const page = defaultParam('page', integer({ min: 1 }), 1);
  assert.equal([page.encode(undefined), page.encode(3)], [['1'], ['3']]);
  assert.is(page.decode(q), 1);
  const tags = listParam('tags', STRING);
  assert.equal([tags.encode('ec'), tags.encode(['ec', 'gfs']), tags.encode([]), tags.encode(null)], [['ec'], ['ec', 'gfs'], [], []]);
  assert.equal(tags.decode(q), ['ec', 'gfs']);
  assert.equal(listParam('exclude-tags', STRING).decode(q), []);
  rejects(() => tags.encode(['ec', null]), 'tags');
  assert.equal(listParam('source', STRING, { nullText: 'null' }).encode([null, 'EEX']), ['null', 'EEX']);
});

test('resample group: reference order, aggregation only with frequency', () => {
  const all = { timeZone: 'UTC', frequency: 'P1D', aggregation: 'SUM', hourFilter: 'BASE', thresholdPct: 0.125, unit: 'GWh/h' };
  assert.is(
    encodeResample(new QueryBuilder(), all).toString(),
    'timezone=UTC&frequency=P1D&aggregation=SUM&hour-filter=BASE&threshold=0.12%25&unit=GWh%2Fh',
  );
  assert.is(encodeResample(new QueryBuilder(), { ...all, frequency: null }).toString(), 'timezone=UTC&unit=GWh%2Fh');
  assert.is(
    encodeAggregation(new QueryBuilder(), { ...all, threshold: 3 }, { threshold: false }).toString(),
    'aggregation=SUM&hour-filter=BASE',
  );
  rejects(() => encodeResample(new QueryBuilder(), { ...all, threshold: 3 }), 'threshold', /Only one of 'threshold' and 'thresholdPct'/);
  rejects(() => encodeResample(new QueryBuilder(), { frequency: 'P1D', threshold: '3' as never }), 'threshold', /Provide an integer/);
  assert.is(encodeZoneAndUnit(new QueryBuilder(), { timeZone: GAS_DAY, unit: '°C' }).toString(), 'timezone=Europe%2FGas_Day&unit=%C2%B0C');
  const decoded = decodeResample(QueryValues.from('timezone=utc&frequency=p1d&aggregation=max&hour-filter=peak&threshold=7&unit=GW'));
  assert.ok(decoded.timeZone === UTC && decoded.frequency === Frequency.P1D);
  assert.ok(decoded.aggregation === Aggregation.MAX && decoded.hourFilter === Filter.PEAK);
  assert.equal([decoded.threshold, decoded.unit], [{ kind: 'count', count: 7 }, 'GW']);
  assert.equal(decodeResample(QueryValues.from('threshold=7'), { threshold: false }), {});
  assert.equal(decodeZoneAndUnit(QueryValues.from('frequency=bogus&unit=GW')), { unit: 'GW' });
});

test('SRMC factors group: reference order and bounds', () => {
  const factors = { carbonTaxArea: 'GB', efficiency: 0.42, carbonEmissions: 0.34056, api2TonneToMwh: 6.978, gasThermToMwh: 0.029307 };
  assert.is(
    encodeSrmcFactors(new QueryBuilder(), factors).toString(),
    'gas-therm-to-mwh=0.029307&api2-tonne-to-mwh=6.978&carbon-emissions=0.34056&efficiency=0.42&carbon-tax-area=GB',
  );
  rejects(() => encodeSrmcFactors(new QueryBuilder(), { efficiency: 0 }), 'efficiency');
  const decoded = decodeSrmcFactors(QueryValues.from('efficiency=1&carbon-tax-area=gb&api2-tonne-to-mwh=7.0'));
  assert.equal([decoded.efficiency, decoded.api2TonneToMwh, decoded.gasThermToMwh], [1, 7, undefined]);
  assert.ok(decoded.carbonTaxArea === Area.byTag('GB'));
});

test('instance selection group: reference order, chosen fields only, deprecated exludeTags', () => {
  const options = {
    issuedTimeOfDay: ['06:00'],
    issuedAtEarliest: '2020-01-01',
    issuedAtLatest: '2020-02-01',
    limit: 4,
    excludeTags: 'b',
    tags: 'a',
  };
  const limit = defaultParam('limit', integer({ min: 1, max: 25 }), 25);
  const fields = ['tags', 'excludeTags', 'limit', 'issuedAtLatest', 'issuedAtEarliest', 'issuedTimeOfDay'] as const;
  assert.is(
    encodeSelection(new QueryBuilder(), options, fields, limit).toString(),
    'tags=a&exclude-tags=b&limit=4&issued-at-latest=2020-02-01&issued-at-earliest=2020-01-01&issued-time-of-day=06%3A00',
  );
  assert.is(encodeSelection(new QueryBuilder(), options, ['issuedAtLatest', 'tags']).toString(), 'tags=a&issued-at-latest=2020-02-01');
  assert.is(encodeSelection(new QueryBuilder(), { exludeTags: ['x'] }, ['excludeTags']).toString(), 'exclude-tags=x');
  assert.is(encodeSelection(new QueryBuilder(), { excludeTags: 'y', exludeTags: ['x'] }, ['excludeTags']).toString(), 'exclude-tags=y');
  const decoded = decodeSelection(QueryValues.from('tags=a&limit=4&issued-at-latest=2020-02-01&issued-time-of-day=06%3A00'), fields, limit);
  assert.equal([decoded.tags, decoded.excludeTags, decoded.limit, decoded.issuedAtLatest?.month], [['a'], [], 4, 2]);
  assert.equal(decoded.issuedTimeOfDay, [{ hour: 6, minute: 0, second: 0, millisecond: 0 }]);
  assert.equal(decodeSelection(QueryValues.from('tags=a&limit=99'), ['excludeTags']), { tags: [], excludeTags: [], issuedTimeOfDay: [] });
});

test.run();
