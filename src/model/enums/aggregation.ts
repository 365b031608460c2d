import type { AnyCase } from '../../time';
import { EnumBase, registerEnum } from './enum-base';

/**
 * The tags of {@link Aggregation} (with the alias `MEAN`), as a literal type for options.
 *
 * @example
 * const tag: AggregationTag = 'MAX';
 */
export type AggregationTag = AnyCase<'AVERAGE' | 'MEAN' | 'SUM' | 'MIN' | 'MAX'>;

/**
 * How values are combined when data is resampled to a coarser frequency (docs/model.md#enums). `byTag`
 * also accepts `MEAN`, the tag the service echoes for "average" (docs/semantics.md#absolute), and gives
 * `AVERAGE` for it.
 *
 * @example
 * Aggregation.byTag('MEAN') === Aggregation.AVERAGE //=> true
 * Aggregation.byTag('sum').tag //=> 'SUM'
 */
export class Aggregation extends EnumBase {
  /** The mean value. */
  static readonly AVERAGE = new Aggregation('AVERAGE');
  /** The sum of all values. */
  static readonly SUM = new Aggregation('SUM');
  /** The minimum value. */
  static readonly MIN = new Aggregation('MIN');
  /** The maximum value. */
  static readonly MAX = new Aggregation('MAX');

  static {
    registerEnum(this, { aliases: { MEAN: 'AVERAGE' } });
  }

  private constructor(tag: string) {
    super(tag);
  }
}
