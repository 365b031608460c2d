/**
 * Collects the curves of the demo catalogue together with what each one shows (its role), so the
 * data generator can find "the consumption actual of DE" without rebuilding names.
 */
import { ValueError } from 'service/exceptions';
import type { CurveRecord } from '../store/types';
import { makeCurve, type CurveDef } from './curve-names';

/** A catalogue curve and what it shows. */
export interface CurveSpec {
  record: CurveRecord;
  /** What the curve shows (`consumption`, `prod:lignite`, `fc:wind`, `plant:remit`, ...). */
  role: string;
  /** What the role applies to: an area, a direction (`DE>FR`), a place key or a market curve. */
  subject: string;
  /** Instance tags (INSTANCE curves). */
  tags: string[];
}

/** Builds the curve list of a catalogue; names are unique. */
export class CatalogueBuilder {
  readonly specs: CurveSpec[] = [];
  private readonly byKey = new Map<string, CurveSpec>();
  private readonly names = new Set<string>();

  /**
   * Adds a curve.
   *
   * @param subject - Area, direction, place key or market key.
   * @param role - What the curve shows.
   * @param def - The curve definition.
   * @param tags - Instance tags, for INSTANCE curves.
   * @returns The new spec.
   * @throws ValueError when a name or a (subject, role) pair repeats (a bug in the catalogue tables).
   * @example
   * new CatalogueBuilder().add('DE', 'consumption', { area: 'DE', categories: ['Consumption'], unit: 'MWh/h',
   *   frequency: 'PT15M', timezone: 'CET', dataType: 'ACTUAL', curveType: 'TIMESERIES', package: 'power' }).record.name
   * //=> 'DE Consumption MWh/h 15min Actual'
   */
  add(subject: string, role: string, def: CurveDef, tags: string[] = []): CurveSpec {
    const record = makeCurve(def);
    const key = `${subject}|${role}`;
    if (this.names.has(record.name) || this.byKey.has(key)) {
      throw new ValueError(`Duplicate demo curve: ${record.name} (${key})`);
    }
    const spec: CurveSpec = { record, role, subject, tags };
    this.specs.push(spec);
    this.byKey.set(key, spec);
    this.names.add(record.name);
    return spec;
  }

  /**
   * The spec of a (subject, role) pair.
   *
   * @param subject - Area, direction, place key or market key.
   * @param role - The role.
   * @returns The spec, or undefined when the catalogue has no such curve.
   * @example
   * new CatalogueBuilder().get('DE', 'consumption') //=> undefined
   */
  get(subject: string, role: string): CurveSpec | undefined {
    return this.byKey.get(`${subject}|${role}`);
  }
}

/** A weather-model run schedule (docs/demo-data.md#forecast-tags). */
export interface ForecastModel {
  tag: string;
  /** Run hours, UTC. */
  runs: number[];
  /** Horizon in hours for a run hour. */
  horizon: (runHour: number) => number;
  /** Ensemble members (0 for a deterministic model). */
  members: number;
  /** Minutes from `issued` to `created`. */
  createdAfter: number;
  /** ISO weekdays with runs (all when absent). */
  weekdays?: number[];
}

/**
 * A weather model of the demo dataset by tag.
 *
 * @param tag - Model tag (`ec`, `gfs`, ...).
 * @returns The model.
 * @throws Error naming the tag when the dataset has no such model.
 * @example
 * forecastModel('ec').runs //=> [0, 12]
 */
export function forecastModel(tag: string): ForecastModel {
  const model = FORECAST_MODELS[tag];
  if (!model) throw new Error(`the demo dataset has no weather model ${tag}`);
  return model;
}

/** The weather models of the demo dataset. */
export const FORECAST_MODELS: Readonly<Record<string, ForecastModel>> = Object.freeze({
  ec: { tag: 'ec', runs: [0, 12], horizon: () => 240, members: 0, createdAfter: 360 },
  gfs: { tag: 'gfs', runs: [0, 6, 12, 18], horizon: () => 240, members: 0, createdAfter: 270 },
  'ec-ens': { tag: 'ec-ens', runs: [0, 12], horizon: () => 360, members: 51, createdAfter: 480 },
  'gfs-ens': { tag: 'gfs-ens', runs: [0, 6, 12, 18], horizon: () => 384, members: 21, createdAfter: 360 },
  ecsr: { tag: 'ecsr', runs: [6, 18], horizon: () => 90, members: 0, createdAfter: 360 },
  icon: { tag: 'icon', runs: [0, 6, 12, 18], horizon: (h: number) => (h % 12 === 0 ? 180 : 120), members: 0, createdAfter: 240 },
  'ec-ext': { tag: 'ec-ext', runs: [0], horizon: () => 46 * 24, members: 0, createdAfter: 1200, weekdays: [1, 4] },
});
