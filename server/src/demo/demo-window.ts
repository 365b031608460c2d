/**
 * The date ranges of a demo dataset, all anchored on one date (docs/demo-data.md#presets).
 * Every range is `[start, end)` of plain dates, read as local midnights in each curve's zone.
 */
import { addDays, addMonths, utcMidnight, DAY } from './demo-time';
import { ValueError } from 'service/exceptions';

/** A size preset. */
export type Preset = 'small' | 'full';

/** The date ranges of one dataset. */
export interface DemoWindow {
  preset: Preset;
  /** The day the data is generated for ("today"). */
  anchor: string;
  /** First day of history (actuals, OHLC, FX). */
  historyStart: string;
  /** First day of BACKCAST curves (full preset: the last year only). */
  backcastStart: string;
  /** End of actuals (the day after the anchor). */
  actualEnd: string;
  /** End of day-ahead data (spot prices for tomorrow). */
  spotEnd: string;
  /** First issue day of weather-model forecasts. */
  issueStart: string;
  /** First issue day of ensemble forecasts. */
  ensembleStart: string;
  /** First issue day of REMIT message instances. */
  remitIssueStart: string;
  /** Range of the CLIMATE scenario curves. */
  climateStart: string;
  climateEnd: string;
  /** Range of NORMAL curves (full preset: the last year and the year ahead). */
  normalStart: string;
  normalEnd: string;
  /** Last day any forecast may reach (exclusive). */
  forecastEnd: string;
  /** End of REMIT periods and installed capacities (anchor + 3 years). */
  timelineEnd: string;
  /** Range of the long-term SCENARIO curve (anchor year to anchor year + 5). */
  longTermStart: string;
  longTermEnd: string;
  /**
   * Epoch ms of "now" when the anchor is today's date from the wall clock: no forecast run or
   * REMIT message is created after it (so `latest` never answers with a forecast from the
   * future). `Infinity` for a fixed anchor, whose whole day of issues is generated.
   */
  issuedUntil: number;
  /** The generator's UTC grid: whole UTC midnights around every range above. */
  worldStart: number;
  worldEnd: number;
}

/**
 * Works out every range of a dataset.
 *
 * @param preset - `small` (3 months of history, 2 weeks of issues) or `full` (2 years, 60 days).
 * @param anchor - `YYYY-MM-DD`.
 * @param issuedUntil - Epoch ms after which nothing is issued (default `Infinity`: no limit).
 * @returns The window.
 * @throws ValueError for an unknown preset.
 * @example
 * demoWindow('small', '2025-03-15').historyStart //=> '2024-12-15'
 */
export function demoWindow(preset: Preset, anchor: string, issuedUntil = Infinity): DemoWindow {
  if (preset !== 'small' && preset !== 'full') throw new ValueError(`Unknown demo preset: ${String(preset)}`);
  const small = preset === 'small';
  const year = Number(anchor.slice(0, 4));
  const historyStart = small ? addMonths(anchor, -3) : addMonths(anchor, -24);
  const forecastEnd = addDays(anchor, small ? 17 : 48);
  const climateStart = small ? historyStart : `${year}-01-01`;
  const climateEnd = small ? forecastEnd : `${year + 1}-01-01`;
  // biome-ignore lint/complexity/useMathMinMax: these are ISO date strings, compared as text (Math.max would give NaN)
  const normalEnd = climateEnd > forecastEnd ? climateEnd : forecastEnd;
  const spotEnd = addDays(anchor, 2);
  const window: Omit<DemoWindow, 'worldStart' | 'worldEnd'> = {
    preset,
    anchor,
    issuedUntil,
    historyStart,
    backcastStart: small ? historyStart : addMonths(anchor, -12),
    actualEnd: addDays(anchor, 1),
    spotEnd,
    issueStart: addDays(anchor, small ? -13 : -59),
    ensembleStart: addDays(anchor, small ? -1 : -13),
    remitIssueStart: addDays(anchor, small ? -13 : -29),
    climateStart,
    climateEnd,
    normalStart: small ? historyStart : addMonths(anchor, -12),
    normalEnd,
    forecastEnd,
    timelineEnd: addMonths(anchor, 36),
    longTermStart: `${year}-01-01`,
    longTermEnd: `${year + 6}-01-01`,
  };
  const last = [normalEnd, forecastEnd, climateEnd, spotEnd].sort().pop() as string;
  return {
    ...window,
    worldStart: utcMidnight(historyStart) - DAY,
    worldEnd: utcMidnight(last) + DAY,
  };
}
