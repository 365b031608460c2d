// GENERATED FILE, do not edit by hand.
// Source: docs/areas.md, the area table and the undirected border list.
// Rebuild: node scripts/gen-areas.mjs [path/to/areas.md]

/** One row of the area table: an area and its flags, parent and children by tag. */
export interface AreaRow {
  /** The tag used in curve names and on the wire (`''` is the "no area" entry). */
  readonly tag: string;
  /** The full name (byte-exact, with en dashes and non-ASCII letters). */
  readonly name: string;
  /** The short tag of a sub-area (e.g. `'Amprion'`), or null. */
  readonly shortTag: string | null;
  /** True for a country. */
  readonly country: boolean;
  /** True for a price area (bidding zone). */
  readonly priceArea: boolean;
  /** True for a control (TSO) area. */
  readonly controlArea: boolean;
  /** True for an area outside the covered region (exchange counterpart only). */
  readonly external: boolean;
  /** Tag of the parent area, or null. */
  readonly parent: string | null;
  /** Tags of the child areas, in definition order. */
  readonly children: readonly string[];
}

/** All 85 areas in definition order (the first is the empty "no area" entry). */
export const AREA_ROWS: readonly AreaRow[] = [
  { tag: '', name: '', shortTag: null, country: false, priceArea: false, controlArea: false, external: false, parent: null, children: [] },
  {
    tag: 'IS',
    name: 'Iceland',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'NP',
    name: 'Nord Pool',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: ['NO', 'SE', 'DK', 'FI'],
  },
  {
    tag: 'NO',
    name: 'Norway',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: false,
    parent: 'NP',
    children: ['NO1', 'NO2', 'NO3', 'NO4', 'NO5'],
  },
  {
    tag: 'NO1',
    name: 'NO1 – Oslo',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'NO',
    children: [],
  },
  {
    tag: 'NO2',
    name: 'NO2 – Kristiansand',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'NO',
    children: [],
  },
  {
    tag: 'NO3',
    name: 'NO3 – Trondheim',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'NO',
    children: [],
  },
  {
    tag: 'NO4',
    name: 'NO4 – Tromsø',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'NO',
    children: [],
  },
  {
    tag: 'NO5',
    name: 'NO5 – Bergen',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'NO',
    children: [],
  },
  {
    tag: 'SE',
    name: 'Sweden',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: false,
    parent: 'NP',
    children: ['SE1', 'SE2', 'SE3', 'SE4'],
  },
  {
    tag: 'SE1',
    name: 'SE1 – Luleå',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'SE',
    children: [],
  },
  {
    tag: 'SE2',
    name: 'SE2 – Sundsvall',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'SE',
    children: [],
  },
  {
    tag: 'SE3',
    name: 'SE3 – Stockholm',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'SE',
    children: [],
  },
  {
    tag: 'SE4',
    name: 'SE4 – Malmö',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'SE',
    children: [],
  },
  {
    tag: 'DK',
    name: 'Denmark',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: false,
    parent: 'NP',
    children: ['DK1', 'DK2'],
  },
  {
    tag: 'DK1',
    name: 'DK1 – Jylland',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'DK',
    children: [],
  },
  {
    tag: 'DK2',
    name: 'DK2 – København',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'DK',
    children: [],
  },
  {
    tag: 'FI',
    name: 'Finland',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'NP',
    children: [],
  },
  {
    tag: 'EE',
    name: 'Estonia',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'LV',
    name: 'Latvia',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'LT',
    name: 'Lithuania',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'DE',
    name: 'Germany',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: ['DE-50Hertz', 'DE-Amprion', 'DE-TenneT', 'DE-TransnetBW'],
  },
  {
    tag: 'DE-50Hertz',
    name: 'Germany – 50Hertz',
    shortTag: '50Hertz',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'DE',
    children: [],
  },
  {
    tag: 'DE-Amprion',
    name: 'Germany – Amprion',
    shortTag: 'Amprion',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'DE',
    children: [],
  },
  {
    tag: 'DE-TenneT',
    name: 'Germany – TenneT',
    shortTag: 'TenneT',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'DE',
    children: [],
  },
  {
    tag: 'DE-TransnetBW',
    name: 'Germany – TransnetBW',
    shortTag: 'TransnetBW',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'DE',
    children: [],
  },
  {
    tag: 'FR',
    name: 'France',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: ['FR-ARA', 'FR-BFC', 'FR-BRE', 'FR-CVL', 'FR-GES', 'FR-HDF', 'FR-IDF', 'FR-NAQ', 'FR-NOR', 'FR-OCC', 'FR-PAC', 'FR-PDL'],
  },
  {
    tag: 'FR-ARA',
    name: 'France – Auvergne-Rhône-Alpes',
    shortTag: 'ARA',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-BFC',
    name: 'France – Bourgogne-Franche-Comté',
    shortTag: 'BFC',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-BRE',
    name: 'France – Bretagne',
    shortTag: 'BRE',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-COR',
    name: 'France – Corse',
    shortTag: 'COR',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'FR-CVL',
    name: 'France – Centre-Val de Loire',
    shortTag: 'CVL',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-GES',
    name: 'France – Grand-Est',
    shortTag: 'GES',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-HDF',
    name: 'France – Hauts-de-France',
    shortTag: 'HDF',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-IDF',
    name: 'France – Île-de-France',
    shortTag: 'IDF',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-NAQ',
    name: 'France – Nouvelle-Aquitaine',
    shortTag: 'NAQ',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-NOR',
    name: 'France – Normandie',
    shortTag: 'NOR',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-OCC',
    name: 'France – Occitanie',
    shortTag: 'OCC',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-PAC',
    name: "France – Provence-Alpes-Côte d'Azur",
    shortTag: 'PAC',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'FR-PDL',
    name: 'France – Pays de la Loire',
    shortTag: 'PDL',
    country: false,
    priceArea: false,
    controlArea: true,
    external: false,
    parent: 'FR',
    children: [],
  },
  {
    tag: 'NL',
    name: 'Netherlands',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'BE',
    name: 'Belgium',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'AT',
    name: 'Austria',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'CH',
    name: 'Switzerland',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'LU',
    name: 'Luxembourg',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'GB',
    name: 'Great Britain',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'SEM',
    name: 'SEM – Ireland',
    shortTag: null,
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: ['NIE', 'IE'],
  },
  {
    tag: 'NIE',
    name: 'Northern Ireland',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: true,
    external: false,
    parent: 'SEM',
    children: [],
  },
  {
    tag: 'IE',
    name: 'Ireland',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: true,
    external: false,
    parent: 'SEM',
    children: [],
  },
  {
    tag: 'PL',
    name: 'Poland',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'CZ',
    name: 'Czech Republic',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'HU',
    name: 'Hungary',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'SK',
    name: 'Slovakia',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'ES',
    name: 'Spain',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'PT',
    name: 'Portugal',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'IT',
    name: 'Italy',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: ['IT-NORD', 'IT-CNOR', 'IT-CSUD', 'IT-SUD', 'IT-CALA', 'IT-SARD', 'IT-SICI'],
  },
  {
    tag: 'IT-NORD',
    name: 'Italy – Northern',
    shortTag: 'NORD',
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'IT',
    children: [],
  },
  {
    tag: 'IT-CNOR',
    name: 'Italy – Central-Northern',
    shortTag: 'CNOR',
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'IT',
    children: [],
  },
  {
    tag: 'IT-CSUD',
    name: 'Italy – Central-Southern',
    shortTag: 'CSUD',
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'IT',
    children: [],
  },
  {
    tag: 'IT-SUD',
    name: 'Italy – Southern',
    shortTag: 'SUD',
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'IT',
    children: [],
  },
  {
    tag: 'IT-CALA',
    name: 'Italy – Calabria',
    shortTag: 'CALA',
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'IT',
    children: [],
  },
  {
    tag: 'IT-SARD',
    name: 'Italy – Sardegna',
    shortTag: 'SARD',
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'IT',
    children: [],
  },
  {
    tag: 'IT-SICI',
    name: 'Italy – Sicily',
    shortTag: 'SICI',
    country: false,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: 'IT',
    children: [],
  },
  {
    tag: 'SI',
    name: 'Slovenia',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'RO',
    name: 'Romania',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'HR',
    name: 'Croatia',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'BA',
    name: 'Bosnia and Herzegovina',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'RS',
    name: 'Serbia',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'ME',
    name: 'Montenegro',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'BG',
    name: 'Bulgaria',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'AL',
    name: 'Albania',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'MK',
    name: 'North Macedonia',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'GR',
    name: 'Greece',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'XK',
    name: 'Kosovo',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'TR',
    name: 'Turkey',
    shortTag: null,
    country: true,
    priceArea: true,
    controlArea: false,
    external: false,
    parent: null,
    children: [],
  },
  {
    tag: 'RU',
    name: 'Russia',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'RU-KGD',
    name: 'Kaliningrad (Russia)',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'BY',
    name: 'Belarus',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'UA',
    name: 'Ukraine',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'MD',
    name: 'Moldova',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'MT',
    name: 'Malta',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'GE',
    name: 'Georgia',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'MA',
    name: 'Morocco',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'LY',
    name: 'Libya',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
  {
    tag: 'DZ',
    name: 'Algeria',
    shortTag: null,
    country: true,
    priceArea: false,
    controlArea: false,
    external: true,
    parent: null,
    children: [],
  },
];

/**
 * The 112 undirected borders as [tag, tag, allocation letters in E, I, F, N order];
 * each one gives two one-way borders with the same allocations.
 */
export const BORDER_PAIRS: readonly (readonly [string, string, string])[] = [
  ['AL', 'GR', 'E'],
  ['AL', 'ME', 'E'],
  ['AL', 'XK', 'E'],
  ['AT', 'CH', 'E'],
  ['AT', 'CZ', 'F'],
  ['AT', 'DE', 'F'],
  ['AT', 'HU', 'F'],
  ['AT', 'IT-NORD', 'EI'],
  ['AT', 'SI', 'F'],
  ['BA', 'HR', 'E'],
  ['BA', 'ME', 'E'],
  ['BA', 'RS', 'E'],
  ['BE', 'DE', 'F'],
  ['BE', 'FR', 'F'],
  ['BE', 'GB', 'E'],
  ['BE', 'NL', 'F'],
  ['BG', 'GR', 'EI'],
  ['BG', 'MK', 'E'],
  ['BG', 'RO', 'EI'],
  ['BG', 'RS', 'E'],
  ['BG', 'TR', 'E'],
  ['BY', 'LT', 'N'],
  ['CH', 'DE', 'E'],
  ['CH', 'FR', 'E'],
  ['CH', 'IT-NORD', 'E'],
  ['CZ', 'DE', 'F'],
  ['CZ', 'PL', 'F'],
  ['CZ', 'SK', 'F'],
  ['DE', 'DK1', 'F'],
  ['DE', 'DK2', 'F'],
  ['DE', 'FR', 'F'],
  ['DE', 'NL', 'F'],
  ['DE', 'NO2', 'F'],
  ['DE', 'PL', 'F'],
  ['DE', 'SE4', 'F'],
  ['DK1', 'DK2', 'F'],
  ['DK1', 'GB', 'E'],
  ['DK1', 'NL', 'F'],
  ['DK1', 'NO2', 'F'],
  ['DK1', 'SE3', 'F'],
  ['DK2', 'SE4', 'F'],
  ['EE', 'FI', 'F'],
  ['EE', 'LV', 'I'],
  ['EE', 'RU', 'N'],
  ['ES', 'FR', 'EI'],
  ['ES', 'PT', 'I'],
  ['FI', 'NO4', 'F'],
  ['FI', 'RU', 'N'],
  ['FI', 'SE1', 'F'],
  ['FI', 'SE3', 'F'],
  ['FR', 'GB', 'E'],
  ['FR', 'IT-NORD', 'EI'],
  ['FR-COR', 'IT-SARD', 'I'],
  ['GB', 'IE', 'I'],
  ['GB', 'NIE', 'I'],
  ['GB', 'NL', 'E'],
  ['GB', 'NO2', 'I'],
  ['GE', 'TR', 'E'],
  ['GR', 'IT-SUD', 'EI'],
  ['GR', 'MK', 'E'],
  ['GR', 'TR', 'E'],
  ['HR', 'HU', 'F'],
  ['HR', 'RS', 'E'],
  ['HR', 'SI', 'EF'],
  ['HU', 'RO', 'F'],
  ['HU', 'RS', 'E'],
  ['HU', 'SI', 'F'],
  ['HU', 'SK', 'F'],
  ['HU', 'UA', 'E'],
  ['IE', 'NIE', 'I'],
  ['IT-CALA', 'IT-SICI', 'I'],
  ['IT-CALA', 'IT-SUD', 'I'],
  ['IT-CNOR', 'IT-CSUD', 'I'],
  ['IT-CNOR', 'IT-NORD', 'I'],
  ['IT-CNOR', 'IT-SARD', 'I'],
  ['IT-CSUD', 'IT-SARD', 'I'],
  ['IT-CSUD', 'IT-SUD', 'I'],
  ['IT-CSUD', 'ME', 'E'],
  ['IT-NORD', 'SI', 'EI'],
  ['IT-SICI', 'MT', 'I'],
  ['LT', 'LV', 'I'],
  ['LT', 'PL', 'I'],
  ['LT', 'RU-KGD', 'N'],
  ['LT', 'SE4', 'F'],
  ['LV', 'RU', 'N'],
  ['MD', 'RO', 'E'],
  ['MD', 'UA', 'E'],
  ['ME', 'RS', 'E'],
  ['ME', 'XK', 'E'],
  ['MK', 'RS', 'E'],
  ['MK', 'XK', 'E'],
  ['NL', 'NO2', 'F'],
  ['NO1', 'NO2', 'F'],
  ['NO1', 'NO3', 'F'],
  ['NO1', 'NO5', 'F'],
  ['NO1', 'SE3', 'F'],
  ['NO2', 'NO5', 'F'],
  ['NO3', 'NO4', 'F'],
  ['NO3', 'NO5', 'F'],
  ['NO3', 'SE2', 'F'],
  ['NO4', 'SE1', 'F'],
  ['NO4', 'SE2', 'F'],
  ['PL', 'SE4', 'F'],
  ['PL', 'SK', 'F'],
  ['PL', 'UA', 'E'],
  ['RO', 'RS', 'E'],
  ['RO', 'UA', 'E'],
  ['RS', 'XK', 'E'],
  ['SE1', 'SE2', 'F'],
  ['SE2', 'SE3', 'F'],
  ['SE3', 'SE4', 'F'],
  ['SK', 'UA', 'E'],
];

declare module './area' {
  // The static constants of Area, one per tag (assigned when ./area loads).
  namespace Area {
    /** IS: Iceland. */
    const IS: Area;
    /** NP: Nord Pool. */
    const NP: Area;
    /** NO: Norway. */
    const NO: Area;
    /** NO1: NO1 – Oslo. */
    const NO1: Area;
    /** NO2: NO2 – Kristiansand. */
    const NO2: Area;
    /** NO3: NO3 – Trondheim. */
    const NO3: Area;
    /** NO4: NO4 – Tromsø. */
    const NO4: Area;
    /** NO5: NO5 – Bergen. */
    const NO5: Area;
    /** SE: Sweden. */
    const SE: Area;
    /** SE1: SE1 – Luleå. */
    const SE1: Area;
    /** SE2: SE2 – Sundsvall. */
    const SE2: Area;
    /** SE3: SE3 – Stockholm. */
    const SE3: Area;
    /** SE4: SE4 – Malmö. */
    const SE4: Area;
    /** DK: Denmark. */
    const DK: Area;
    /** DK1: DK1 – Jylland. */
    const DK1: Area;
    /** DK2: DK2 – København. */
    const DK2: Area;
    /** FI: Finland. */
    const FI: Area;
    /** EE: Estonia. */
    const EE: Area;
    /** LV: Latvia. */
    const LV: Area;
    /** LT: Lithuania. */
    const LT: Area;
    /** DE: Germany. */
    const DE: Area;
    /** DE-50Hertz: Germany – 50Hertz. */
    const DE_50Hertz: Area;
    /** DE-Amprion: Germany – Amprion. */
    const DE_Amprion: Area;
    /** DE-TenneT: Germany – TenneT. */
    const DE_TenneT: Area;
    /** DE-TransnetBW: Germany – TransnetBW. */
    const DE_TransnetBW: Area;
    /** FR: France. */
    const FR: Area;
    /** FR-ARA: France – Auvergne-Rhône-Alpes. */
    const FR_ARA: Area;
    /** FR-BFC: France – Bourgogne-Franche-Comté. */
    const FR_BFC: Area;
    /** FR-BRE: France – Bretagne. */
    const FR_BRE: Area;
    /** FR-COR: France – Corse. */
    const FR_COR: Area;
    /** FR-CVL: France – Centre-Val de Loire. */
    const FR_CVL: Area;
    /** FR-GES: France – Grand-Est. */
    const FR_GES: Area;
    /** FR-HDF: France – Hauts-de-France. */
    const FR_HDF: Area;
    /** FR-IDF: France – Île-de-France. */
    const FR_IDF: Area;
    /** FR-NAQ: France – Nouvelle-Aquitaine. */
    const FR_NAQ: Area;
    /** FR-NOR: France – Normandie. */
    const FR_NOR: Area;
    /** FR-OCC: France – Occitanie. */
    const FR_OCC: Area;
    /** FR-PAC: France – Provence-Alpes-Côte d'Azur. */
    const FR_PAC: Area;
    /** FR-PDL: France – Pays de la Loire. */
    const FR_PDL: Area;
    /** NL: Netherlands. */
    const NL: Area;
    /** BE: Belgium. */
    const BE: Area;
    /** AT: Austria. */
    const AT: Area;
    /** CH: Switzerland. */
    const CH: Area;
    /** LU: Luxembourg. */
    const LU: Area;
    /** GB: Great Britain. */
    const GB: Area;
    /** SEM: SEM – Ireland. */
    const SEM: Area;
    /** NIE: Northern Ireland. */
    const NIE: Area;
    /** IE: Ireland. */
    const IE: Area;
    /** PL: Poland. */
    const PL: Area;
    /** CZ: Czech Republic. */
    const CZ: Area;
    /** HU: Hungary. */
    const HU: Area;
    /** SK: Slovakia. */
    const SK: Area;
    /** ES: Spain. */
    const ES: Area;
    /** PT: Portugal. */
    const PT: Area;
    /** IT: Italy. */
    const IT: Area;
    /** IT-NORD: Italy – Northern. */
    const IT_NORD: Area;
    /** IT-CNOR: Italy – Central-Northern. */
    const IT_CNOR: Area;
    /** IT-CSUD: Italy – Central-Southern. */
    const IT_CSUD: Area;
    /** IT-SUD: Italy – Southern. */
    const IT_SUD: Area;
    /** IT-CALA: Italy – Calabria. */
    const IT_CALA: Area;
    /** IT-SARD: Italy – Sardegna. */
    const IT_SARD: Area;
    /** IT-SICI: Italy – Sicily. */
    const IT_SICI: Area;
    /** SI: Slovenia. */
    const SI: Area;
    /** RO: Romania. */
    const RO: Area;
    /** HR: Croatia. */
    const HR: Area;
    /** BA: Bosnia and Herzegovina. */
    const BA: Area;
    /** RS: Serbia. */
    const RS: Area;
    /** ME: Montenegro. */
    const ME: Area;
    /** BG: Bulgaria. */
    const BG: Area;
    /** AL: Albania. */
    const AL: Area;
    /** MK: North Macedonia. */
    const MK: Area;
    /** GR: Greece. */
    const GR: Area;
    /** XK: Kosovo. */
    const XK: Area;
    /** TR: Turkey. */
    const TR: Area;
    /** RU: Russia. */
    const RU: Area;
    /** RU-KGD: Kaliningrad (Russia). */
    const RU_KGD: Area;
    /** BY: Belarus. */
    const BY: Area;
    /** UA: Ukraine. */
    const UA: Area;
    /** MD: Moldova. */
    const MD: Area;
    /** MT: Malta. */
    const MT: Area;
    /** GE: Georgia. */
    const GE: Area;
    /** MA: Morocco. */
    const MA: Area;
    /** LY: Libya. */
    const LY: Area;
    /** DZ: Algeria. */
    const DZ: Area;
  }
}
