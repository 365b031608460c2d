/**
 * Places of the demo dataset (docs/demo-data.md#places): power plants with their units, and the other
 * place kinds (rivers, weather stations, cities, consumers, gas sites, other). Hand-written data.
 */
import type { FuelKey } from './fuels';

/** A power plant; `units` are `[unit name, net MW]` (empty for a plant without unit places). */
export interface PlantSpec {
  area: string;
  name: string;
  fuel: FuelKey;
  /** Place fuels beyond the fleet's own (Eemshaven co-fires biomass). */
  extraFuels: string[];
  lat: number;
  lon: number;
  capacity: number;
  units: [string, number][];
  fullOnly: boolean;
}

/** A place that is not a power plant. */
export interface SiteSpec {
  kind: 'river' | 'weatherstation' | 'city' | 'consumer' | 'gas-storage' | 'gas-lng-terminal' | 'gas-interconnector' | 'other';
  area: string;
  name: string;
  lat: number;
  lon: number;
  /** Extra areas (a gas interconnector lies on a border). */
  moreAreas: string[];
  fullOnly: boolean;
  /** Mean load of a consumer site, MW. */
  load?: number;
}

type P = [string, string, FuelKey, number, number, string, boolean?, string[]?];

// [area, name, fleet, lat, lon, units "name:MW,...", fullOnly, extra fuels]
const PLANTS: P[] = [
  ['DE', 'Neurath', 'lignite', 51.038, 6.615, 'D:600,E:600,F:1060,G:1060'],
  ['DE', 'Weisweiler', 'lignite', 50.837, 6.322, 'F:320,G:660,H:660'],
  ['DE', 'Datteln', 'hardcoal', 51.631, 7.334, '4:1050'],
  ['DE', 'Mainz', 'gas', 50.013, 8.245, '3:400'],
  ['DE', 'Goldisthal', 'pumped', 50.508, 11.004, '1:265,2:265,3:265,4:265'],
  ['DE', 'Jaenschwalde', 'lignite', 51.835, 14.458, 'A:500,B:500,C:500,D:500,E:500,F:500', true],
  ['DE', 'Irsching', 'gas', 48.767, 11.579, '4:560,5:850', true],
  ['FR', 'Paluel', 'nuclear', 49.858, 0.635, '1:1330,2:1330,3:1330,4:1330'],
  ['FR', 'Gravelines', 'nuclear', 51.015, 2.136, '1:910,2:910,3:910,4:910,5:910,6:910'],
  ['FR', 'Flamanville', 'nuclear', 49.536, -1.882, '1:1330,2:1330,3:1600'],
  ['FR', 'Cattenom', 'nuclear', 49.415, 6.218, '1:1300,2:1300,3:1300,4:1300'],
  ['FR', 'Grand Maison', 'reservoir', 45.17, 6.07, '=1800'],
  ['FR', 'Bugey', 'nuclear', 45.798, 5.27, '2:910,3:910,4:880,5:880', true],
  ['FR', 'Golfech', 'nuclear', 44.107, 0.845, '1:1310,2:1310', true],
  ['FR', 'Tricastin', 'nuclear', 44.33, 4.732, '1:915,2:915,3:915,4:915', true],
  ['NL', 'Borssele', 'nuclear', 51.431, 3.718, '1:485'],
  ['NL', 'Eemshaven', 'hardcoal', 53.44, 6.84, 'A:780,B:780', false, ['Biomass']],
  ['NL', 'Claus', 'gas', 51.15, 5.89, 'C:1300'],
  ['NO2', 'Kvilldal', 'reservoir', 59.515, 6.648, '1:310,2:310,3:310,4:310'],
  ['NO2', 'Tonstad', 'reservoir', 58.663, 6.716, '1:192,2:192,3:192,4:192,5:192'],
  ['GB', 'Drax', 'biomass', 53.737, -0.997, '1:645,2:645,3:645,4:645'],
  ['GB', 'Sizewell B', 'nuclear', 52.215, 1.62, '1:1198'],
  ['GB', 'Heysham 2', 'nuclear', 54.029, -2.916, '1:615,2:615'],
  ['GB', 'Pembroke', 'gas', 51.684, -4.99, '1:436,2:436,3:436,4:436,5:436'],
  ['GB', 'Dinorwig', 'pumped', 53.119, -4.114, '1:288,2:288,3:288,4:288,5:288,6:288'],
  ['SE3', 'Forsmark', 'nuclear', 60.403, 18.166, '1:990,2:1120,3:1170', true],
  ['SE3', 'Ringhals', 'nuclear', 57.259, 12.111, '3:1060,4:1130', true],
  ['SE3', 'Oskarshamn', 'nuclear', 57.415, 16.67, '3:1400', true],
  ['FI', 'Olkiluoto', 'nuclear', 61.237, 21.441, '1:890,2:890,3:1600', true],
  ['FI', 'Loviisa', 'nuclear', 60.37, 26.347, '1:507,2:507', true],
  ['BE', 'Doel', 'nuclear', 51.325, 4.259, '4:1040', true],
  ['BE', 'Tihange', 'nuclear', 50.534, 5.272, '3:1040', true],
  ['CZ', 'Temelin', 'nuclear', 49.18, 14.376, '1:1086,2:1086', true],
  ['CZ', 'Dukovany', 'nuclear', 49.085, 16.148, '1:510,2:510,3:510,4:510', true],
  ['CH', 'Goesgen', 'nuclear', 47.366, 7.967, '1:1010', true],
  ['CH', 'Leibstadt', 'nuclear', 47.601, 8.183, '1:1230', true],
  ['ES', 'Almaraz', 'nuclear', 39.808, -5.697, '1:1050,2:1050', true],
  ['PL', 'Belchatow', 'lignite', 51.266, 19.331, '=5000', true],
  ['PL', 'Kozienice', 'hardcoal', 51.664, 21.466, '=4000', true],
  ['NO5', 'Sima', 'reservoir', 60.46, 7.14, '=1120', true],
];

/** Every power plant, in catalogue order. */
export const PLANT_SPECS: readonly PlantSpec[] = Object.freeze(
  PLANTS.map((p): PlantSpec => {
    const units: [string, number][] = p[5].startsWith('=')
      ? []
      : p[5].split(',').map((u) => {
          const [name, mw] = u.split(':');
          if (name === undefined || mw === undefined) throw new Error(`plant ${p[1]}: unit ${JSON.stringify(u)} is not name:MW`);
          return [name, Number(mw)];
        });
    const capacity = p[5].startsWith('=') ? Number(p[5].slice(1)) : units.reduce((s, u) => s + u[1], 0);
    return {
      area: p[0],
      name: p[1],
      fuel: p[2],
      lat: p[3],
      lon: p[4],
      units,
      capacity,
      fullOnly: p[6] ?? false,
      extraFuels: p[7] ?? [],
    };
  }),
);

type S = [SiteSpec['kind'], string, string, number, number, boolean?, string[]?, number?];

const SITES: S[] = [
  ['river', 'DE', 'Weser Porta', 52.245, 8.916],
  ['river', 'DE', 'Rhine Kaub', 50.085, 7.765],
  ['weatherstation', 'DE', 'Hamburg Fuhlsbuettel', 53.633, 9.988],
  ['weatherstation', 'DE', 'Berlin Tempelhof', 52.468, 13.402],
  ['city', 'DE', 'Berlin', 52.52, 13.405],
  ['city', 'DE', 'Munich', 48.137, 11.575],
  ['gas-storage', 'DE', 'Rehden', 52.6, 8.48],
  ['consumer', 'DE', 'Ludwigshafen', 49.494, 8.434, true, [], 700],
  ['river', 'FR', 'Rhone Bugey', 45.798, 5.271],
  ['river', 'FR', 'Garonne Golfech', 44.107, 0.845],
  ['weatherstation', 'FR', 'Paris Montsouris', 48.822, 2.338],
  ['weatherstation', 'FR', 'Lyon Bron', 45.721, 4.949],
  ['city', 'FR', 'Paris', 48.857, 2.352],
  ['city', 'FR', 'Lyon', 45.764, 4.836],
  ['gas-lng-terminal', 'FR', 'Dunkerque', 51.03, 2.25, true],
  ['weatherstation', 'NL', 'De Bilt', 52.1, 5.18],
  ['city', 'NL', 'Amsterdam', 52.37, 4.895],
  ['city', 'NL', 'Rotterdam', 51.924, 4.478],
  ['gas-lng-terminal', 'NL', 'Gate', 51.968, 4.038],
  ['gas-interconnector', 'NL', 'Oude Statenzijl', 53.205, 7.205, false, ['DE']],
  ['weatherstation', 'NO2', 'Kristiansand Kjevik', 58.2, 8.08],
  ['city', 'NO2', 'Kristiansand', 58.147, 7.996],
  ['city', 'NO2', 'Stavanger', 58.97, 5.733],
  ['consumer', 'NO2', 'Karmoy Smelter', 59.33, 5.3, false, [], 650],
  ['other', 'NO2', 'Tonstad Converter', 58.66, 6.72],
  ['weatherstation', 'GB', 'London Heathrow', 51.479, -0.449],
  ['city', 'GB', 'London', 51.507, -0.128],
  ['city', 'GB', 'Manchester', 53.481, -2.242],
  ['weatherstation', 'NO1', 'Oslo Blindern', 59.942, 10.72, true],
  ['weatherstation', 'SE3', 'Stockholm Bromma', 59.354, 17.951, true],
  ['weatherstation', 'FI', 'Helsinki Kaisaniemi', 60.175, 24.944, true],
  ['weatherstation', 'ES', 'Madrid Retiro', 40.412, -3.678, true],
  ['weatherstation', 'IT-NORD', 'Milano Linate', 45.433, 9.283, true],
];

/** Every non-plant place, in catalogue order. */
export const SITE_SPECS: readonly SiteSpec[] = Object.freeze(
  SITES.map(
    (s): SiteSpec => ({
      kind: s[0],
      area: s[1],
      name: s[2],
      lat: s[3],
      lon: s[4],
      fullOnly: s[5] ?? false,
      moreAreas: s[6] ?? [],
      ...(s[7] !== undefined ? { load: s[7] } : {}),
    }),
  ),
);

/** Key prefix per place kind (docs/demo-data.md#places). */
const KEY_PREFIX: Readonly<Record<SiteSpec['kind'] | 'producer', string>> = Object.freeze({
  producer: 'pp',
  river: 'river',
  weatherstation: 'ws',
  city: 'city',
  consumer: 'cons',
  'gas-storage': 'gs',
  'gas-lng-terminal': 'lng',
  'gas-interconnector': 'gi',
  other: 'oth',
});

/**
 * The name token of a place in curve names: spaces become hyphens.
 *
 * @param name - The place name.
 * @returns The token (without `@`).
 * @example
 * placeToken('Sizewell B') //=> 'Sizewell-B'
 */
export function placeToken(name: string): string {
  return name.trim().split(/\s+/).join('-');
}

/**
 * The key of a place: kind prefix and the lower-cased token.
 *
 * @param kind - Place kind (`producer` for plants and units).
 * @param name - The place name.
 * @returns The key.
 * @example
 * placeKey('producer', 'Neurath D') //=> 'pp-neurath-d'
 */
export function placeKey(kind: SiteSpec['kind'] | 'producer', name: string): string {
  return `${KEY_PREFIX[kind]}-${placeToken(name).toLowerCase()}`;
}
