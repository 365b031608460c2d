/**
 * Compares a fixture body with the JSON our serialisers write back after parsing it. Bodies are
 * "equivalent" when they are deep-equal after these documented relaxations, each a rule of the
 * wire references rather than a loophole:
 *
 * - an absent member equals null (the reference reads both the same way);
 * - a null list equals `[]` for `categories`, `fuels`, `areas`, `children`, `curves`
 *   (docs/protocol.md#place-json: a null list reads as empty);
 * - date-time texts with an offset are equal when they are the same instant (docs/protocol.md#datetimes: any offset may
 *   be used; we show data times in the series' zone and instance `created`/`modified` in the
 *   curve's zone);
 * - `traded_at` and `delivery` compare by their date part (docs/protocol.md#ohlc-json: only the date is kept);
 * - an instance's `scenarios` null equals 0 (docs/protocol.md#instance-json: 0 = none);
 * - `aggregation` `MEAN` equals `AVERAGE` (docs/semantics.md#absolute: distinct tags, equal meaning);
 * - a curve's `instance_issued_timezone` null equals `"UTC"` for curve types with instances
 *   (docs/protocol.md#curve-json: UTC when absent).
 */
import { scanInstant } from '../../../src/wire';

const EMPTY_LISTS = new Set(['categories', 'fuels', 'areas', 'children', 'curves']);
const DATE_KEYS = new Set(['traded_at', 'delivery']);

function sameLeaf(key: string, a: unknown, b: unknown, parent: Record<string, unknown>): boolean {
  if (a === b) return true;
  const na = a === undefined ? null : a;
  const nb = b === undefined ? null : b;
  if (na === nb) return true;
  if (EMPTY_LISTS.has(key) && (na === null || nb === null)) {
    const other = na === null ? nb : na;
    return Array.isArray(other) && other.length === 0;
  }
  if (key === 'scenarios' && 'issued' in parent) return (na ?? 0) === (nb ?? 0);
  if (key === 'aggregation') return [na, nb].every((x) => x === 'MEAN' || x === 'AVERAGE');
  if (key === 'instance_issued_timezone' && /INSTANCE/.test(String(parent.curve_type))) {
    return (na ?? 'UTC') === (nb ?? 'UTC');
  }
  if (typeof na === 'string' && typeof nb === 'string') {
    if (DATE_KEYS.has(key) && na.slice(0, 10) === nb.slice(0, 10) && /^\d{4}-\d{2}-\d{2}/.test(na)) return true;
    const ta = scanInstant(na);
    return ta === ta && ta === scanInstant(nb);
  }
  return false;
}

/**
 * Lists where two JSON values differ under the rules above.
 *
 * @param expected - The fixture body.
 * @param actual - What the serialiser wrote (through `JSON.stringify`/`JSON.parse`).
 * @returns Paths and values of the differences; empty when equivalent.
 */
export function jsonDifferences(expected: unknown, actual: unknown): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string, key: string, parent: Record<string, unknown>): void => {
    const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null;
    if (objects && Array.isArray(a) === Array.isArray(b)) {
      if (Array.isArray(a) && a.length !== (b as unknown[]).length) {
        out.push(`${path}: ${a.length} items vs ${(b as unknown[]).length}`);
        return;
      }
      const ra = a as Record<string, unknown>;
      const rb = b as Record<string, unknown>;
      for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) walk(ra[k], rb[k], `${path}.${k}`, Array.isArray(a) ? key : k, ra);
      return;
    }
    if (!sameLeaf(key, a, b, parent)) out.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  };
  walk(expected, actual, '', '', {});
  return out;
}
