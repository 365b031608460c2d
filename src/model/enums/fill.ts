import type { AnyCase } from '../../time';
import { EnumBase, registerEnum } from './enum-base';

/**
 * The tags of {@link Fill}, as a literal type for options (a misspelt tag fails to compile;
 * at run time `byTag` also accepts any letter case).
 *
 * @example
 * const tag: FillTag = 'no-fill';
 */
export type FillTag = AnyCase<'no-fill' | 'fill-holes' | 'forward-fill'>;

/**
 * How days without trades are filled when OHLC data becomes a daily time series
 * (docs/semantics.md#fills). Wire tags are lower case with hyphens; lookup ignores case.
 *
 * @example
 * Fill.byTag('Forward-Fill') === Fill.FORWARD_FILL //=> true
 * Fill.NO_FILL.tag //=> 'no-fill'
 */
export class Fill extends EnumBase {
  /** Do nothing (the service default when the option is absent). */
  static readonly NO_FILL = new Fill('no-fill');
  /** Fill days without trades between trades with the previous trading day's value. */
  static readonly FILL_HOLES = new Fill('fill-holes');
  /** Always carry the last value forward, also past the last trade and into the future. */
  static readonly FORWARD_FILL = new Fill('forward-fill');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
