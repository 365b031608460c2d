import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import { Aggregation, Area, ContractPeriod, CurveType, Fill, Filter, OHLCField } from '../../src/model';
import { CET, Frequency, GAS_DAY, TRT, UTC } from '../../src/time';
import { decodePath, optionName } from '../../src/wire/encode';
import type { Threshold } from '../../src/wire/formats';
import {
  formatRequestLine,
  instancesAbsolute,
  instancesGet,
  instancesLatest,
  instancesList,
  instancesLoad,
  instancesRelative,
  instancesRolling,
  instancesTags,
  metadataCategories,
  metadataCurve,
  metadataCurves,
  metadataExactCategories,
  metadataPlaces,
  ohlcLatest,
  ohlcLatestAsPeriods,
  ohlcLoad,
  ohlcLoadDeliveryAsTimeseries,
  ohlcLoadFrontAsTimeseries,
  periodInstancesGet,
  periodInstancesLatest,
  periodInstancesList,
  periodInstancesLoad,
  periodInstancesRelative,
  periodsLoad,
  srmcLatest,
  srmcLatestAsPeriods,
  srmcLoadDelivery,
  srmcLoadDeliveryAsTimeseries,
  srmcLoadFront,
  srmcLoadFrontAsTimeseries,
  timeseriesLoad,
  userUser,
  type RequestLine,
} from '../../src/wire/requests';
import {
  decodeInstancesAbsolute,
  decodeInstancesGet,
  decodeInstancesLatest,
  decodeInstancesList,
  decodeInstancesLoad,
  decodeInstancesRelative,
  decodeInstancesRolling,
  decodeIssued,
  decodeMetadataCurves,
  decodeMetadataPlaces,
  decodeOhlcField,
  decodeOhlcLatest,
  decodeOhlcLoad,
  decodeOhlcTimeseries,
  decodePeriodInstancesGet,
  decodePeriodInstancesLatest,
  decodePeriodInstancesList,
  decodePeriodInstancesLoad,
  decodePeriodInstancesRelative,
  decodePeriodsLoad,
  decodeSrmcLatest,
  decodeSrmcLoad,
  decodeTimeseriesLoad,
} from '../../server/src/requests';

const PAIRS: { request: string }[] = JSON.parse(readFileSync(join(__dirname, '../fixtures/wire-pairs.json'), 'utf8'));

const WA = 'DE Wind Power Production MWh/h 15min Actual';
const WF = 'DE Wind Power Production MWh/h 15min Forecast';
const REMIT = 'DE @Brokdorf Nuclear Capacity Available MW REMIT';
const NUC = 'DE Nuclear Capacity Available MW Capacity';
const NP = 'NP Futures Power Base EUR/MWh Nasdaq OHLC';
const COAL = 'Futures Coal API-2 USD/t ICE OHLC';
const utc = (iso: string): DateTime => DateTime.fromISO(iso, { zone: 'utc' });

// The equivalent TypeScript call for each of the 80 fixture request lines, by index.
const FIXTURE_CALLS: Record<number, () => RequestLine> = {
  0: () => metadataCategories(),
  1: () => metadataExactCategories(),
  2: () => metadataCurve(WA),
  3: () => metadataCurve(WF),
  4: () => metadataCurve('CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual'),
  5: () => metadataCurve(REMIT),
  6: () => metadataCurve(COAL),
  7: () => metadataCurves({ pageSize: 4 }),
  8: () => metadataCurves({ page: 2, pageSize: 4 }),
  9: () => metadataCurves({ page: 3, pageSize: 4 }),
  10: () =>
    metadataCurves({
      q: 'de wind',
      area: Area.byTag('DE'),
      curveType: CurveType.INSTANCE,
      dataType: 'forecast',
      category: ['Wind', 'Power'],
      exactCategory: 'Wind Power Production',
      commodity: 'Power',
      source: ['EEX', null],
      onlySubscribed: true,
      frequency: Frequency.PT15M,
      hasPlace: false,
      page: 1,
      pageSize: 10,
    }),
  11: () => metadataCurves({ q: 'zzzz' }),
  12: () => metadataPlaces(),
  13: () => metadataPlaces({ q: 'nuclear', area: 'DE', fuel: ['Nuclear', 'Coal'], kind: 'producer', tree: true }),
  14: () => userUser(),
  15: () => timeseriesLoad(WA, { begin: '2020-06-01', end: '2020-06-02' }),
  16: () =>
    timeseriesLoad(WA, {
      begin: '2020-06-01',
      end: new Date(Date.UTC(2020, 5, 2)),
      timeZone: GAS_DAY,
      frequency: Frequency.P1D,
      aggregation: Aggregation.MAX,
      hourFilter: Filter.PEAK,
      threshold: 4,
      unit: 'GWh/h',
    }),
  17: () => timeseriesLoad('DE Consumption Temperature °C 15min Climate', { begin: '2020-06-01', end: '2020-06-05' }),
  18: () =>
    timeseriesLoad('TR Spot Price TRY/MWh H Actual', { begin: '2020-06-01', end: '2020-06-05', frequency: 'P1D', thresholdPct: 12.3456 }),
  19: () => instancesTags({ name: WF, curveType: CurveType.INSTANCE }),
  20: () =>
    instancesList(WF, {
      tags: ['ec', 'gfs'],
      excludeTags: 'ecsr',
      limit: 10,
      issuedAtLatest: '2020-05-01 00:00:00',
      issuedAtEarliest: '2020-04-01',
      issuedTimeOfDay: [{ hour: 12 }, '03:00'],
    }),
  21: () => instancesList(WF),
  22: () =>
    instancesLoad(WF, {
      tags: 'ec',
      limit: 10,
      timeZone: UTC,
      frequency: 'P1D',
      aggregation: 'AVERAGE',
      hourFilter: 'OFFPEAK',
      threshold: 7,
      unit: 'GWh/h',
    }),
  23: () => instancesLoad(WF, { ensembles: true, limit: 10 }),
  24: () => instancesLatest(WF, { tags: 'ec', issuedAtLatest: '2020-06-01 00:00', issuedTimeOfDay: utc('2020-06-01T00:00:00Z') }),
  25: () => instancesLatest(WF, { ensembles: true }),
  26: () => instancesGet(WF, { issued: '2020-06-01 00:00:00', tag: 'gfs-ens' }),
  27: () => instancesGet(WF, { issued: utc('2020-06-01T00:00:00Z'), tag: 'EC-ENS', ensembles: true, frequency: Frequency.P1D }),
  28: () => instancesGet(WF, { issued: '2020-06-01' }),
  29: () =>
    instancesRelative(WF, {
      begin: '2020-06-01',
      end: '2020-06-05',
      tag: 'ec',
      daysAhead: 0,
      issued: 'earliest',
      timeOfDay: { hour: 0 },
      afterTimeOfDay: '06:00',
      beforeTimeOfDay: { hour: 12, millisecond: 500 },
      modifiedAtLatest: { hour: 23, minute: 59, second: 59 },
      frequency: 'PT1H',
      thresholdPct: 5,
    }),
  30: () => instancesRelative(WF, { begin: '2020-06-01', end: '2020-06-05', tag: 'ec' }),
  31: () =>
    instancesRolling(WF, {
      hoursAhead: 2,
      begin: '2023-10-01',
      end: '2023-10-02',
      tags: ['ec', 'gfs'],
      excludeTags: 'x',
      frequency: 'PT1H',
      hourFilter: 'PEAK',
      unit: 'GWh/h',
    }),
  32: () =>
    instancesAbsolute(WF, {
      delivery: '2023-10-05 12:00:00',
      begin: '2023-10-01 00:00:00',
      end: '2023-10-02 00:00:00',
      frequency: 'PT1H',
      timeZone: 'UTC',
      unit: 'GWh/h',
      tags: 'ec',
      excludeTags: 'gfs',
      aggregation: 'AVERAGE',
      hourFilter: 'PEAK',
    }),
  33: () => instancesAbsolute(WF, { delivery: '2023-10-05 12:00', begin: '2023-10-01', end: '2023-10-02' }),
  34: () => periodsLoad(NUC, { begin: '2020-01-01', end: '2020-06-01', timeZone: 'UTC', unit: 'GW' }),
  35: () =>
    periodInstancesList(REMIT, {
      tags: 'x',
      excludeTags: 'y',
      limit: 20,
      issuedAtLatest: '2019-12-31 23:59:59',
      issuedAtEarliest: '2019-01-01',
    }),
  36: () => periodInstancesLoad(REMIT, { begin: '2020-01-01', end: '2020-06-01' }),
  37: () => periodInstancesLatest(REMIT, { begin: '2020-01-01', end: '2020-06-01', issuedAtLatest: '2020-04-01 12:00:00' }),
  38: () =>
    periodInstancesGet(REMIT, {
      begin: '2020-01-01',
      end: '2020-06-01',
      issued: utc('2020-03-30T10:54:51Z'),
      tag: '  GGXXxM8VKmeHWrbHHx3rAg ',
    }),
  39: () => periodInstancesGet(REMIT, { begin: '2020-01-01', end: '2020-06-01', issued: '2020-03-30' }),
  40: () =>
    periodInstancesRelative(REMIT, {
      begin: '2020-01-01',
      end: '2020-06-01',
      daysAhead: 1,
      beforeTimeOfDay: { hour: 12 },
      timeZone: CET,
      unit: 'GW',
    }),
  41: () => ohlcLoad(NP, { begin: '2020-01-01', end: '2020-01-10', period: ContractPeriod.MONTH, front: 1 }),
  42: () => ohlcLoad(NP, { begin: '2020-01-01', end: '2020-01-10', period: 'month', delivery: '2020-06-01' }),
  43: () => ohlcLatest(NP, { date: '2020-12-01' }),
  44: () => ohlcLatestAsPeriods(NP, { date: '2020-12-01', timeZone: UTC }),
  45: () =>
    ohlcLoadFrontAsTimeseries(NP, {
      begin: '2020-01-01',
      end: '2020-01-10',
      period: 'month',
      front: 1,
      field: OHLCField.CLOSE,
      fill: Fill.FORWARD_FILL,
    }),
  46: () =>
    ohlcLoadDeliveryAsTimeseries(NP, {
      begin: '2020-01-01',
      end: '2020-01-10',
      period: 'month',
      delivery: '2020-06-01',
      field: 'close',
      // @ts-expect-error -- a value the types reject, to test the run-time check
      fill: 'Forward-Fill',
    }),
  47: () =>
    srmcLoadFront(COAL, { begin: '2020-12-01', end: '2020-12-30', period: 'month', front: 1, carbonEmissions: 0.35, efficiency: 0.2 }),
  48: () =>
    srmcLoadDelivery('NBP Futures Gas Base GBp/therm ICE OHLC', {
      begin: '2020-12-01',
      end: '2020-12-30',
      period: 'month',
      delivery: '2021-03-01',
      gasThermToMwh: 0.03,
      carbonTaxArea: Area.byTag('GB'),
    }),
  49: () => srmcLoadFrontAsTimeseries(COAL, { begin: '2020-12-01', end: '2020-12-30', period: 'month', front: 1, fill: 'fill-holes' }),
  50: () =>
    srmcLoadDeliveryAsTimeseries(COAL, {
      begin: '2020-12-01',
      end: '2020-12-30',
      period: 'month',
      delivery: '2021-03-01',
      api2TonneToMwh: '7.0',
    }),
  51: () => srmcLatest(COAL, { date: '2020-12-14' }),
  52: () => srmcLatestAsPeriods(COAL, { date: '2020-12-14', carbonTaxArea: 'GB', timeZone: 'UTC' }),
  53: () => metadataCurves(),
  54: () => instancesLoad(WF),
  55: () => periodsLoad(NUC, { begin: '2020-01-01', end: '2020-06-01' }),
  56: () => periodInstancesLoad(REMIT, { begin: '2020-01-01', end: '2020-02-01' }),
  57: () => ohlcLoad(NP, { begin: '2020-01-01', end: '2020-01-10' }),
  58: () => ohlcLatestAsPeriods(NP),
  59: () => ohlcLoadFrontAsTimeseries(NP, { begin: '2020-01-01', end: '2020-01-02', period: 'month', front: 1 }),
  60: () => srmcLatest(COAL),
  61: () => srmcLoadFrontAsTimeseries(COAL, { begin: '2020-12-01', end: '2020-12-02', period: 'month', front: 1 }),
  62: () => timeseriesLoad(WA, { begin: '2020-06-01', end: '2020-06-02', timeZone: 'utc' }),
  63: () => timeseriesLoad(WA, { begin: '2020-06-01', end: '2020-06-02', frequency: 'pt60m' }),
  // 0.125 is an exact binary tie: Python rounds half to even (0.12), toFixed would give 0.13.
  64: () => timeseriesLoad(WA, { begin: '2020-06-01', end: '2020-06-02', frequency: 'P1D', thresholdPct: 0.125 }),
  65: () => metadataCurves({ area: '' }),
  66: () => timeseriesLoad(WA, { begin: '2020-01-01 06:30:00', end: '2020-01-02 00:00:00.123456' }),
  67: () => instancesGet(WF, { issued: '2020-06-01T00:00:00+00:00', tag: 'ec' }),
  68: () => instancesGet(WF, { issued: '2020-06-01', tag: 'a/b c' }),
  69: () => instancesRelative(WF, { begin: '2020-06-01', end: '2020-06-02', tag: '' }),
  70: () => ohlcLoadFrontAsTimeseries(NP, { begin: '2020-01-01', end: '2020-01-02', period: 'month', front: 0 }),
  71: () => srmcLatest(COAL, { carbonEmissions: 0.5, efficiency: 1 }),
  72: () => srmcLoadFront(COAL, { begin: '2020-12-01', end: '2020-12-02', period: 'month', front: 1 }),
  73: () => ohlcLatest(NP, { date: '2020-12-01 10:00:00' }),
  74: () => metadataCurves({ q: 'wind' }),
  75: () => metadataCurves({ q: 'zzz' }),
  76: () => metadataPlaces({ q: 'zzz', page: 5 }),
  77: () => metadataCurves({ pageSize: 10 }),
  // 2023-01-01 01:15 in CET is winter time, UTC+01:00.
  78: () =>
    timeseriesLoad(WA, {
      begin: DateTime.fromObject({ year: 2023, month: 1, day: 1, hour: 1, minute: 15 }, { zone: CET }),
      end: DateTime.fromObject({ year: 2023, month: 1, day: 1, hour: 2 }, { zone: CET }),
    }),
  79: () => instancesGet({ name: WF, curveType: 'INSTANCE' }, { issued: new Date(Date.UTC(2023, 0, 1)), tag: 'ec' }),
};

const line = (r: RequestLine): string => `GET /api${formatRequestLine(r)}`;

test('the fixture holds 80 request lines and every one has a call', () => {
  assert.is(PAIRS.length, 80);
  assert.equal(
    Object.keys(FIXTURE_CALLS)
      .map(Number)
      .sort((a, b) => a - b),
    [...Array(80).keys()],
  );
});

for (let i = 0; i < 80; i++) {
  test(`fixture request ${i} is reproduced byte for byte`, () => {
    assert.is(line(FIXTURE_CALLS[i]!()), PAIRS[i]!.request);
  });
}

// Request lines of docs/protocol.md#endpoints (observed from the reference client).
const DOC_LINES: [string, () => RequestLine][] = [
  [
    'GET /api/metadata/curves/DE%3EFR%20Exchange%20Day-Ahead%20Schedule%20MWh%2Fh%20H%20Actual%20%2F%2050%25%20%26%20%3F%23%2B%20%C2%B0C/',
    () => metadataCurve('DE>FR Exchange Day-Ahead Schedule MWh/h H Actual / 50% & ?#+ °C'),
  ],
  [
    'GET /api/metadata/curves/?q=de+wind&area=DE&curve-type=INSTANCE&data-type=forecast&category=Wind&category=Power&exact-category=Wind+Power+Production&commodity=Power&source=EEX&source=null&only-subscribed=true&frequency=PT15M&has-place=false&page=2&page-size=10',
    () =>
      metadataCurves({
        q: 'de wind',
        area: 'DE',
        curveType: 'INSTANCE',
        dataType: 'forecast',
        category: ['Wind', 'Power'],
        exactCategory: 'Wind Power Production',
        commodity: 'Power',
        source: ['EEX', null],
        onlySubscribed: true,
        frequency: 'PT15M',
        hasPlace: false,
        page: 2,
        pageSize: 10,
      }),
  ],
  ['GET /api/metadata/curves/?page=1&page-size=50', () => metadataCurves({})],
  [
    'GET /api/metadata/places/?q=nuclear&area=DE&fuel=Nuclear&fuel=Coal&type=producer&tree=true&page=1&page-size=50',
    () => metadataPlaces({ q: 'nuclear', area: Area.byTag('de'), fuel: ['Nuclear', 'Coal'], kind: ['producer'], tree: true, page: 1 }),
  ],
  ['GET /api/metadata/places/?tree=false&page=1&page-size=50', () => metadataPlaces({ tree: false })],
  ['GET /api/timeseries/X%20Y/?begin=2020-01-01&end=2020-01-06', () => timeseriesLoad('X Y', { begin: '2020-01-01', end: '2020-01-06' })],
  [
    'GET /api/timeseries/X%20Y/?begin=2020-01-01+06%3A30%3A00&end=2020-01-02+00%3A00%3A00.123456',
    () => timeseriesLoad('X Y', { begin: '2020-01-01 06:30:00', end: '2020-01-02 00:00:00.123456' }),
  ],
  [
    // 2020-06-01 00:00 CET is summer time (CEST, UTC+02:00).
    'GET /api/timeseries/X%20Y/?begin=2020-06-01+00%3A00%3A00%2B02%3A00&end=2020-06-02+00%3A00%3A00%2B00%3A00&timezone=Europe%2FGas_Day&frequency=P1D&aggregation=MAX&hour-filter=PEAK&threshold=4&unit=GWh%2Fh',
    () =>
      timeseriesLoad('X Y', {
        begin: DateTime.fromObject({ year: 2020, month: 6, day: 1 }, { zone: CET }),
        end: utc('2020-06-02T00:00:00Z'),
        timeZone: 'Europe/Gas_Day',
        frequency: 'P1D',
        aggregation: 'MAX',
        hourFilter: 'PEAK',
        threshold: 4,
        unit: 'GWh/h',
      }),
  ],
  [
    'GET /api/timeseries/X%20Y/?begin=2020-01-01&end=2020-01-02&timezone=Europe%2FIstanbul&frequency=P1M&threshold=12.35%25',
    () => timeseriesLoad('X Y', { begin: '2020-01-01', end: '2020-01-02', timeZone: TRT, frequency: Frequency.P1M, thresholdPct: 12.345 }),
  ],
  [
    'GET /api/instances/X%20Y/list/?tags=ec&tags=gfs&exclude-tags=ecsr&limit=10&issued-at-latest=2020-05-01+00%3A00%3A00&issued-at-earliest=2020-04-01&issued-time-of-day=12%3A00%3A00.000&issued-time-of-day=03%3A00',
    () =>
      instancesList('X Y', {
        tags: ['ec', 'gfs'],
        exludeTags: ['ecsr'],
        limit: 10,
        issuedAtLatest: '2020-05-01 00:00:00',
        issuedAtEarliest: '2020-04-01',
        issuedTimeOfDay: ['12:00:00.000', '03:00'],
      }),
  ],
  ['GET /api/instances/X%20Y/list/?limit=25', () => instancesList('X Y', {})],
  [
    'GET /api/instances/X%20Y/?tags=ec&limit=10&timezone=UTC&frequency=P1D&aggregation=AVERAGE&hour-filter=OFFPEAK&threshold=7&unit=GWh%2Fh',
    () =>
      instancesLoad('X Y', {
        tags: ['ec'],
        limit: 10,
        timeZone: 'UTC',
        frequency: 'P1D',
        aggregation: Aggregation.AVERAGE,
        hourFilter: Filter.OFFPEAK,
        threshold: 7,
        unit: 'GWh/h',
      }),
  ],
  ['GET /api/instances/X%20Y/?limit=5', () => instancesLoad('X Y')],
  ['GET /api/ensembles/X%20Y/?limit=10', () => instancesLoad('X Y', { ensembles: true, limit: 10 })],
  [
    'GET /api/instances/X%20Y/get/latest/?tags=ec&issued-at-latest=2020-06-01+00%3A00&issued-time-of-day=00%3A00%3A00.000',
    () => instancesLatest('X Y', { tags: 'ec', issuedAtLatest: '2020-06-01 00:00', issuedTimeOfDay: { hour: 0 } }),
  ],
  ['GET /api/ensembles/X%20Y/get/latest/', () => instancesLatest('X Y', { ensembles: true })],
  [
    'GET /api/instances/X%20Y/get/2020-06-01%2000%3A00%3A00/gfs-ens/',
    () => instancesGet('X Y', { issued: '2020-06-01 00:00:00', tag: 'gfs-ens' }),
  ],
  [
    'GET /api/ensembles/X%20Y/get/2020-06-01%2000%3A00%3A00%2B00%3A00/ec/?frequency=P1D',
    () => instancesGet('X Y', { issued: new Date('2020-06-01T00:00:00Z'), tag: 'ec', ensembles: true, frequency: 'P1D' }),
  ],
  ['GET /api/instances/X%20Y/get/2020-06-01/', () => instancesGet('X Y', { issued: '2020-06-01', tag: '' })],
  [
    'GET /api/instances/X%20Y/get/relative/?begin=2020-06-01&end=2020-06-05&tag=ec&days-ahead=1&issued=latest',
    () => instancesRelative('X Y', { begin: '2020-06-01', end: '2020-06-05', tag: 'ec', daysAhead: 1, issued: 'latest' }),
  ],
  [
    'GET /api/instances/X%20Y/get/relative/?begin=2020-06-01&end=2020-06-05&tag=ec&days-ahead=0&issued=earliest&time-of-day=00%3A00%3A00.000&after-time-of-day=06%3A00&before-time-of-day=12%3A00%3A00.500&modified-at-latest=23%3A59%3A59.000&frequency=PT1H&threshold=5.00%25',
    () =>
      instancesRelative('X Y', {
        begin: '2020-06-01',
        end: '2020-06-05',
        tag: 'ec',
        daysAhead: 0,
        issued: 'earliest',
        timeOfDay: '00:00:00.000',
        afterTimeOfDay: '06:00',
        beforeTimeOfDay: '12:00:00.500',
        modifiedAtLatest: '23:59:59.000',
        frequency: 'PT1H',
        thresholdPct: 5,
      }),
  ],
  [
    'GET /api/instances/X%20Y/get/rolling/?hours-ahead=2&begin=2023-10-01&end=2023-10-02&tags=ec&tags=gfs&exclude-tags=x&frequency=PT1H&hour-filter=PEAK&unit=GWh%2Fh',
    () =>
      instancesRolling('X Y', {
        hoursAhead: 2,
        begin: '2023-10-01',
        end: '2023-10-02',
        tags: ['ec', 'gfs'],
        excludeTags: ['x'],
        frequency: 'PT1H',
        hourFilter: 'PEAK',
        unit: 'GWh/h',
      }),
  ],
  [
    'GET /api/instances/X%20Y/get/rolling/?hours-ahead=0&begin=2023-10-01&end=2023-10-02',
    () => instancesRolling('X Y', { begin: '2023-10-01', end: '2023-10-02' }),
  ],
  [
    'GET /api/instances/X%20Y/get/absolute/?delivery=2023-10-05+12%3A00%3A00&begin=2023-10-01+00%3A00%3A00&end=2023-10-02+00%3A00%3A00&frequency=PT1H&timezone=UTC&unit=GWh%2Fh&tags=ec&exclude-tags=gfs&aggregation=AVERAGE&hour-filter=PEAK',
    () =>
      instancesAbsolute('X Y', {
        delivery: '2023-10-05 12:00:00',
        begin: '2023-10-01 00:00:00',
        end: '2023-10-02 00:00:00',
        frequency: Frequency.PT1H,
        timeZone: UTC,
        unit: 'GWh/h',
        tags: ['ec'],
        excludeTags: ['gfs'],
        aggregation: 'AVERAGE',
        hourFilter: 'PEAK',
      }),
  ],
  [
    'GET /api/instances/X%20Y/get/absolute/?delivery=2023-10-05+12%3A00&begin=2023-10-01&end=2023-10-02',
    () => instancesAbsolute('X Y', { delivery: '2023-10-05 12:00', begin: '2023-10-01', end: '2023-10-02' }),
  ],
  [
    'GET /api/periods/P%20Q/?begin=2020-01-01&end=2020-06-01&timezone=UTC&unit=GW',
    () => periodsLoad('P Q', { begin: '2020-01-01', end: '2020-06-01', timeZone: 'UTC', unit: 'GW' }),
  ],
  [
    'GET /api/period-instances/P%20Q/list/?tags=x&exclude-tags=y&limit=20&issued-at-latest=2019-12-31+23%3A59%3A59&issued-at-earliest=2019-01-01',
    () =>
      periodInstancesList('P Q', { tags: 'x', excludeTags: 'y', issuedAtLatest: '2019-12-31 23:59:59', issuedAtEarliest: '2019-01-01' }),
  ],
  ['GET /api/period-instances/P%20Q/list/?limit=20', () => periodInstancesList('P Q')],
  [
    'GET /api/period-instances/P%20Q/?begin=2020-01-01&end=2020-06-01&limit=3',
    () => periodInstancesLoad('P Q', { begin: '2020-01-01', end: '2020-06-01' }),
  ],
  [
    'GET /api/period-instances/P%20Q/get/latest/?begin=2020-01-01&end=2020-06-01&issued-at-latest=2020-04-01+12%3A00%3A00',
    () => periodInstancesLatest('P Q', { begin: '2020-01-01', end: '2020-06-01', issuedAtLatest: '2020-04-01 12:00:00' }),
  ],
  [
    'GET /api/period-instances/P%20Q/get/2020-03-30%2010%3A54%3A51%2B00%3A00/GGXXxM8VKmeHWrbHHx3rAg/?begin=2020-01-01&end=2020-06-01',
    () =>
      periodInstancesGet('P Q', {
        begin: '2020-01-01',
        end: '2020-06-01',
        issued: '2020-03-30 10:54:51+00:00',
        tag: '  GGXXxM8VKmeHWrbHHx3rAg ',
      }),
  ],
  [
    'GET /api/period-instances/P%20Q/get/2020-03-30/?begin=2020-01-01&end=2020-06-01',
    () => periodInstancesGet('P Q', { begin: '2020-01-01', end: '2020-06-01', issued: '2020-03-30' }),
  ],
  [
    'GET /api/period-instances/P%20Q/get/relative/?begin=2020-01-01&end=2020-06-01&days-ahead=1&before-time-of-day=12%3A00%3A00.000&timezone=CET&unit=GW',
    () =>
      periodInstancesRelative('P Q', {
        begin: '2020-01-01',
        end: '2020-06-01',
        daysAhead: 1,
        beforeTimeOfDay: { hour: 12 },
        timeZone: 'CET',
        unit: 'GW',
      }),
  ],
  [
    'GET /api/ohlc/NP%20Futures%20Power%20Base%20EUR%2FMWh%20Nasdaq%20OHLC/?begin=2020-01-01&end=2020-01-10&period=month&front=1',
    () => ohlcLoad({ name: NP, curveType: CurveType.OHLC }, { begin: '2020-01-01', end: '2020-01-10', period: 'month', front: 1 }),
  ],
  [
    'GET /api/ohlc/NP%20Futures%20Power%20Base%20EUR%2FMWh%20Nasdaq%20OHLC/timeseries/close/?begin=2020-01-01&end=2020-01-10&period=month&delivery=2020-06-01&fill=forward-fill',
    () =>
      ohlcLoadDeliveryAsTimeseries(NP, {
        begin: '2020-01-01',
        end: '2020-01-10',
        period: ContractPeriod.MONTH,
        delivery: '2020-06-01',
        field: OHLCField.CLOSE,
        fill: 'forward-fill',
      }),
  ],
  [
    'GET /api/ohlc/NP%20Futures%20Power%20Base%20EUR%2FMWh%20Nasdaq%20OHLC/latest/periods/settlement/?date=2020-12-01&timezone=UTC',
    () => ohlcLatestAsPeriods(NP, { field: OHLCField.SETTLEMENT, date: '2020-12-01', timeZone: 'UTC' }),
  ],
  [
    'GET /api/srmc/Futures%20Coal%20API-2%20USD%2Ft%20ICE%20OHLC/?begin=2020-12-01&end=2020-12-30&period=month&front=1&carbon-emissions=0.35&efficiency=0.2',
    () =>
      srmcLoadFront(COAL, { begin: '2020-12-01', end: '2020-12-30', period: 'month', front: 1, carbonEmissions: 0.35, efficiency: 0.2 }),
  ],
  [
    'GET /api/srmc/Futures%20Coal%20API-2%20USD%2Ft%20ICE%20OHLC/latest/periods/?date=2020-12-14&carbon-tax-area=GB&timezone=UTC',
    () => srmcLatestAsPeriods(COAL, { date: '2020-12-14', carbonTaxArea: Area.byTag('GB'), timeZone: UTC }),
  ],
];

for (const [expected, call] of DOC_LINES) {
  test(`documented request line: ${expected.slice(0, 90)}`, () => {
    assert.is(line(call()), expected);
  });
}

test('the {issued} segment follows the table of docs/protocol.md#path-encoding', () => {
  const seg = (issued: string | Date | DateTime): string => instancesGet('X', { issued }).path.split('/')[4]!;
  assert.is(seg('2020-06-01'), '2020-06-01');
  assert.is(seg('2020-06-01 00:00:00'), '2020-06-01%2000%3A00%3A00');
  assert.is(seg(utc('2020-06-01T00:00:00Z')), '2020-06-01%2000%3A00%3A00%2B00%3A00');
  assert.is(seg('2020-06-01T00:00:00+00:00'), '2020-06-01T00%3A00%3A00%2B00%3A00');
  // 2020-06-01T06:00 in Europe/Gas_Day is summer time, UTC-04:00 (10:00 UTC).
  assert.is(seg(DateTime.fromISO('2020-06-01T10:00:00Z').setZone(GAS_DAY)), '2020-06-01%2006%3A00%3A00-04%3A00');
});

test('aggregation, hour filter and threshold are dropped without frequency', () => {
  const r = timeseriesLoad('X', {
    begin: '2020-01-01',
    end: '2020-01-02',
    // @ts-expect-error -- a value the types reject, to test the run-time check
    aggregation: 'NOPE',
    // @ts-expect-error -- a value the types reject, to test the run-time check
    hourFilter: 'NOPE',
    threshold: 4,
    thresholdPct: 3,
  });
  assert.is(r.query, 'begin=2020-01-01&end=2020-01-02');
});

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

const TS = { begin: '2020-01-01', end: '2020-01-02' };
const P1D = { ...TS, frequency: 'P1D' as const };

test('invalid time-series arguments are rejected with the parameter named', () => {
  rejects(() => timeseriesLoad('X', { end: '2020-01-02' } as never), 'begin', /^Provide a datetime$/);
  rejects(() => timeseriesLoad('X', { begin: 'yesterday', end: '2020-01-02' }), 'begin', /Not a valid datetime/);
  rejects(() => timeseriesLoad('X', { begin: '2020-02-30', end: '2020-03-01' }), 'begin');
  rejects(() => timeseriesLoad('X', { begin: 20200101 as never, end: '2020-01-02' }), 'begin');
  rejects(() => timeseriesLoad('X', { begin: new Date(NaN), end: '2020-01-02' }), 'begin');
  rejects(() => timeseriesLoad('X', { ...TS, end: undefined as never }), 'end');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => timeseriesLoad('X', { ...TS, frequency: 'P2D' }), 'frequency', /Not a valid Frequency: 'P2D'/);
  rejects(() => timeseriesLoad('X', { ...TS, timeZone: 'Europe/Oslo' }), 'timezone', /Not a supported timezone/);
  rejects(() => timeseriesLoad('X', { ...TS, timeZone: 'europe/gas_day' }), 'timezone');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => timeseriesLoad('X', { ...P1D, aggregation: 'MEDIAN' }), 'aggregation');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => timeseriesLoad('X', { ...P1D, hourFilter: 'WEEKENDS' }), 'hour-filter');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => timeseriesLoad('X', { ...P1D, threshold: 1, thresholdPct: 1 }), 'threshold', /Only one/);
  rejects(() => timeseriesLoad('X', { ...P1D, threshold: -1 }), 'threshold');
  rejects(() => timeseriesLoad('X', { ...P1D, threshold: 1.5 }), 'threshold');
  rejects(() => timeseriesLoad('X', { ...P1D, thresholdPct: 100 }), 'threshold');
  rejects(() => timeseriesLoad('X', { ...P1D, thresholdPct: -0.5 }), 'threshold');
  rejects(() => timeseriesLoad('X', { ...TS, unit: 5 as never }), 'unit', /Provide a string/);
});

test('curve arguments are checked (parameter curve)', () => {
  rejects(() => timeseriesLoad(null as never, TS), 'curve', /Provide a Curve or a curve name/);
  rejects(() => timeseriesLoad('', TS), 'curve');
  rejects(() => timeseriesLoad(42 as never, TS), 'curve');
  rejects(
    () => timeseriesLoad({ name: 'X', curveType: CurveType.INSTANCE }, TS),
    'curve',
    /must be any of TIMESERIES, SCENARIO_TIMESERIES/,
  );
  rejects(() => instancesList({ name: 'X', curveType: 'PERIOD' }), 'curve');
  rejects(() => periodInstancesList({ name: 'X', curveType: CurveType.INSTANCE }), 'curve');
  rejects(() => ohlcLatest({ name: 'X', curveType: CurveType.TIMESERIES }), 'curve');
  rejects(() => srmcLatest('NP Futures Power Base EUR/MWh Nasdaq OHLC'), 'curve', /coal or gas/);
  rejects(() => srmcLatest({ name: 'Coal X', curveType: CurveType.TIMESERIES }), 'curve');
  rejects(() => metadataCurve(undefined as never), 'name');
  // A plain name is not checked against the section; a matching Curve object passes.
  assert.is(timeseriesLoad({ name: 'X', curveType: CurveType.SCENARIO_TIMESERIES }, TS).path, '/timeseries/X/');
});

test('invalid instance arguments are rejected with the parameter named', () => {
  rejects(() => instancesList('X', { limit: 26 }), 'limit', /Must be lower than 25, was 26/);
  rejects(() => instancesList('X', { limit: 0 }), 'limit', /Must be higher than 1, was 0/);
  rejects(() => instancesList('X', { limit: 2.5 }), 'limit', /Provide an integer/);
  rejects(() => instancesList('X', { tags: ['ec', 3 as never] }), 'tags');
  rejects(() => instancesList('X', { excludeTags: 3 as never }), 'exclude-tags');
  rejects(() => instancesList('X', { issuedAtLatest: 'tomorrow' }), 'issued-at-latest');
  rejects(() => instancesList('X', { issuedTimeOfDay: ['12:00', '24:00'] }), 'issued-time-of-day');
  rejects(() => instancesList('X', { issuedTimeOfDay: { hour: 12, minute: 60 } }), 'issued-time-of-day');
  rejects(() => instancesLoad('X', { limit: 11, ensembles: true }), 'limit');
  assert.is(instancesLoad('X', { limit: 11 }).query, 'limit=11');
  rejects(() => instancesGet('X', {} as never), 'issued', /Provide a date or datetime/);
  rejects(() => instancesGet('X', { issued: '2020-06-01', tag: 5 as never }), 'tag');
  const rel = { begin: '2020-06-01', end: '2020-06-05', tag: 'ec' };
  rejects(() => instancesRelative('X', { ...rel, tag: undefined as never }), 'tag', /Provide a string/);
  rejects(() => instancesRelative('X', { ...rel, daysAhead: 10001 }), 'days-ahead');
  rejects(() => instancesRelative('X', { ...rel, daysAhead: -1 }), 'days-ahead');
  rejects(() => instancesRelative('X', { ...rel, issued: 'Latest' as never }), 'issued', /Allowed values/);
  rejects(() => instancesRelative('X', { ...rel, timeOfDay: '25:00' }), 'time-of-day');
  rejects(() => instancesRelative('X', { ...rel, afterTimeOfDay: 12 as never }), 'after-time-of-day');
  rejects(() => instancesRelative('X', { ...rel, modifiedAtLatest: 'noon' }), 'modified-at-latest');
  rejects(() => instancesRolling('X', { begin: '2023-10-01', end: '2023-10-02', hoursAhead: 25 }), 'hours-ahead');
  rejects(() => instancesAbsolute('X', { begin: '2023-10-01', end: '2023-10-02' } as never), 'delivery');
  rejects(() => periodInstancesList('X', { limit: 21 }), 'limit');
  rejects(() => periodInstancesLoad('X', { begin: '2020-01-01', end: '2020-02-01', limit: 0 }), 'limit');
  rejects(() => periodInstancesRelative('X', { begin: '2020-01-01', end: '2020-02-01' } as never), 'days-ahead');
  rejects(() => periodInstancesRelative('X', { begin: '2020-01-01', end: '2020-02-01', daysAhead: -1 }), 'days-ahead');
  rejects(() => periodInstancesGet('X', { begin: '2020-01-01', end: '2020-02-01', issued: 'soon' }), 'issued');
  // days-ahead of period instances has no upper bound.
  assert.match(periodInstancesRelative('X', { begin: '2020-01-01', end: '2020-02-01', daysAhead: 20000 }).query, /days-ahead=20000/);
});

test('invalid metadata arguments are rejected with the parameter named', () => {
  rejects(() => metadataCurves({ area: 'XX' }), 'area', /Not a valid Area: 'XX'/);
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => metadataCurves({ curveType: 'CURVE' }), 'curve-type');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => metadataCurves({ dataType: 'GUESS' }), 'data-type');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => metadataCurves({ frequency: 'PT7M' }), 'frequency');
  rejects(() => metadataCurves({ onlySubscribed: 'yes' as never }), 'only-subscribed', /boolean/);
  rejects(() => metadataCurves({ hasPlace: 1 as never }), 'has-place');
  rejects(() => metadataCurves({ category: [1 as never] }), 'category');
  rejects(() => metadataCurves({ page: 0 }), 'page');
  rejects(() => metadataCurves({ pageSize: 'ten' as never }), 'page-size');
  rejects(() => metadataPlaces({ tree: 'no' as never }), 'tree');
  rejects(() => metadataPlaces({ fuel: [null as never] }), 'fuel');
});

test('invalid OHLC and SRMC arguments are rejected with the parameter named', () => {
  const d = { begin: '2020-01-01', end: '2020-01-10' };
  rejects(() => ohlcLoad(NP, { ...d, front: 1 }), 'front', /together with 'period'/);
  rejects(() => ohlcLoad(NP, { ...d, delivery: '2020-06-01' }), 'delivery');
  rejects(() => ohlcLoad(NP, { ...d, period: 'month', front: 1, delivery: '2020-06-01' }), undefined, /At most one/);
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => ohlcLoad(NP, { ...d, period: 'fortnight' }), 'period');
  rejects(() => ohlcLoad(NP, { ...d, period: 'month', front: -1 }), 'front');
  rejects(() => ohlcLoad(NP, { ...d, begin: 'last week' }), 'begin', /Not a valid date/);
  rejects(() => ohlcLatest(NP, { date: 'today' }), 'date');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => ohlcLatestAsPeriods(NP, { field: 'median' }), 'field');
  rejects(() => ohlcLatestAsPeriods(NP, { timeZone: 'Europe/Moscow' }), 'timezone');
  rejects(() => ohlcLoadFrontAsTimeseries(NP, { ...d, front: 1 } as never), 'period');
  rejects(() => ohlcLoadFrontAsTimeseries(NP, { ...d, period: 'month' } as never), 'front');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => ohlcLoadFrontAsTimeseries(NP, { ...d, period: 'month', front: 1, fill: 'backfill' }), 'fill', /Allowed values are/);
  rejects(() => ohlcLoadDeliveryAsTimeseries(NP, { ...d, period: 'month' } as never), 'delivery');
  const c = { begin: '2020-12-01', end: '2020-12-02', period: 'month' as const, front: 1 };
  rejects(() => srmcLoadFront(COAL, { ...c, front: 0 }), 'front', /Must be higher than 1, was 0/);
  rejects(() => srmcLoadFront(COAL, { ...c, efficiency: 1.5 }), 'efficiency');
  rejects(() => srmcLoadFront(COAL, { ...c, carbonEmissions: 0.001 }), 'carbon-emissions');
  rejects(() => srmcLoadFront(COAL, { ...c, carbonTaxArea: 'XX' }), 'carbon-tax-area');
  rejects(() => srmcLoadFront(COAL, { ...c, gasThermToMwh: 'abc' }), 'gas-therm-to-mwh');
  rejects(() => srmcLoadFront(COAL, { ...c, api2TonneToMwh: Number.NaN }), 'api2-tonne-to-mwh');
  rejects(() => srmcLoadDelivery(COAL, { ...c, delivery: undefined } as never), 'delivery');
  rejects(() => srmcLatestAsPeriods(COAL, { timeZone: 'Asia/Tokyo' }), 'timezone');
  // @ts-expect-error -- a value the types reject, to test the run-time check
  rejects(() => srmcLoadFrontAsTimeseries(COAL, { ...c, fill: 'none' }), 'fill');
});

// A minimal router, as a service route table would dispatch: path segments first, then the query.
function decodeRequest(request: string): Record<string, unknown> {
  const [path, query = ''] = request.replace(/^GET \/api/, '').split('?');
  const [section, a, b, c, d] = decodePath(path!);
  const out = (x: object, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ ...x, ...extra });
  switch (section) {
    case 'metadata':
      if (b !== undefined) return { name: b };
      if (a === 'curves') return out(decodeMetadataCurves(query));
      return a === 'places' ? out(decodeMetadataPlaces(query)) : {};
    case 'user':
      return {};
    case 'timeseries':
      return out(decodeTimeseriesLoad(query), { curve: a });
    case 'instances':
    case 'ensembles': {
      const ensembles = section === 'ensembles';
      if (b === undefined) return out(decodeInstancesLoad(query, { ensembles }), { curve: a });
      if (b === 'tags') return { curve: a };
      if (b === 'list') return out(decodeInstancesList(query), { curve: a });
      if (c === 'latest') return out(decodeInstancesLatest(query), { curve: a });
      if (c === 'relative') return out(decodeInstancesRelative(query), { curve: a });
      if (c === 'rolling') return out(decodeInstancesRolling(query), { curve: a });
      if (c === 'absolute') return out(decodeInstancesAbsolute(query), { curve: a });
      return out(decodeInstancesGet(query), { curve: a, issued: decodeIssued(c!), tag: d ?? '' });
    }
    case 'periods':
      return out(decodePeriodsLoad(query), { curve: a });
    case 'period-instances':
      if (b === undefined) return out(decodePeriodInstancesLoad(query), { curve: a });
      if (b === 'list') return out(decodePeriodInstancesList(query), { curve: a });
      if (c === 'latest') return out(decodePeriodInstancesLatest(query), { curve: a });
      if (c === 'relative') return out(decodePeriodInstancesRelative(query), { curve: a });
      return out(decodePeriodInstancesGet(query), { curve: a, issued: decodeIssued(c!), tag: d ?? '' });
    case 'ohlc':
      if (b === undefined) return out(decodeOhlcLoad(query), { curve: a });
      if (b === 'latest') return out(decodeOhlcLatest(query), { curve: a, ...(d !== undefined && { field: decodeOhlcField(d) }) });
      return out(decodeOhlcTimeseries(query), { curve: a, field: decodeOhlcField(c!) });
    case 'srmc':
      return b === 'latest' ? out(decodeSrmcLatest(query), { curve: a }) : out(decodeSrmcLoad(query), { curve: a });
    default:
      throw new Error(`no route for ${request}`);
  }
}

const DECODED = PAIRS.map((p) => decodeRequest(p.request));

test('the service decodes every fixture request line', () => {
  assert.is(DECODED.length, 80);
  assert.is(DECODED[2]!.name, WA);
  assert.is(DECODED[4]!.name, 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual');
  assert.is(DECODED[17]!.curve, 'DE Consumption Temperature °C 15min Climate');
  assert.is(DECODED[47]!.curve, COAL);
});

test('decoded time-series parameters carry normalised values', () => {
  const t16 = DECODED[16];
  assert.ok(t16!.timeZone === GAS_DAY);
  assert.ok(t16!.frequency === Frequency.P1D);
  assert.ok(t16!.aggregation === Aggregation.MAX);
  assert.ok(t16!.hourFilter === Filter.PEAK);
  assert.equal(t16!.threshold, { kind: 'count', count: 4 } satisfies Threshold);
  assert.is(t16!.unit, 'GWh/h');
  assert.equal(t16!.end, {
    text: '2020-06-02 00:00:00+00:00',
    year: 2020,
    month: 6,
    day: 2,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
    offsetMinutes: 0,
    hasTime: true,
  });
  assert.equal(DECODED[18]!.threshold, { kind: 'percent', percent: 12.35 });
  assert.equal(DECODED[64]!.threshold, { kind: 'percent', percent: 0.12 });
  assert.ok(DECODED[62]!.timeZone === UTC);
  assert.ok(DECODED[63]!.frequency === Frequency.PT1H);
  assert.is((DECODED[66]!.end as { millisecond: number }).millisecond, 123);
  assert.is((DECODED[78]!.begin as { offsetMinutes: number }).offsetMinutes, 60);
});

test('decoded metadata, instance and market parameters carry normalised values', () => {
  const c10 = DECODED[10];
  assert.ok(c10!.area === Area.byTag('DE'));
  assert.ok(c10!.curveType === CurveType.INSTANCE);
  assert.is(String(c10!.dataType), 'FORECAST');
  assert.equal(c10!.category, ['Wind', 'Power']);
  assert.equal(c10!.source, ['EEX', null]);
  assert.equal([c10!.onlySubscribed, c10!.hasPlace, c10!.page, c10!.pageSize], [true, false, 1, 10]);
  assert.ok(DECODED[65]!.area === Area.byTag(''));
  assert.equal([DECODED[53]!.page, DECODED[53]!.pageSize], [1, 50]);
  assert.equal([DECODED[76]!.tree, DECODED[76]!.page], [false, 5]);
  assert.equal(DECODED[13]!.kind, ['producer']);
  assert.equal(DECODED[20]!.issuedTimeOfDay, [
    { hour: 12, minute: 0, second: 0, millisecond: 0 },
    { hour: 3, minute: 0, second: 0, millisecond: 0 },
  ]);
  assert.equal([DECODED[20]!.limit, DECODED[21]!.limit, DECODED[54]!.limit], [10, 25, 5]);
  assert.equal(DECODED[20]!.excludeTags, ['ecsr']);
  assert.equal([DECODED[26]!.tag, DECODED[68]!.tag, DECODED[38]!.tag], ['gfs-ens', 'a/b c', 'GGXXxM8VKmeHWrbHHx3rAg']);
  assert.is((DECODED[27]!.issued as { offsetMinutes: number }).offsetMinutes, 0);
  assert.is((DECODED[28]!.issued as { hasTime: boolean }).hasTime, false);
  const r29 = DECODED[29];
  assert.equal([r29!.tag, r29!.daysAhead, r29!.issued], ['ec', 0, 'earliest']);
  assert.equal(r29!.beforeTimeOfDay, { hour: 12, minute: 0, second: 0, millisecond: 500 });
  assert.equal(r29!.modifiedAtLatest, { hour: 23, minute: 59, second: 59, millisecond: 0 });
  assert.equal([DECODED[30]!.daysAhead, DECODED[30]!.issued, DECODED[69]!.tag], [1, 'latest', '']);
  assert.equal([DECODED[31]!.hoursAhead, DECODED[31]!.tags], [2, ['ec', 'gfs']]);
  assert.is((DECODED[33]!.delivery as { minute: number }).minute, 0);
  assert.equal([DECODED[36]!.limit, DECODED[35]!.limit], [3, 20]);
  assert.is(DECODED[40]!.daysAhead, 1);
  assert.ok(DECODED[40]!.timeZone === CET);
  assert.equal([String(DECODED[41]!.period), DECODED[41]!.front, DECODED[42]!.delivery], ['month', 1, '2020-06-01']);
  assert.equal([DECODED[57]!.period, DECODED[57]!.front], [undefined, undefined]);
  assert.ok(DECODED[45]!.field === OHLCField.CLOSE);
  assert.ok(DECODED[45]!.fill === Fill.FORWARD_FILL);
  assert.ok(DECODED[58]!.field === OHLCField.SETTLEMENT);
  assert.is(DECODED[70]!.front, 0);
  assert.is(DECODED[73]!.date, '2020-12-01');
  assert.equal([DECODED[47]!.carbonEmissions, DECODED[47]!.efficiency], [0.35, 0.2]);
  assert.equal([DECODED[48]!.gasThermToMwh, DECODED[48]!.delivery], [0.03, '2021-03-01']);
  assert.ok(DECODED[48]!.carbonTaxArea === Area.byTag('GB'));
  assert.is(DECODED[50]!.api2TonneToMwh, 7);
  assert.ok(DECODED[52]!.timeZone === UTC);
});

test('the service matches enum tags and zones ignoring case', () => {
  assert.ok(decodeTimeseriesLoad('begin=2020-01-01&end=2020-01-02&aggregation=mean').aggregation === Aggregation.AVERAGE);
  assert.ok(decodeTimeseriesLoad('begin=2020-01-01&end=2020-01-02&hour-filter=weekend').hourFilter === Filter.WEEKEND);
  assert.ok(decodeTimeseriesLoad('begin=2020-01-01&end=2020-01-02&timezone=europe%2Fgas_day').timeZone === GAS_DAY);
  assert.ok(decodeTimeseriesLoad('begin=2020-01-01&end=2020-01-02&timezone=EUROPE%2FISTANBUL').timeZone === TRT);
  assert.equal(decodeTimeseriesLoad('begin=2020-01-01&end=2020-01-02&threshold=100.00%25').threshold, { kind: 'percent', percent: 100 });
  assert.ok(decodeMetadataCurves('curve-type=instance_period').curveType === CurveType.INSTANCE_PERIOD);
});

test('the service rejects invalid queries with the parameter named', () => {
  const B = 'begin=2020-01-01&end=2020-01-02';
  rejects(() => decodeTimeseriesLoad('end=2020-01-02'), 'begin', /Provide a datetime/);
  rejects(() => decodeTimeseriesLoad('begin=2020-13-01&end=2020-01-02'), 'begin');
  rejects(() => decodeTimeseriesLoad('begin=2020-01-01'), 'end');
  rejects(() => decodeTimeseriesLoad(`${B}&timezone=Europe%2FOslo`), 'timezone');
  rejects(() => decodeTimeseriesLoad(`${B}&frequency=P2D`), 'frequency');
  rejects(() => decodeTimeseriesLoad(`${B}&threshold=abc`), 'threshold');
  rejects(() => decodeTimeseriesLoad(`${B}&threshold=-1`), 'threshold');
  rejects(() => decodeTimeseriesLoad(`${B}&threshold=100.5%25`), 'threshold');
  rejects(() => decodeInstancesList('limit=26'), 'limit');
  rejects(() => decodeInstancesList('limit=ten'), 'limit');
  rejects(() => decodeInstancesList('issued-time-of-day=7am'), 'issued-time-of-day');
  rejects(() => decodeInstancesLoad('limit=11', { ensembles: true }), 'limit');
  assert.is(decodeInstancesLoad('limit=11').limit, 11);
  rejects(() => decodeInstancesRelative(B), 'tag', /Provide a string/);
  rejects(() => decodeInstancesRelative(`${B}&tag=ec&issued=first`), 'issued');
  rejects(() => decodeInstancesRelative(`${B}&tag=ec&days-ahead=10001`), 'days-ahead');
  rejects(() => decodeInstancesRolling(`${B}&hours-ahead=25`), 'hours-ahead');
  rejects(() => decodeInstancesAbsolute(B), 'delivery');
  rejects(() => decodePeriodInstancesList('limit=21'), 'limit');
  rejects(() => decodePeriodInstancesRelative(B), 'days-ahead');
  rejects(() => decodeIssued('2020-06-01 25:00'), 'issued');
  rejects(() => decodeMetadataCurves('only-subscribed=maybe'), 'only-subscribed');
  rejects(() => decodeMetadataCurves('page=0'), 'page');
  rejects(() => decodeMetadataCurves('area=XX'), 'area');
  rejects(() => decodeMetadataPlaces('tree=1'), 'tree');
  rejects(() => decodeOhlcField('median'), 'field');
  rejects(() => decodeOhlcLoad(`${B}&front=1`), 'front', /together with 'period'/);
  rejects(() => decodeOhlcLoad(`${B}&delivery=2020-06-01`), 'delivery');
  rejects(() => decodeOhlcLoad(`${B}&period=month&front=1&delivery=2020-06-01`), undefined, /At most one/);
  rejects(() => decodeOhlcTimeseries(`${B}&period=month`), 'front', /Exactly one/);
  rejects(() => decodeOhlcTimeseries(`${B}&period=month&front=1&delivery=2020-06-01`), 'front');
  rejects(() => decodeOhlcTimeseries(`${B}&front=1`), 'period');
  rejects(() => decodeOhlcTimeseries(`${B}&period=month&front=1&fill=backfill`), 'fill');
  rejects(() => decodeSrmcLoad(`${B}&period=month&front=0`), 'front');
  rejects(() => decodeSrmcLatest('efficiency=2'), 'efficiency');
  rejects(() => decodeSrmcLatest('carbon-emissions=abc'), 'carbon-emissions');
  rejects(() => decodeSrmcLatest('date=soon'), 'date');
});

test('a client-side ValidationError names the option as written and keeps the wire name', () => {
  assert.equal(['hour-filter', 'timezone', 'issued-at-latest', 'api2-tonne-to-mwh', 'type', 'unit'].map(optionName), [
    'hourFilter',
    'timeZone',
    'issuedAtLatest',
    'api2TonneToMwh',
    'kind',
    'unit',
  ]);
  const cases: [() => unknown, string, string][] = [
    [() => timeseriesLoad('X', { ...P1D, hourFilter: 'PEAKS' as 'PEAK' }), 'hour-filter', 'hourFilter'],
    [() => timeseriesLoad('X', { ...TS, timeZone: 'Europe/Oslo' }), 'timezone', 'timeZone'],
    [() => timeseriesLoad('X', { ...TS, begin: 'nonsense' }), 'begin', 'begin'],
  ];
  for (const [call, wire, option] of cases) {
    try {
      call();
      assert.unreachable('should throw');
    } catch (err) {
      assert.instance(err, ValidationError);
      const e = err as ValidationError;
      assert.equal([e.parameter, e.option], [wire, option]);
      if (wire !== option) assert.ok(e.message.startsWith(`Field="${wire}" (option ${option}), message: `), e.message);
    }
  }
});

test.run();
