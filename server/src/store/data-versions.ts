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
  private counter = 0;
  private places = 0;
  private curves = new Map<string, number>();

  /**
   * @param epoch - Tells this store's versions apart from those of other stores or runs (default:
   *   random, drawn now); a shared store keeps its own.
   */
  constructor(private readonly epoch: string = randomBytes(6).toString('hex')) {}

  /**
   * What an import changes: the names of the curves it names and whether it imports places.
   *
   * @param batch - The batch.
   * @returns The curve names (each once) and the places flag.
   * @example
   * DataVersions.touchedBy({ series: [block] }) //=> { curves: [block.curve], places: false }
   */
  static touchedBy(batch: ImportBatch): { curves: string[]; places: boolean } {
    const names = new Set<string>();
    const touch = (items: readonly { curve: string }[] | undefined) => items?.forEach((item) => names.add(item.curve));
    batch.curves?.forEach((curve) => names.add(curve.name));
    touch(batch.instances);
    touch(batch.series);
    touch(batch.periods);
    touch(batch.ohlc);
    return { curves: [...names], places: (batch.places?.length ?? 0) > 0 };
  }

  /**
   * Records a committed import: every curve it names, and places when it has any.
   *
   * @param batch - The imported batch.
   */
  bump(batch: ImportBatch): void {
    const n = ++this.counter;
    const touched = DataVersions.touchedBy(batch);
    for (const curve of touched.curves) this.curves.set(curve, n);
    if (touched.places) this.places = n;
  }

  /**
   * Replaces the counters with those a shared store keeps (read from its database).
   *
   * @param counter - The store-wide counter.
   * @param places - The counter value of the last import of places.
   * @param curves - The counter value of the last import naming each curve.
   * @returns Nothing.
   * @example
   * versions.load(12, 3, new Map([['DE Wind', 12]]));
   */
  load(counter: number, places: number, curves: Map<string, number>): void {
    this.counter = counter;
    this.places = places;
    this.curves = curves;
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
