import { EnumBase, registerEnum } from './enum-base';

/**
 * The kind of a place (docs/model.md#enums). Wire tags are lower case; lookup ignores case.
 *
 * @example
 * PlaceType.byTag('Gas-Storage') === PlaceType.GAS_STORAGE //=> true
 */
export class PlaceType extends EnumBase {
  /** A city. */
  static readonly CITY = new PlaceType('city');
  /** A power consumer, such as a factory. */
  static readonly CONSUMER = new PlaceType('consumer');
  /** A power producer (power plant or unit). */
  static readonly PRODUCER = new PlaceType('producer');
  /** A river location. */
  static readonly RIVER = new PlaceType('river');
  /** A weather station. */
  static readonly WEATHERSTATION = new PlaceType('weatherstation');
  /** A gas storage. */
  static readonly GAS_STORAGE = new PlaceType('gas-storage');
  /** An LNG terminal. */
  static readonly GAS_LNG_TERMINAL = new PlaceType('gas-lng-terminal');
  /** A gas interconnector. */
  static readonly GAS_INTERCONNECTOR = new PlaceType('gas-interconnector');
  /** Anything else. */
  static readonly OTHER = new PlaceType('other');

  static {
    registerEnum(this);
  }

  private constructor(tag: string) {
    super(tag);
  }
}
