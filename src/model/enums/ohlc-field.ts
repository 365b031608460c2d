import type { AnyCase } from '../../time';
import { EnumBase, registerEnum } from './enum-base';

/**
 * The tags of {@link OHLCField}, as a literal type for options (a misspelt tag fails to compile;
 * at run time `byTag` also accepts any letter case).
 *
 * @example
 * const tag: OHLCFieldTag = 'open';
 */
export type OHLCFieldTag = AnyCase<'open' | 'high' | 'low' | 'close' | 'settlement' | 'volume' | 'open_interest'>;

/**
 * A field of an OHLC record (docs/model.md#enums). Wire tags are lower case; lookup ignores
 * case. The default field wherever one is taken is `SETTLEMENT`.
 *
 * @example
 * OHLCField.byTag('Open_Interest').key //=> 'open_interest'
 */
export class OHLCField extends EnumBase {
  /** Opening trade of the trading day. */
  static readonly OPEN = new OHLCField('open');
  /** Highest trade of the trading day. */
  static readonly HIGH = new OHLCField('high');
  /** Lowest trade of the trading day. */
  static readonly LOW = new OHLCField('low');
  /** Closing trade of the trading day. */
  static readonly CLOSE = new OHLCField('close');
  /** Settlement price of the trading day. */
  static readonly SETTLEMENT = new OHLCField('settlement');
  /** Accumulated traded volume of the trading day. */
  static readonly VOLUME = new OHLCField('volume');
  /** Total volume of contracts entered into and not yet liquidated or delivered. */
  static readonly OPEN_INTEREST = new OHLCField('open_interest');

  static {
    registerEnum(this);
  }

  /** The JSON field name of this value in an OHLC record, e.g. `'open_interest'`. */
  readonly key: string;

  private constructor(tag: string) {
    super(tag);
    this.key = tag;
  }
}
