/**
 * Wall-clock arithmetic shared by the luxon path (`Frequency`) and the column path
 * (`floorMillis`): proleptic Gregorian day numbers and the conversion of a local wall-clock
 * time to an instant. "Local milliseconds" are the wall-clock fields read as if they were UTC
 * (`Date.UTC(fields)`), so calendar arithmetic on them never meets a DST change.
 *
 * Internal to `src/time`; not re-exported from the package.
 *
 * @module
 */

/**
 * Milliseconds in one minute.
 */
export const MINUTE_MS = 60_000;

/**
 * Milliseconds in one (civil, 24-hour) day of local milliseconds.
 */
export const DAY_MS = 86_400_000;

/**
 * An offset function: the zone's UTC offset in minutes at an instant (epoch milliseconds).
 *
 * @example
 * const offsetOf: OffsetFn = (ms) => CET.offset(ms);
 * offsetOf(Date.UTC(2024, 6, 1)) //=> 120
 */
export type OffsetFn = (ms: number) => number;

/**
 * Mathematical modulo: the result has the sign of the divisor (`mod(-1, 7) === 6`).
 *
 * @param a - The dividend.
 * @param b - The divisor (positive).
 * @returns `a mod b` in `[0, b)`.
 * @example
 * mod(-1, 7) //=> 6
 */
export function mod(a: number, b: number): number {
  const r = a % b;
  return r < 0 ? r + b : r;
}

/**
 * Day number (days since 1970-01-01) of a proleptic Gregorian date.
 *
 * @param year - The year.
 * @param month - The month, 1-12.
 * @param day - The day of the month, 1-31.
 * @returns Days since 1970-01-01 (negative before).
 * @example
 * daysFromCivil(2024, 3, 31) //=> 19813
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/**
 * Proleptic Gregorian date of a day number (days since 1970-01-01).
 *
 * @param days - Days since 1970-01-01.
 * @returns `[year, month (1-12), day (1-31)]`.
 * @example
 * civilFromDays(19813) //=> [2024, 3, 31]
 */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/**
 * Number of days in a month of the proleptic Gregorian calendar.
 *
 * @param year - The year.
 * @param month - The month, 1-12.
 * @returns 28 to 31.
 * @example
 * daysInMonth(2024, 2) //=> 29
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Local milliseconds of wall-clock fields (the fields read as if they were UTC).
 *
 * @param year - The year.
 * @param month - The month, 1-12.
 * @param day - The day, 1-31.
 * @param hour - The hour, 0-23.
 * @param minute - The minute, 0-59.
 * @param second - The second, 0-59.
 * @param millis - The millisecond, 0-999.
 * @returns Local milliseconds.
 * @example
 * localMillis(1970, 1, 2, 1, 0, 0, 0) //=> 90000000
 */
export function localMillis(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
): number {
  return daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + millis;
}

/**
 * The instant of a local wall-clock time in a zone, with the reference's rules for the two
 * DST edge cases (pytz `is_dst=False`): an ambiguous time (fall-back hour) gets the standard,
 * i.e. smaller, offset; a time inside a gap (spring-forward hour) is read with the offset
 * before the gap and so lands after it (02:30 CET on a spring day becomes 03:30+02:00).
 * Assumes at most one offset change within a day either side, true of every real zone.
 *
 * @param local - Local milliseconds of the wall-clock time.
 * @param offsetOf - The zone's offset function.
 * @returns Epoch milliseconds.
 * @example
 * // 2024-10-27 02:30 in CET is ambiguous; standard time +01:00 wins -> 01:30Z
 * localToInstant(Date.UTC(2024, 9, 27, 2, 30), (ms) => CET.offset(ms)) === Date.UTC(2024, 9, 27, 1, 30) //=> true
 */
export function localToInstant(local: number, offsetOf: OffsetFn): number {
  const before = offsetOf(local - DAY_MS);
  const after = offsetOf(local + DAY_MS);
  if (before === after) {
    const t = local - before * MINUTE_MS;
    if (offsetOf(t) === before) return t;
  }
  let best = Number.POSITIVE_INFINITY;
  let lowest = Number.POSITIVE_INFINITY;
  for (const o of [before, after, offsetOf(local - before * MINUTE_MS), offsetOf(local - after * MINUTE_MS)]) {
    if (o < lowest) lowest = o;
    if (o < best && offsetOf(local - o * MINUTE_MS) === o) best = o;
  }
  return local - (best === Number.POSITIVE_INFINITY ? lowest : best) * MINUTE_MS;
}

/**
 * The instant of local wall-clock time `local` given a guessed offset, exactly as luxon's
 * `DateTime#set` resolves it: keep the guess when it is valid (so the repeated hour keeps the
 * side it came from), otherwise move by the offset difference, and inside a gap move forward.
 *
 * @param local - Local milliseconds of the wall-clock time.
 * @param guess - The guessed offset in minutes (usually the offset of the input instant).
 * @param offsetOf - The zone's offset function.
 * @returns Epoch milliseconds.
 * @example
 * // 02:00 local on 2024-10-27, guessed +01:00 (second pass through the hour) stays +01:00
 * localToInstantNear(Date.UTC(2024, 9, 27, 2), 60, (ms) => CET.offset(ms)) === Date.UTC(2024, 9, 27, 1) //=> true
 */
export function localToInstantNear(local: number, guess: number, offsetOf: OffsetFn): number {
  let t = local - guess * MINUTE_MS;
  const o2 = offsetOf(t);
  if (o2 === guess) return t;
  t -= (o2 - guess) * MINUTE_MS;
  const o3 = offsetOf(t);
  if (o3 === o2) return t;
  return local - Math.min(o2, o3) * MINUTE_MS;
}

/**
 * Every instant a local wall-clock time names in a zone: one as a rule, two in the hour the
 * clocks go back (the summer-time one first), none in the hour they skip. Assumes at most one
 * offset change within a day either side, true of every real zone.
 *
 * @param local - Local milliseconds of the wall-clock time.
 * @param offsetOf - The zone's offset function.
 * @returns The instants, ascending (epoch milliseconds).
 * @example
 * // 2024-10-27 02:30 in CET: 00:30Z (CEST) and 01:30Z (CET)
 * wallClockInstants(Date.UTC(2024, 9, 27, 2, 30), (ms) => CET.offset(ms)) //=> [1729989000000, 1729992600000]
 * wallClockInstants(Date.UTC(2024, 2, 31, 2, 30), (ms) => CET.offset(ms)) //=> []
 */
export function wallClockInstants(local: number, offsetOf: OffsetFn): number[] {
  const before = offsetOf(local - DAY_MS);
  const after = offsetOf(local + DAY_MS);
  const out: number[] = [];
  for (const o of before === after ? [before] : [before, after]) {
    const t = local - o * MINUTE_MS;
    if (offsetOf(t) === o && !out.includes(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}
