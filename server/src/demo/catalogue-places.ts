/**
 * The places of the demo catalogue (docs/demo-data.md#places) and the curves linked to them.
 */
import type { PlaceRecord } from '../store/types';
import type { CatalogueBuilder } from './catalogue-builder';
import type { CurveDef } from './curve-names';
import { FUELS } from './fuels';
import type { Preset } from './demo-window';
import { GAS_DAY } from './demo-time';
import { GFS_AREAS_FULL } from './area-profiles';
import { PLANT_SPECS, SITE_SPECS, placeKey, placeToken, type PlantSpec, type SiteSpec } from './places-data';

/** A generating place: a plant, or one unit of a plant. */
export interface GeneratorPlace {
  key: string;
  name: string;
  token: string;
  plant: PlantSpec;
  /** The unit name, or null for the plant itself. */
  unit: string | null;
  capacity: number;
}

/**
 * The plants of a preset and their units.
 *
 * @param preset - The preset.
 * @returns Plants, each followed by its units.
 * @example
 * generatorPlaces('small')[0].key //=> 'pp-neurath'
 */
export function generatorPlaces(preset: Preset): GeneratorPlace[] {
  const out: GeneratorPlace[] = [];
  for (const plant of PLANT_SPECS) {
    if (plant.fullOnly && preset === 'small') continue;
    out.push({
      key: placeKey('producer', plant.name),
      name: plant.name,
      token: placeToken(plant.name),
      plant,
      unit: null,
      capacity: plant.capacity,
    });
    for (const [unit, mw] of plant.units) {
      const name = `${plant.name} ${unit}`;
      out.push({ key: placeKey('producer', name), name, token: placeToken(name), plant, unit, capacity: mw });
    }
  }
  return out;
}

/**
 * The non-plant places of a preset.
 *
 * @param preset - The preset.
 * @returns Sites in catalogue order.
 * @example
 * sitesOf('small').some((s) => s.kind === 'other') //=> true
 */
export function sitesOf(preset: Preset): SiteSpec[] {
  return SITE_SPECS.filter((s) => preset === 'full' || !s.fullOnly);
}

/**
 * The place records of a preset.
 *
 * @param preset - The preset.
 * @returns Plants, units (with `parentKey`) and sites.
 * @example
 * placeRecords('small').find((p) => p.key === 'pp-weisweiler-f')?.parentKey //=> 'pp-weisweiler'
 */
export function placeRecords(preset: Preset): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  for (const g of generatorPlaces(preset)) {
    const p = g.plant;
    out.push({
      key: g.key,
      kind: 'producer',
      name: g.name,
      unit: g.unit,
      fuels: [FUELS[p.fuel].placeFuel, ...p.extraFuels],
      latitude: p.lat,
      longitude: p.lon,
      areas: [p.area],
      parentKey: g.unit === null ? null : placeKey('producer', p.name),
    });
  }
  for (const s of sitesOf(preset)) {
    out.push({
      key: placeKey(s.kind, s.name),
      kind: s.kind,
      name: s.name,
      unit: null,
      fuels: [],
      latitude: s.lat,
      longitude: s.lon,
      areas: [s.area, ...s.moreAreas],
      parentKey: null,
    });
  }
  return out;
}

/**
 * Adds the curves of every place: two per plant and unit, and those of rivers, stations, cities,
 * consumers and gas sites (`other` places have none).
 *
 * Not split: a declarative list of the curves of each kind of place, read as the catalogue itself.
 *
 * @param b - The builder.
 * @param preset - The preset.
 * @param zoneOf - The zone of an area.
 * @example
 * const b = new CatalogueBuilder(); addPlaceCurves(b, 'small', () => 'CET');
 * b.get('pp-mainz-3', 'plant:remit')?.record.name //=> 'DE @Mainz-3 Natural Gas Power Capacity Available MW REMIT'
 */
export function addPlaceCurves(b: CatalogueBuilder, preset: Preset, zoneOf: (area: string) => string): void {
  for (const g of generatorPlaces(preset)) {
    const area = g.plant.area;
    const base = { area, place: { key: g.key, token: g.token }, timezone: zoneOf(area), commodity: 'Power', package: 'power' };
    const words = FUELS[g.plant.fuel].words;
    b.add(g.key, 'plant:remit', {
      ...base,
      categories: [...words, 'Capacity', 'Available'],
      unit: 'MW',
      frequency: 'NONE',
      dataType: 'REMIT',
      curveType: 'INSTANCE_PERIOD',
      issuedZone: 'UTC',
    });
    b.add(g.key, 'plant:prod', {
      ...base,
      categories: [...words, 'Production'],
      unit: 'MWh/h',
      frequency: 'PT1H',
      dataType: 'ACTUAL',
      curveType: 'TIMESERIES',
    });
  }
  for (const s of sitesOf(preset)) {
    const key = placeKey(s.kind, s.name);
    const gas = s.kind.startsWith('gas-');
    const base = {
      area: s.area,
      place: { key, token: placeToken(s.name) },
      timezone: gas ? GAS_DAY : zoneOf(s.area),
      commodity: gas ? 'Gas' : 'Power',
      package: gas ? 'gas' : 'power',
    };
    const ts = (categories: string[], unit: string, frequency: string, dataType: string): CurveDef => ({
      ...base,
      categories,
      unit,
      frequency,
      dataType,
      curveType: 'TIMESERIES',
    });
    const fc = (categories: string[], unit: string, frequency: string): CurveDef => ({
      ...base,
      categories,
      unit,
      frequency,
      dataType: 'FORECAST',
      curveType: 'INSTANCE',
      issuedZone: 'UTC',
    });
    switch (s.kind) {
      case 'river':
        b.add(key, 'river:temp', ts(['River', 'Temperature'], '°C', 'PT1H', 'ACTUAL'));
        b.add(key, 'river:fc', fc(['River', 'Temperature'], '°C', 'PT1H'), ['ec']);
        break;
      case 'weatherstation':
        b.add(key, 'ws:temp', ts(['Temperature'], '°C', 'PT1H', 'ACTUAL'));
        break;
      case 'city': {
        const gfs = preset === 'small' ? s.area === 'DE' : GFS_AREAS_FULL.includes(s.area);
        b.add(key, 'city:fc', fc(['Temperature'], '°C', 'PT15M'), gfs ? ['ec', 'gfs'] : ['ec']);
        b.add(key, 'city:normal', ts(['Temperature'], '°C', 'PT15M', 'NORMAL'));
        break;
      }
      case 'consumer':
        b.add(key, 'consumer:load', ts(['Consumption'], 'MWh/h', 'PT1H', 'ACTUAL'));
        break;
      case 'gas-storage':
        b.add(key, 'gas:storage', ts(['Gas', 'Storage', 'Filling'], 'GWh', 'P1D', 'ACTUAL'));
        break;
      case 'gas-lng-terminal':
        b.add(key, 'gas:lng', ts(['Gas', 'LNG', 'Send-out'], 'GWh', 'P1D', 'ACTUAL'));
        break;
      case 'gas-interconnector':
        b.add(key, 'gas:flow', ts(['Gas', 'Flow'], 'GWh', 'P1D', 'ACTUAL'));
        break;
      case 'other':
        break;
    }
  }
}
