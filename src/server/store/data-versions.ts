/**
 * The data versions behind the service's `ETag`s: a store-wide counter bumped by every import,
 * the counter value of the last import that named each curve (its metadata, instances, values,
 * periods or OHLC rows), and that of the last import of places (curve answers show their place).
 * Versions carry a random epoch drawn when the store opens, so a version never repeats across
 * restarts of the service even though the counters start again.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { ImportBatch } from './types';

/**
 * Data versions of one open store.
 *
 * @example
 * const versions = new DataVersions();
 * versions.bump({ series: [block] });
 * versions.of(block.curve) !== versions.of('other') //=> true
 */
export class DataVersions {
  private readonly epoch = randomBytes(6).toString('hex');
  private counter = 0;
  private places = 0;
  private readonly curves = new Map<string, number>();

  /**
   * Records a committed import: every curve it names, and places when it has any.
   *
   * @param batch - The imported batch.
   */
  bump(batch: ImportBatch): void {
    const n = ++this.counter;
    const touch = (items: readonly { curve: string }[] | undefined) => items?.forEach((item) => this.curves.set(item.curve, n));
    batch.curves?.forEach((curve) => this.curves.set(curve.name, n));
    touch(batch.instances);
    touch(batch.series);
    touch(batch.periods);
    touch(batch.ohlc);
    if (batch.places?.length) this.places = n;
  }

  /**
   * The version of one curve's answers, or with `null` of everything (any import changes it).
   *
   * @param curve - The curve name, or `null`.
   * @returns An opaque version text.
   * @example
   * versions.of(null) //=> 'a1b2c3d4e5f6.12'
   */
  of(curve: string | null): string {
    if (curve === null) return `${this.epoch}.${this.counter}`;
    return `${this.epoch}.${this.curves.get(curve) ?? 0}.${this.places}`;
  }
}
