/**
 * Period and OHLC blocks of an import: periods of PERIOD and INSTANCE_PERIOD curves (each ends
 * after it begins, none overlap), and OHLC rows (trading day, contract period and first delivery
 * day; each contract once per trading day).
 *
 * @module
 */
import { ContractPeriod } from 'service/model';
import { zoneByName } from 'service/time';
import { isCalendarDate, parseInstant } from '#wire';
import type { OhlcBlock, PeriodBlock } from '../store';
import type { BuildContext } from './build-context';
import type { RawOhlc, RawPeriods } from './raw-document';

/**
 * Curve types whose data are periods.
 *
 * @example
 * PERIOD_CURVE_TYPES //=> ['PERIOD', 'INSTANCE_PERIOD']
 */
const PERIOD_CURVE_TYPES: readonly string[] = Object.freeze(['PERIOD', 'INSTANCE_PERIOD']);

/**
 * Builds the store block of one period series of an import file.
 *
 * @param raw - The periods as read.
 * @param ctx - The build's shared state.
 * @returns The block, or `null` when it has problems or no periods.
 * @example
 * (await buildPeriods(raw, ctx))?.begins.length //=> 3
 */
export async function buildPeriods(raw: RawPeriods, ctx: BuildContext): Promise<PeriodBlock | null> {
  const { problems } = ctx;
  const curve = ctx.curve(raw.curve, PERIOD_CURVE_TYPES, raw.at, 'periods');
  if (curve === null) return null;
  const instance = ctx.instance(curve, raw.instance, raw.at);
  if (instance === undefined) return null;
  const zone = zoneByName(curve.timezone);
  const before = problems.size;
  const items: { begin: number; end: number; k: number }[] = [];
  raw.periods.forEach((p, k) => {
    const at = { file: raw.at.file, line: p.line };
    const begin = ctx.instant(p.begin, zone, at, 'begin');
    const end = ctx.instant(p.end, zone, at, 'end');
    if (begin === null || end === null) return;
    if (!(end > begin)) {
      problems.add(at, 'end', 'the period must end after it begins');
      return;
    }
    items.push({ begin, end, k });
  });
  if (problems.size > before || items.length === 0) return null;
  items.sort((a, b) => a.begin - b.begin);
  for (let i = 1; i < items.length; i++) {
    if (items[i]!.begin < items[i - 1]!.end) {
      const a = raw.periods[items[i - 1]!.k]!;
      const b = raw.periods[items[i]!.k]!;
      problems.add({ file: raw.at.file, line: b.line }, 'begin', `the period overlaps the period on line ${a.line}`);
      return null;
    }
  }
  const key = instance === null ? curve.name : `${curve.name}|${instance.issued}|${instance.tag}`;
  if (!ctx.claimRange(key, items[0]!.begin, items[items.length - 1]!.end - 1, raw.at)) return null;
  if (instance !== null) await ctx.addInstance(curve, instance, []);
  return {
    curve: curve.name,
    issued: instance?.issued ?? null,
    tag: instance?.tag ?? null,
    begins: Float64Array.from(items, (x) => x.begin),
    ends: Float64Array.from(items, (x) => x.end),
    values: Float64Array.from(items, (x) => raw.periods[x.k]!.value),
    capacities: raw.hasCapacity ? Float64Array.from(items, (x) => raw.periods[x.k]!.capacity) : null,
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[Tt ])/;

/**
 * Builds the store block of one OHLC list of an import file.
 *
 * @param raw - The rows as read.
 * @param ctx - The build's shared state.
 * @returns The block, or `null` when it has problems or no rows.
 * @example
 * (await buildOhlc(raw, ctx))?.traded.length //=> 12
 */
export async function buildOhlc(raw: RawOhlc, ctx: BuildContext): Promise<OhlcBlock | null> {
  const { problems } = ctx;
  const curve = ctx.curve(raw.curve, ['OHLC'], raw.at, 'OHLC rows');
  if (curve === null) return null;
  const zone = zoneByName(curve.timezone);
  const before = problems.size;
  const day = (text: string, at: { file: string; line: number }, field: string): number | null => {
    const m = DATE.exec(text);
    if (!m || !isCalendarDate(+m[1]!, +m[2]!, +m[3]!)) {
      problems.add(at, field, `not a date: ${JSON.stringify(text)} (expected YYYY-MM-DD)`);
      return null;
    }
    return parseInstant(text.slice(0, 10), zone);
  };
  const seen = new Map<string, number>();
  const rows: { traded: number; period: string; delivery: number; k: number }[] = [];
  raw.rows.forEach((r, k) => {
    const at = { file: raw.at.file, line: r.line };
    const traded = day(r.traded, at, 'traded');
    const delivery = day(r.delivery, at, 'delivery');
    let period: string | null = null;
    if (!ContractPeriod.isValidTag(r.period)) problems.add(at, 'period', `unknown contract period ${JSON.stringify(r.period)}`);
    else period = ContractPeriod.byTag(r.period).tag;
    if (traded === null || delivery === null || period === null) return;
    const key = `${traded}|${period}|${delivery}`;
    const other = seen.get(key);
    if (other !== undefined) {
      problems.add(at, 'delivery', `duplicate contract: the same trading day, period and delivery as line ${other}`);
      return;
    }
    seen.set(key, r.line);
    rows.push({ traded, period, delivery, k });
  });
  if (problems.size > before || rows.length === 0) return null;
  rows.sort((a, b) => a.traded - b.traded || (a.period < b.period ? -1 : a.period > b.period ? 1 : 0) || a.delivery - b.delivery);
  if (!ctx.claimRange(curve.name, rows[0]!.traded, rows[rows.length - 1]!.traded, raw.at)) return null;
  const col = (f: 'open' | 'high' | 'low' | 'close' | 'settlement' | 'volume' | 'openInterest') =>
    Float64Array.from(rows, (x) => raw.rows[x.k]![f]);
  return {
    curve: curve.name,
    traded: Float64Array.from(rows, (x) => x.traded),
    period: rows.map((x) => x.period),
    delivery: Float64Array.from(rows, (x) => x.delivery),
    open: col('open'),
    high: col('high'),
    low: col('low'),
    close: col('close'),
    settlement: col('settlement'),
    volume: col('volume'),
    openInterest: col('openInterest'),
  };
}
