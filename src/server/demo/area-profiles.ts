/**
 * The demo areas and what each has: docs/demo-data.md#areas (frequencies, spot sources, fuels, wind
 * split) and docs/demo-data.md#value-ranges (value levels, 2024-25), written down as the parameters the physical models use.
 * Hand-written data; tune here, never in the models.
 */
import type { FuelKey } from './fuels';

/** A data frequency of area actuals. */
export type ActualFreq = 'PT15M' | 'PT30M' | 'PT1H';

/** One bidding zone of the demo power system. */
export interface AreaProfile {
  tag: string;
  /** Only in the `full` preset. */
  fullOnly: boolean;
  zone: 'CET' | 'WET';
  lat: number;
  lon: number;
  /** Spot exchange (curve name source). */
  spot: string;
  freq: { consumption: ActualFreq; wind: ActualFreq; solar: ActualFreq };
  /** Mean load MW; heating and cooling sensitivity as a share of the mean per °C. */
  consumption: { mean: number; heat: number; cool: number };
  /** Annual mean °C, seasonal amplitude, diurnal amplitude, anomaly standard deviation. */
  temperature: { mean: number; amplitude: number; diurnal: number; sd: number };
  windOn: number;
  windOff: number;
  /** Whether Onshore/Offshore curves exist beside the total. */
  windSplit: boolean;
  cfOn: number;
  cfOff: number;
  solar: number;
  cfSolar: number;
  /** Installed MW per technology with production and REMIT curves. */
  fleets: Partial<Record<FuelKey, number>>;
  /** Must-run generation without curves (CHP, waste, small plants), MW. */
  mustRun: number;
  /** Peaking and emergency capacity without curves, MW. */
  peaker: number;
  /** Water value of hydro-dominated zones, EUR/MWh; null where reservoirs follow gas prices. */
  waterValue: number | null;
  /** Holiday calendar. */
  country: string;
  /** Share of load lost on a public holiday, %. */
  holidayShare: number;
  /** Whether `Nuclear Production ... Forecast` exists. */
  nuclearForecast: boolean;
  /** Pumps and large consumers (Consumption Capacity Available), MW. */
  consumptionCapacity: number;
  /** Mean precipitation energy MWh per hour (NO and SE zones); null elsewhere. */
  precipitation: number | null;
}

type Row = [
  tag: string, fullOnly: boolean, zone: 'CET' | 'WET', lat: number, lon: number, spot: string,
  freq: [ActualFreq, ActualFreq, ActualFreq], cons: [number, number, number],
  temp: [number, number, number, number], wind: [number, number, number, number, boolean],
  solar: [number, number], fleets: Partial<Record<FuelKey, number>>, mustRun: number, peaker: number,
  waterValue: number | null, country: string, holidayShare: number, precipitation: number | null,
];

const Q: ActualFreq = 'PT15M';
const HH: ActualFreq = 'PT30M';
const H: ActualFreq = 'PT1H';

const ROWS: Row[] = [
  ['DE', false, 'CET', 51.2, 10.4, 'EPEX', [Q, Q, Q], [52000, 0.011, 0.003], [10, 9, 4.5, 3.2], [63000, 9000, 0.2, 0.4, true], [100000, 0.1],
    { lignite: 16500, hardcoal: 13000, gas: 29000, biomass: 8500, pumped: 6500 }, 5000, 9000, null, 'DE', 14, null],
  ['FR', false, 'CET', 46.6, 2.4, 'EPEX', [HH, HH, HH], [50000, 0.03, 0.004], [12.5, 8, 5, 3], [24000, 0, 0.24, 0, false], [25000, 0.13],
    { nuclear: 63000, gas: 12000, hardcoal: 1800, reservoir: 8000, ror: 10500 }, 1500, 7000, null, 'FR', 11, null],
  ['NL', false, 'CET', 52.2, 5.3, 'EPEX', [Q, Q, Q], [13000, 0.01, 0.003], [10.5, 7.5, 3.5, 2.8], [7000, 4700, 0.24, 0.42, true], [28000, 0.1],
    { nuclear: 485, gas: 15000, hardcoal: 4000 }, 2500, 2500, null, 'NL', 12, null],
  ['NO2', false, 'CET', 58.8, 7.0, 'NordPool', [H, H, H], [4200, 0.03, 0], [7, 8, 3, 3.2], [1200, 0, 0.32, 0, false], [200, 0.08],
    { reservoir: 9500, ror: 1500 }, 0, 500, 45, 'NO', 10, 4000],
  ['GB', false, 'WET', 53.0, -1.5, 'N2EX', [HH, HH, HH], [28000, 0.012, 0.002], [10, 6.5, 3.5, 2.6], [15000, 15000, 0.27, 0.4, true], [18000, 0.1],
    { nuclear: 5900, gas: 32000, biomass: 2600, pumped: 2800 }, 1500, 6000, null, 'GB', 9, null],
  ['BE', true, 'CET', 50.6, 4.6, 'EPEX', [Q, H, H], [9500, 0.01, 0.003], [11, 7.5, 4, 2.8], [3200, 2300, 0.22, 0.38, true], [10000, 0.1],
    { nuclear: 4000, gas: 7000 }, 1000, 1500, null, 'BE', 12, null],
  ['AT', true, 'CET', 47.6, 14.1, 'EPEX', [Q, Q, Q], [7500, 0.012, 0.003], [9.5, 10, 5, 3.2], [4000, 0, 0.24, 0, false], [8000, 0.12],
    { gas: 4500, reservoir: 3500, ror: 6000 }, 800, 1000, null, 'AT', 13, null],
  ['CH', true, 'CET', 46.8, 8.2, 'EPEX', [H, H, H], [7000, 0.012, 0.003], [9.5, 9.5, 5, 3], [100, 0, 0.2, 0, false], [7000, 0.12],
    { nuclear: 2960, reservoir: 8000, ror: 4000 }, 300, 500, null, 'CH', 13, null],
  ['ES', true, 'CET', 40.4, -3.7, 'OMIE', [Q, Q, Q], [28000, 0.006, 0.025], [15.5, 9, 7, 2.5], [31000, 0, 0.24, 0, false], [32000, 0.18],
    { nuclear: 7100, gas: 26000, reservoir: 17000 }, 2500, 3000, null, 'ES', 12, null],
  ['IT-NORD', true, 'CET', 45.5, 9.7, 'GME', [H, H, H], [22000, 0.006, 0.03], [13.5, 10.5, 5.5, 2.6], [200, 0, 0.18, 0, false], [17000, 0.13],
    { gas: 25000, reservoir: 10000 }, 2000, 3000, null, 'IT', 15, null],
  ['PL', true, 'CET', 52.0, 19.4, 'POLPX', [Q, H, H], [19000, 0.008, 0.003], [9, 10, 4.5, 3.5], [10000, 0, 0.26, 0, false], [21000, 0.1],
    { hardcoal: 20000, lignite: 8000, gas: 4000 }, 2000, 2000, null, 'PL', 13, null],
  ['CZ', true, 'CET', 49.8, 15.5, 'OTE', [H, H, H], [7500, 0.01, 0.003], [9, 10, 5, 3.3], [350, 0, 0.2, 0, false], [4300, 0.11],
    { nuclear: 4250, lignite: 8000 }, 800, 1500, null, 'CZ', 12, null],
  ['NO1', true, 'CET', 60.0, 10.7, 'NordPool', [H, H, H], [4500, 0.035, 0], [6, 10.5, 4, 3.8], [300, 0, 0.28, 0, false], [100, 0.08],
    { reservoir: 3000, ror: 2500 }, 0, 300, 44, 'NO', 10, 2500],
  ['NO3', true, 'CET', 63.4, 10.4, 'NordPool', [H, H, H], [3000, 0.03, 0], [5.5, 8.5, 3, 3.5], [1600, 0, 0.33, 0, false], [20, 0.07],
    { reservoir: 3500, ror: 1000 }, 0, 200, 30, 'NO', 10, 2500],
  ['NO4', true, 'CET', 68.5, 17.4, 'NordPool', [H, H, H], [2200, 0.025, 0], [3, 9, 2.5, 4], [1600, 0, 0.33, 0, false], [0, 0],
    { reservoir: 3500, ror: 800 }, 0, 200, 18, 'NO', 10, 2800],
  ['NO5', true, 'CET', 60.4, 6.5, 'NordPool', [H, H, H], [2300, 0.03, 0], [7.5, 7, 3, 3], [300, 0, 0.3, 0, false], [20, 0.07],
    { reservoir: 6500, ror: 1000 }, 0, 200, 44, 'NO', 10, 4500],
  ['SE1', true, 'CET', 66.0, 20.0, 'NordPool', [H, H, H], [1200, 0.02, 0], [2, 13, 3.5, 4.5], [3000, 0, 0.3, 0, false], [50, 0.07],
    { reservoir: 5000, ror: 500 }, 0, 200, 18, 'SE', 10, 2500],
  ['SE2', true, 'CET', 63.0, 16.0, 'NordPool', [H, H, H], [1800, 0.02, 0], [4, 11.5, 3.5, 4], [8000, 0, 0.31, 0, false], [200, 0.08],
    { reservoir: 7500, ror: 800 }, 0, 200, 20, 'SE', 10, 3500],
  ['SE3', true, 'CET', 59.3, 15.0, 'NordPool', [H, H, H], [11000, 0.025, 0], [7.5, 10, 4, 3.6], [4500, 0, 0.28, 0, false], [3000, 0.09],
    { nuclear: 6900, reservoir: 2000, ror: 1000 }, 1000, 1500, 38, 'SE', 10, 900],
  ['SE4', true, 'CET', 56.0, 13.5, 'NordPool', [H, H, H], [3000, 0.02, 0], [8.5, 8.5, 4, 3.2], [1500, 0, 0.28, 0, false], [1250, 0.1],
    { reservoir: 300, ror: 100 }, 400, 800, 45, 'SE', 10, 150],
  ['FI', true, 'CET', 61.9, 25.7, 'NordPool', [H, H, H], [9500, 0.02, 0], [5, 12, 4, 4.5], [8300, 0, 0.3, 0, false], [1000, 0.09],
    { nuclear: 4400, reservoir: 1000, ror: 2200 }, 1500, 2000, 48, 'FI', 10, null],
  ['DK1', true, 'CET', 56.2, 9.2, 'NordPool', [H, H, H], [2800, 0.008, 0], [9, 7.5, 3.5, 2.8], [3700, 1600, 0.27, 0.45, true], [2500, 0.11],
    { hardcoal: 800, gas: 600, biomass: 800, waste: 300, oil: 200, other: 300 }, 0, 300, null, 'DK', 11, null],
  ['DK2', true, 'CET', 55.6, 12.2, 'NordPool', [H, H, H], [1800, 0.01, 0], [9, 8, 3.5, 2.8], [700, 1200, 0.25, 0.45, true], [1500, 0.11],
    { hardcoal: 600, gas: 300, biomass: 1000, waste: 200, oil: 300, other: 200 }, 0, 300, null, 'DK', 11, null],
  ['EE', true, 'CET', 58.6, 25.0, 'NordPool', [H, H, H], [1000, 0.012, 0], [6.5, 11, 4, 4], [700, 0, 0.28, 0, false], [900, 0.1],
    { oil: 1600 }, 100, 300, null, 'EE', 9, null],
  ['LV', true, 'CET', 56.9, 24.6, 'NordPool', [H, H, H], [750, 0.01, 0], [7, 11, 4.5, 3.8], [150, 0, 0.25, 0, false], [300, 0.1],
    { ror: 1550, gas: 1000 }, 50, 200, null, 'LV', 9, null],
  ['LT', true, 'CET', 55.2, 23.9, 'NordPool', [H, H, H], [1350, 0.01, 0], [7.5, 11, 4.5, 3.8], [1500, 0, 0.28, 0, false], [1500, 0.11],
    { gas: 1000, pumped: 900, ror: 100 }, 200, 400, null, 'LT', 9, null],
];

const NUCLEAR_FORECAST = new Set(['FR', 'SE3', 'FI', 'BE', 'CZ', 'ES', 'CH', 'GB']);
const CONSUMPTION_CAPACITY: Record<string, number> = { DE: 8000, FR: 5000, NL: 2500, NO2: 1800, GB: 3500 };

/** Every demo bidding zone, in catalogue order. */
const AREA_PROFILES: readonly AreaProfile[] = Object.freeze(ROWS.map((r): AreaProfile => ({
  tag: r[0], fullOnly: r[1], zone: r[2], lat: r[3], lon: r[4], spot: r[5],
  freq: { consumption: r[6][0], wind: r[6][1], solar: r[6][2] },
  consumption: { mean: r[7][0], heat: r[7][1], cool: r[7][2] },
  temperature: { mean: r[8][0], amplitude: r[8][1], diurnal: r[8][2], sd: r[8][3] },
  windOn: r[9][0], windOff: r[9][1], cfOn: r[9][2], cfOff: r[9][3], windSplit: r[9][4],
  solar: r[10][0], cfSolar: r[10][1],
  fleets: r[11], mustRun: r[12], peaker: r[13], waterValue: r[14], country: r[15], holidayShare: r[16],
  nuclearForecast: NUCLEAR_FORECAST.has(r[0]),
  consumptionCapacity: CONSUMPTION_CAPACITY[r[0]] ?? Math.round(r[7][0] * 0.1 / 100) * 100,
  precipitation: r[17],
})));

/** Aggregate areas of the full preset whose actuals are exact sums of their zones. */
export const AGGREGATES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  NO: ['NO1', 'NO2', 'NO3', 'NO4', 'NO5'],
  SE: ['SE1', 'SE2', 'SE3', 'SE4'],
  DK: ['DK1', 'DK2'],
  NP: ['NO1', 'NO2', 'NO3', 'NO4', 'NO5', 'SE1', 'SE2', 'SE3', 'SE4', 'DK1', 'DK2', 'FI'],
});

/** The German TSO areas (full preset) and their mean shares of German wind and solar. */
export const DE_TSO_SHARES: Readonly<Record<string, { wind: number; solar: number }>> = Object.freeze({
  'DE-50Hertz': { wind: 0.38, solar: 0.2 },
  'DE-Amprion': { wind: 0.13, solar: 0.2 },
  'DE-TenneT': { wind: 0.42, solar: 0.35 },
  'DE-TransnetBW': { wind: 0.07, solar: 0.25 },
});

/**
 * The areas with `gfs` forecasts in the full preset: the four largest (docs/demo-data.md#forecast-tags;
 * fewer than six areas keeps the full preset's seeding to about a minute).
 */
export const GFS_AREAS_FULL: readonly string[] = Object.freeze(['DE', 'FR', 'GB', 'ES']);

/**
 * The profiles of one preset.
 *
 * @param preset - `small` or `full`.
 * @returns Profiles in catalogue order.
 * @example
 * areasOf('small').map((a) => a.tag) //=> ['DE', 'FR', 'NL', 'NO2', 'GB']
 */
export function areasOf(preset: 'small' | 'full'): AreaProfile[] {
  return AREA_PROFILES.filter((a) => preset === 'full' || !a.fullOnly);
}
