/**
 * The clock of a replayed report (docs/notebooks.md#reports): with `SERVICE_NOW` set to an ISO instant
 * in the environment (the report runner sets it to the time of the recording), luxon's clock,
 * and so `now()`, `today()`, `Resolution.now()` and every `DateTime.now()` of this package's
 * luxon, starts at that instant when the package loads and runs on from there. A notebook that
 * computes "the last seven days" then asks the recorded questions on any later day.
 *
 * @module
 */
import { DateTime, Settings } from 'luxon';
import { ValueError } from '../exceptions';
import type { Clock } from './helpers';

/** The environment variable that pins the clock. */
const CLOCK_ENV = 'SERVICE_NOW';

/**
 * A clock that starts at an ISO instant and runs on with the real one.
 *
 * @param text - The instant (`2026-11-25T22:59:28.500Z`, or with an offset), or undefined / '' for none.
 * @param realNow - The real clock (default `Date.now`).
 * @returns The clock, or null when no instant is given.
 * @throws ValueError naming `SERVICE_NOW` for text that is no ISO instant.
 * @example
 * clockFrom('2024-03-31T12:00:00Z', () => 0)?.() //=> 1711886400000
 */
export function clockFrom(text: string | undefined, realNow: () => number = Date.now): Clock | null {
  if (text === undefined || text.trim() === '') return null;
  const start = DateTime.fromISO(text.trim(), { setZone: true });
  if (!start.isValid || !/(Z|[+-]\d\d:?\d\d)$/i.test(text.trim())) {
    throw new ValueError(`${CLOCK_ENV} must be an ISO instant with an offset (e.g. 2026-11-25T22:59:28Z), got ${JSON.stringify(text)}`);
  }
  const pinned = start.toMillis();
  const loaded = realNow();
  return () => pinned + (realNow() - loaded);
}

/**
 * Pins luxon's clock from the environment when `SERVICE_NOW` is set (called once when the
 * package loads; in a browser there is no environment and nothing happens).
 *
 * @returns Nothing.
 */
export function pinClockFromEnv(): void {
  const clock = clockFrom(envValue(CLOCK_ENV));
  if (clock !== null) Settings.now = clock;
}

/** A variable of Node's environment, or Deno's (its kernel), or undefined (a browser). */
function envValue(name: string): string | undefined {
  const g = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { get?: (name: string) => string | undefined } };
  };
  const fromNode = g.process?.env?.[name];
  if (fromNode !== undefined) return fromNode;
  try {
    return g.Deno?.env?.get?.(name);
  } catch {
    return undefined; // no permission to read the environment
  }
}
