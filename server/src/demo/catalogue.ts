/**
 * The demo catalogue: every curve, place and user of a preset (docs/demo-data.md), without data.
 */
import type { CurveRecord, PlaceRecord, UserRecord } from '../store/types';
import { AGGREGATES, DE_TSO_SHARES, areasOf, type AreaProfile } from './area-profiles';
import { bordersOf, directionsOf, type BorderSpec, type Direction } from './borders';
import { CatalogueBuilder, type CurveSpec } from './catalogue-builder';
import { addAggregateCurves, addAreaCurves, addBorderCurves } from './catalogue-areas';
import { addPlaceCurves, placeRecords } from './catalogue-places';
import { demoUser } from './demo-user';
import { demoWindow, type DemoWindow, type Preset } from './demo-window';
import { parseAnchor } from './demo-time';
import { FX_DEFS, OHLC_DEFS, type FxDef, type OhlcDef } from './market-defs';

/** The catalogue of one preset and anchor date. */
export interface DemoCatalogue {
  preset: Preset;
  window: DemoWindow;
  areas: AreaProfile[];
  borders: BorderSpec[];
  directions: Direction[];
  ohlc: OhlcDef[];
  fx: FxDef[];
  /** Curve records, in generation order. */
  curves: CurveRecord[];
  places: PlaceRecord[];
  users: UserRecord[];
  /** The curves with their roles. */
  specs: CurveSpec[];
  /** Looks up the curve of a (subject, role) pair. */
  spec(subject: string, role: string): CurveSpec | undefined;
}

/**
 * The market curve key of a futures curve (its subject in the catalogue).
 *
 * @param def - The futures curve.
 * @returns A key such as `ohlc:DE:Futures Power Base:EEX`.
 * @example
 * ohlcKey(OHLC_DEFS[0]) //=> 'ohlc:DE:Futures Power Base:EEX'
 */
export function ohlcKey(def: OhlcDef): string {
  return `ohlc:${def.area}:${def.categories.join(' ')}:${def.source}`;
}

/**
 * Builds the catalogue of a preset. Pure: the same arguments give equal records.
 *
 * @param preset - `small` or `full`.
 * @param anchor - The anchor date, `YYYY-MM-DD`.
 * @param issuedUntil - Epoch ms after which no forecast or message is issued (default: none).
 * @returns Curves (with roles), places and the demo user.
 * @throws ValueError for an unknown preset or an invalid date.
 * @example
 * buildCatalogue('small', '2025-03-15').spec('DE', 'consumption')?.record.name
 * //=> 'DE Consumption MWh/h 15min Actual'
 */
export function buildCatalogue(preset: Preset, anchor: string, issuedUntil = Infinity): DemoCatalogue {
  const window = demoWindow(
    preset,
    parseAnchor(anchor, () => 0),
    issuedUntil,
  );
  const areas = areasOf(preset);
  const borders = bordersOf(preset);
  const directions = directionsOf(borders);
  const zones = new Map(areas.map((a) => [a.tag, a.zone as string]));
  const zoneOf = (area: string): string => zones.get(area) ?? 'CET';
  const b = new CatalogueBuilder();
  for (const area of areas) addAreaCurves(b, preset, area, areas);
  addBorderCurves(b, preset, directions, zoneOf);
  if (preset === 'full') addAggregateCurves(b);
  addPlaceCurves(b, preset, zoneOf);
  const ohlc = OHLC_DEFS.filter((d) => preset === 'full' || !d.fullOnly);
  for (const def of ohlc) {
    b.add(ohlcKey(def), 'ohlc', {
      area: def.area,
      categories: def.categories,
      unit: def.unit,
      source: def.source,
      frequency: 'P1D',
      timezone: 'CET',
      dataType: 'OHLC',
      curveType: 'OHLC',
      commodity: def.commodity,
      package: 'market',
    });
  }
  for (const fx of FX_DEFS) {
    b.add(`fx:${fx.currency}`, 'forex', {
      area: '',
      categories: ['Currency', 'Rate', `EUR-${fx.currency}`],
      unit: `${fx.currency}/EUR`,
      source: 'ECB',
      frequency: 'P1D',
      timezone: 'CET',
      dataType: 'FOREX',
      curveType: 'TIMESERIES',
      commodity: 'Currency',
      package: 'market',
    });
  }
  const powerAreas = [...areas.map((a) => a.tag)];
  if (preset === 'full') powerAreas.push(...Object.keys(AGGREGATES), ...Object.keys(DE_TSO_SHARES));
  return {
    preset,
    window,
    areas,
    borders,
    directions,
    ohlc,
    fx: [...FX_DEFS],
    curves: b.specs.map((s) => s.record),
    places: placeRecords(preset),
    users: [demoUser(powerAreas)],
    specs: b.specs,
    spec: (subject, role) => b.get(subject, role),
  };
}
