/**
 * Generation technologies of the demo power system: the words each one uses in curve names
 * (docs/demo-data.md#fuel-wording), the place fuel, and how it behaves in the merit order.
 */

/** A generation technology with production and REMIT curves. */
export type FuelKey = 'nuclear' | 'lignite' | 'hardcoal' | 'gas' | 'biomass' | 'oil' | 'waste' | 'other' | 'reservoir' | 'ror' | 'pumped';

/** Naming and dispatch facts of one technology. */
export interface FuelInfo {
  /** Words before `Production` / `Capacity Available` in curve names. */
  words: string[];
  /** The place fuel (`fuels` of producer places). */
  placeFuel: string;
  /** Hydro technologies add up to `Hydro Power Production`. */
  hydro: boolean;
  /** Share of the available capacity that runs whatever the price (CHP, minimum load, inflow). */
  mustRun: number;
  /** Typical unit size for the part of a fleet not covered by named plants, MW. */
  unitSize: number;
  /** Forced outages per unit and year. */
  forcedRate: number;
  /** Planned outage length range, days. */
  plannedDays: [number, number];
}

/** Facts per technology. */
export const FUELS: Readonly<Record<FuelKey, FuelInfo>> = Object.freeze({
  nuclear: {
    words: ['Nuclear'],
    placeFuel: 'Nuclear',
    hydro: false,
    mustRun: 0.4,
    unitSize: 1100,
    forcedRate: 1.5,
    plannedDays: [35, 100],
  },
  lignite: {
    words: ['Lignite', 'Power'],
    placeFuel: 'Lignite',
    hydro: false,
    mustRun: 0.25,
    unitSize: 300,
    forcedRate: 3,
    plannedDays: [14, 40],
  },
  hardcoal: {
    words: ['Hard', 'Coal', 'Power'],
    placeFuel: 'Hard Coal',
    hydro: false,
    mustRun: 0.05,
    unitSize: 300,
    forcedRate: 3,
    plannedDays: [14, 35],
  },
  gas: {
    words: ['Natural', 'Gas', 'Power'],
    placeFuel: 'Natural Gas',
    hydro: false,
    mustRun: 0.08,
    unitSize: 250,
    forcedRate: 2.5,
    plannedDays: [7, 28],
  },
  biomass: {
    words: ['Biomass', 'Power'],
    placeFuel: 'Biomass',
    hydro: false,
    mustRun: 0.5,
    unitSize: 250,
    forcedRate: 2,
    plannedDays: [10, 30],
  },
  oil: { words: ['Oil', 'Power'], placeFuel: 'Oil', hydro: false, mustRun: 0.05, unitSize: 200, forcedRate: 2, plannedDays: [7, 21] },
  waste: {
    words: ['Waste', 'Power'],
    placeFuel: 'Biomass',
    hydro: false,
    mustRun: 0.85,
    unitSize: 100,
    forcedRate: 2,
    plannedDays: [7, 21],
  },
  other: {
    words: ['Other', 'Power'],
    placeFuel: 'Natural Gas',
    hydro: false,
    mustRun: 0.5,
    unitSize: 150,
    forcedRate: 2,
    plannedDays: [7, 21],
  },
  reservoir: {
    words: ['Hydro', 'Reservoir'],
    placeFuel: 'Hydro',
    hydro: true,
    mustRun: 0.04,
    unitSize: 150,
    forcedRate: 1,
    plannedDays: [5, 30],
  },
  ror: { words: ['Hydro', 'Run-of-river'], placeFuel: 'Hydro', hydro: true, mustRun: 1, unitSize: 80, forcedRate: 1, plannedDays: [5, 20] },
  pumped: {
    words: ['Hydro', 'Pumped-storage'],
    placeFuel: 'Hydro',
    hydro: true,
    mustRun: 0,
    unitSize: 300,
    forcedRate: 1,
    plannedDays: [7, 28],
  },
});

/** Every technology, in merit and naming order. */
export const FUEL_KEYS: readonly FuelKey[] = Object.freeze(Object.keys(FUELS) as FuelKey[]);
