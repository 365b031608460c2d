/**
 * The area curves of the demo catalogue (docs/demo-data.md#curve-families): actuals, normals, synthetic,
 * backcast, value, climate, scenario, capacities and REMIT, forecasts; exchange curves per
 * border direction; aggregate and TSO-area actuals of the full preset.
 */
import { AGGREGATES, DE_TSO_SHARES, GFS_AREAS_FULL, type ActualFreq, type AreaProfile } from './area-profiles';
import type { Direction } from './borders';
import type { CatalogueBuilder } from './catalogue-builder';
import type { CurveDef } from './curve-names';
import { FUELS, FUEL_KEYS, type FuelKey } from './fuels';
import type { Preset } from './demo-window';

const ORDER: ActualFreq[] = ['PT15M', 'PT30M', 'PT1H'];

/** The coarsest of some frequencies (residual load uses the coarsest of its inputs). */
function coarsest(...freqs: ActualFreq[]): ActualFreq {
  return freqs.reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a));
}

/** The technologies of an area in naming order. @example
 * fleetsOf(AREA_PROFILES[2]) //=> ['nuclear', 'hardcoal', 'gas']
 */
function fleetsOf(area: AreaProfile): FuelKey[] {
  return FUEL_KEYS.filter((f) => (area.fleets[f] ?? 0) > 0);
}

/** The instance tags of an area's weather-driven forecast of one family. @example
 * weatherTags('small', 'DE', 'wind') //=> ['ec', 'gfs', 'ec-ens']
 */
function weatherTags(preset: Preset, area: string, family: string): string[] {
  const tags = ['ec'];
  if (preset === 'small') {
    if (area === 'DE') tags.push('gfs');
    if (area === 'DE' && family === 'wind') tags.push('ec-ens');
    return tags;
  }
  if (GFS_AREAS_FULL.includes(area)) tags.push('gfs');
  if ((area === 'DE' || area === 'FR') && (family === 'wind' || family === 'temperature')) tags.push('ec-ens');
  if (area === 'DE' && family === 'wind') tags.push('gfs-ens');
  if (area === 'DE') tags.push('ecsr', 'icon');
  return tags;
}

/** The full-preset areas with CLIMATE curves at H: the ten largest after DE. */
function hourlyClimateAreas(areas: readonly AreaProfile[]): Set<string> {
  const others = areas.filter((a) => a.tag !== 'DE').sort((a, b) => b.consumption.mean - a.consumption.mean);
  return new Set(others.slice(0, 10).map((a) => a.tag));
}

/**
 * Adds every curve of one area.
 *
 * Not split: a declarative list of the curves an area has, grouped by kind under comments; read as
 * the catalogue itself, it is clearer in one place than spread over helpers.
 *
 * @param b - The builder.
 * @param preset - The preset.
 * @param area - The area.
 * @param all - Every area of the preset (to pick the climate areas).
 * @example
 * const b = new CatalogueBuilder(); addAreaCurves(b, 'small', AREA_PROFILES[0], [AREA_PROFILES[0]]);
 * b.get('DE', 'spot')?.record.name //=> 'DE Price Spot EUR/MWh EPEX H Actual'
 */
export function addAreaCurves(b: CatalogueBuilder, preset: Preset, area: AreaProfile, all: readonly AreaProfile[]): void {
  const A = area.tag;
  const full = preset === 'full';
  const base = { area: A, timezone: area.zone, commodity: 'Power', package: 'power' };
  const ts = (categories: string[], unit: string, frequency: string, dataType: string, extra: Partial<CurveDef> = {}): CurveDef => ({
    ...base,
    categories,
    unit,
    frequency,
    dataType,
    curveType: 'TIMESERIES',
    ...extra,
  });
  const hasWind = area.windOn + area.windOff > 0;
  const hasSolar = area.solar > 0;
  const f = area.freq;
  const WIND = ['Wind', 'Power', 'Production'];
  const SOLAR = ['Solar', 'Photovoltaic', 'Production'];

  // actuals
  b.add(A, 'consumption', ts(['Consumption'], 'MWh/h', f.consumption, 'ACTUAL'));
  if (hasWind) {
    b.add(A, 'wind', ts(WIND, 'MWh/h', f.wind, 'ACTUAL'));
    if (area.windSplit) {
      b.add(A, 'wind-on', ts([...WIND, 'Onshore'], 'MWh/h', f.wind, 'ACTUAL'));
      b.add(A, 'wind-off', ts([...WIND, 'Offshore'], 'MWh/h', f.wind, 'ACTUAL'));
    }
  }
  if (hasSolar) b.add(A, 'solar', ts(SOLAR, 'MWh/h', f.solar, 'ACTUAL'));
  b.add(A, 'residual', ts(['Residual', 'Load'], 'MWh/h', coarsest(f.consumption, f.wind, f.solar), 'ACTUAL'));
  b.add(A, 'temperature', ts(['Consumption', 'Temperature'], '°C', 'PT1H', 'ACTUAL'));
  b.add(A, 'spot', ts(['Price', 'Spot'], 'EUR/MWh', 'PT1H', 'ACTUAL', { source: area.spot }));
  if (full) b.add(A, 'spot15', ts(['Price', 'Spot'], 'EUR/MWh', 'PT15M', 'ACTUAL', { source: area.spot }));
  const fleets = fleetsOf(area);
  for (const fuel of fleets) b.add(A, `prod:${fuel}`, ts([...FUELS[fuel].words, 'Production'], 'MWh/h', 'PT1H', 'ACTUAL'));
  if (fleets.some((x) => FUELS[x].hydro)) b.add(A, 'prod:hydro', ts(['Hydro', 'Power', 'Production'], 'MWh/h', 'PT1H', 'ACTUAL'));
  b.add(A, 'net-import', ts(['Exchange', 'Day-Ahead', 'Schedule', 'Net', 'Import'], 'MWh/h', 'PT1H', 'ACTUAL'));

  // normals, synthetic, backcast, value
  b.add(A, 'normal:consumption', ts(['Consumption'], 'MWh/h', 'PT15M', 'NORMAL'));
  if (hasWind) b.add(A, 'normal:wind', ts(WIND, 'MWh/h', 'PT15M', 'NORMAL'));
  if (hasSolar) b.add(A, 'normal:solar', ts(SOLAR, 'MWh/h', 'PT15M', 'NORMAL'));
  b.add(A, 'normal:residual', ts(['Residual', 'Load'], 'MWh/h', 'PT15M', 'NORMAL'));
  b.add(A, 'normal:temperature', ts(['Consumption', 'Temperature'], '°C', 'PT15M', 'NORMAL'));
  if (area.precipitation !== null) {
    b.add(A, 'normal:precip', ts(['Hydro', 'Precipitation', 'Energy'], 'MWh', 'PT1H', 'NORMAL'));
    b.add(A, 'synthetic:precip', ts(['Hydro', 'Precipitation', 'Energy'], 'MWh', 'PT1H', 'SYNTHETIC'));
    b.add(A, 'synthetic:reservoir', ts(['Hydro', 'Reservoir', 'Production'], 'MWh/h', 'PT1H', 'SYNTHETIC'));
  }
  if (A === 'DE') b.add(A, 'normal:snow', ts(['Hydro', 'Snow-and-Groundwater'], 'MWh', 'P1D', 'NORMAL'));
  b.add(A, 'backcast:consumption', ts(['Consumption'], 'MWh/h', 'PT15M', 'BACKCAST'));
  if (hasWind) b.add(A, 'backcast:wind', ts(WIND, 'MWh/h', 'PT15M', 'BACKCAST'));
  if (hasSolar) b.add(A, 'backcast:solar', ts(SOLAR, 'MWh/h', 'PT15M', 'BACKCAST'));
  b.add(A, 'holiday', ts(['Consumption', 'Holiday-Reduction'], '%', 'P1D', 'VALUE'));

  // climate and scenario
  const climateFreq = A === 'DE' ? 'PT15M' : full && hourlyClimateAreas(all).has(A) ? 'PT1H' : null;
  if (climateFreq) {
    const sc = (categories: string[]): CurveDef => ({
      ...ts(categories, 'MWh/h', climateFreq, 'CLIMATE'),
      curveType: 'SCENARIO_TIMESERIES',
    });
    if (hasWind) b.add(A, 'climate:wind', sc(WIND));
    if (full) {
      if (hasSolar) b.add(A, 'climate:solar', sc(SOLAR));
      b.add(A, 'climate:consumption', sc(['Consumption']));
      b.add(A, 'climate:residual', sc(['Residual', 'Load']));
    }
  }
  if (A === 'DE') {
    b.add(A, 'longterm', { ...ts(['Price', 'Spot', 'Long-term'], 'EUR/MWh', 'P1M', 'SCENARIO'), curveType: 'SCENARIO_TIMESERIES' });
  }

  // capacities
  const period = (categories: string[], dataType: string): CurveDef => ({
    ...base,
    categories,
    unit: 'MW',
    frequency: 'NONE',
    dataType,
    curveType: 'PERIOD',
  });
  if (hasWind) {
    b.add(A, 'installed:wind', period(['Wind', 'Power', 'Installed'], 'CAPACITY'));
    if (area.windSplit) {
      b.add(A, 'installed:wind-on', period(['Wind', 'Power', 'Installed', 'Onshore'], 'CAPACITY'));
      b.add(A, 'installed:wind-off', period(['Wind', 'Power', 'Installed', 'Offshore'], 'CAPACITY'));
    }
  }
  if (hasSolar) b.add(A, 'installed:solar', period(['Solar', 'Photovoltaic', 'Installed'], 'CAPACITY'));
  b.add(A, 'cons-capacity', period(['Consumption', 'Capacity', 'Available'], 'REMIT'));
  for (const fuel of fleets) {
    b.add(A, `remit:${fuel}`, {
      ...period([...FUELS[fuel].words, 'Capacity', 'Available'], 'REMIT'),
      curveType: 'INSTANCE_PERIOD',
      issuedZone: 'UTC',
    });
  }

  // forecasts
  const fc = (categories: string[], unit: string, frequency: string, issuedZone = 'UTC'): CurveDef => ({
    ...base,
    categories,
    unit,
    frequency,
    dataType: 'FORECAST',
    curveType: 'INSTANCE',
    issuedZone,
  });
  b.add(A, 'fc:consumption', fc(['Consumption'], 'MWh/h', 'PT15M'), weatherTags(preset, A, 'consumption'));
  if (hasWind) b.add(A, 'fc:wind', fc(WIND, 'MWh/h', 'PT15M'), weatherTags(preset, A, 'wind'));
  if (hasSolar) b.add(A, 'fc:solar', fc(SOLAR, 'MWh/h', 'PT15M'), weatherTags(preset, A, 'solar'));
  b.add(A, 'fc:residual', fc(['Residual', 'Load'], 'MWh/h', 'PT15M'), weatherTags(preset, A, 'residual'));
  b.add(A, 'fc:temperature', fc(['Consumption', 'Temperature'], '°C', 'PT15M'), weatherTags(preset, A, 'temperature'));
  const priceTags = weatherTags(preset, A, 'price').filter((t) => t === 'ec' || t === 'gfs');
  b.add(A, 'fc:spot', fc(['Price', 'Spot'], 'EUR/MWh', 'PT1H', 'CET'), priceTags);
  if (full && A === 'DE') b.add(A, 'fc:spot-ens', fc(['Price', 'Spot', 'Ensemble'], 'EUR/MWh', 'PT1H'), ['ec-ens']);
  if (area.nuclearForecast) b.add(A, 'fc:nuclear', fc(['Nuclear', 'Production'], 'MWh/h', 'PT15M'), ['ec']);
  if (full && (A === 'DE' || A === 'FR')) {
    b.add(A, 'fc:wind-mt', fc([...WIND, 'Medium-term'], 'MWh/h', 'PT15M'), ['ec-ext']);
    b.add(A, 'fc:temperature-mt', fc(['Consumption', 'Temperature', 'Medium-term'], '°C', 'PT15M'), ['ec-ext']);
  }
  if (full && A === 'NO2') b.add(A, 'fc:filling', fc(['Hydro', 'Reservoir', 'Water', 'Filling'], '%', 'P1D'), ['ec']);
}

/**
 * Adds the exchange curves of every border direction.
 *
 * @param b - The builder.
 * @param preset - The preset.
 * @param directions - One-way borders.
 * @param zoneOf - The zone of an area (exchange curves use the exporting area's zone).
 * @example
 * const b = new CatalogueBuilder(); addBorderCurves(b, 'small', directionsOf(bordersOf('small')), () => 'CET');
 * b.get('DE>FR', 'schedule')?.record.name //=> 'DE>FR Exchange Day-Ahead Schedule MWh/h H Actual'
 */
export function addBorderCurves(
  b: CatalogueBuilder,
  preset: Preset,
  directions: readonly Direction[],
  zoneOf: (area: string) => string,
): void {
  for (const d of directions) {
    const key = `${d.source}>${d.sink}`;
    const base = { area: d.source, sink: d.sink, timezone: zoneOf(d.source), commodity: 'Power', package: 'power' };
    const touchesDE = d.source === 'DE' || d.sink === 'DE';
    b.add(key, 'schedule', {
      ...base,
      categories: ['Exchange', 'Day-Ahead', 'Schedule'],
      unit: 'MWh/h',
      frequency: 'PT1H',
      dataType: 'ACTUAL',
      curveType: 'TIMESERIES',
    });
    if (preset === 'full') {
      b.add(key, 'dacap', {
        ...base,
        categories: ['Exchange', 'Day-Ahead', 'Capacity'],
        unit: 'MW',
        frequency: 'PT1H',
        dataType: 'ACTUAL',
        curveType: 'TIMESERIES',
      });
    }
    if (preset === 'full' || touchesDE) {
      b.add(key, 'ntc', {
        ...base,
        categories: ['Exchange', 'Net', 'Transfer', 'Capacity'],
        unit: 'MW',
        frequency: 'PT15M',
        dataType: 'REMIT',
        curveType: 'TIMESERIES',
      });
    }
    if (preset === 'full' && touchesDE) {
      b.add(
        key,
        'fc:schedule',
        {
          ...base,
          categories: ['Exchange', 'Day-Ahead', 'Schedule'],
          unit: 'MWh/h',
          frequency: 'PT1H',
          dataType: 'FORECAST',
          curveType: 'INSTANCE',
          issuedZone: 'UTC',
        },
        ['ec'],
      );
    }
  }
}

/**
 * Adds the aggregate (NO, SE, DK, NP) and German TSO-area actuals of the full preset.
 *
 * @param b - The builder.
 * @example
 * const b = new CatalogueBuilder(); addAggregateCurves(b);
 * b.get('NP', 'consumption')?.record.name //=> 'NP Consumption MWh/h H Actual'
 */
export function addAggregateCurves(b: CatalogueBuilder): void {
  const ts = (area: string, categories: string[], frequency: string): CurveDef => ({
    area,
    categories,
    unit: 'MWh/h',
    frequency,
    timezone: 'CET',
    dataType: 'ACTUAL',
    curveType: 'TIMESERIES',
    commodity: 'Power',
    package: 'power',
  });
  for (const agg of Object.keys(AGGREGATES)) {
    b.add(agg, 'consumption', ts(agg, ['Consumption'], 'PT1H'));
    b.add(agg, 'wind', ts(agg, ['Wind', 'Power', 'Production'], 'PT1H'));
    b.add(agg, 'solar', ts(agg, ['Solar', 'Photovoltaic', 'Production'], 'PT1H'));
  }
  for (const tso of Object.keys(DE_TSO_SHARES)) {
    b.add(tso, 'wind', ts(tso, ['Wind', 'Power', 'Production'], 'PT15M'));
    b.add(tso, 'solar', ts(tso, ['Solar', 'Photovoltaic', 'Production'], 'PT15M'));
  }
}
