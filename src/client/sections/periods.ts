/**
 * The periods section (docs/protocol.md#periods): load a `PERIOD` curve (e.g. available
 * capacity with the installed capacity per period).
 *
 * @module
 */
import type { Periodseries } from '../../model';
import { parsePeriodseries, periodsLoad, type CurveInput, type PeriodsLoadOptions } from '../../wire';
import { Section } from './section';

/**
 * The periods operations of a client.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const ps = await client.periods.load('DE Nuclear Capacity Available MW REMIT', { begin: '2024-01-01', end: '2024-02-01' });
 * ps.hasCapacity() //=> true
 */
export class PeriodsSection extends Section {
  /**
   * Loads the periods overlapping `[begin, end)`, clipped to it. Date-times without an offset
   * are wall-clock time in `timeZone` (else the curve's zone); `unit` converts the values and
   * the installed capacities. Everything is validated before any request is sent.
   *
   * @param curve - The curve or its name; a Curve must be of type PERIOD.
   * @param options - `begin` and `end` (required), `timeZone`, `unit`.
   * @returns The period-based series.
   * @throws ValidationError naming the parameter (missing or invalid date, unknown zone, a Curve
   *   of another type) before any request, or from the service (400); ForbiddenError (403);
   *   NotFoundError (404); UnauthorizedError, HTTPError, InternalServerError, ParseException.
   * @example
   * const ps = await client.periods.load(curve, { begin: '2024-01-01', end: '2024-02-01', unit: 'GW' });
   * ps.unit //=> 'GW'
   */
  async load(curve: CurveInput, options: PeriodsLoadOptions): Promise<Periodseries> {
    const line = periodsLoad(curve, options ?? ({} as PeriodsLoadOptions));
    return parsePeriodseries((await this.send(line)).body);
  }
}
