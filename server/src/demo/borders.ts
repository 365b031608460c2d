/**
 * Borders of the demo power system (docs/demo-data.md#areas; allocations from docs/model.md#borders) with the
 * commercial capacity per direction in MW (docs/demo-data.md#value-ranges where it names one, else typical NTCs).
 */

/** An undirected border: areas in lexicographic order, allocation tags, capacity per direction. */
export interface BorderSpec {
  a: string;
  b: string;
  allocations: string;
  capacity: number;
}

const SMALL = 'DE-FR DE-NL DE-NO2 NL-NO2 FR-GB GB-NL GB-NO2';

// [pair, allocations, MW]
const ALL: [string, string, number][] = [
  ['AT~CH', 'E', 1200],
  ['AT~CZ', 'F', 900],
  ['AT~DE', 'F', 5000],
  ['AT~IT-NORD', 'EI', 400],
  ['BE~DE', 'F', 1000],
  ['BE~FR', 'F', 2800],
  ['BE~GB', 'E', 1000],
  ['BE~NL', 'F', 2400],
  ['CH~DE', 'E', 4000],
  ['CH~FR', 'E', 3000],
  ['CH~IT-NORD', 'E', 4000],
  ['CZ~DE', 'F', 2100],
  ['CZ~PL', 'F', 800],
  ['DE~DK1', 'F', 2500],
  ['DE~DK2', 'F', 600],
  ['DE~FR', 'F', 4800],
  ['DE~NL', 'F', 5000],
  ['DE~NO2', 'F', 1400],
  ['DE~PL', 'F', 2000],
  ['DE~SE4', 'F', 615],
  ['DK1~DK2', 'F', 600],
  ['DK1~GB', 'E', 1400],
  ['DK1~NL', 'F', 700],
  ['DK1~NO2', 'F', 1600],
  ['DK1~SE3', 'F', 700],
  ['DK2~SE4', 'F', 1300],
  ['EE~FI', 'F', 1000],
  ['EE~LV', 'I', 1000],
  ['ES~FR', 'EI', 2800],
  ['FI~NO4', 'F', 100],
  ['FI~SE1', 'F', 1500],
  ['FI~SE3', 'F', 1200],
  ['FR~GB', 'E', 4000],
  ['FR~IT-NORD', 'EI', 3000],
  ['GB~NL', 'E', 1000],
  ['GB~NO2', 'I', 1400],
  ['LT~LV', 'I', 1200],
  ['LT~PL', 'I', 500],
  ['LT~SE4', 'F', 700],
  ['NL~NO2', 'F', 700],
  ['NO1~NO2', 'F', 2200],
  ['NO1~NO3', 'F', 500],
  ['NO1~NO5', 'F', 500],
  ['NO1~SE3', 'F', 2100],
  ['NO2~NO5', 'F', 600],
  ['NO3~NO4', 'F', 900],
  ['NO3~NO5', 'F', 500],
  ['NO3~SE2', 'F', 600],
  ['NO4~SE1', 'F', 700],
  ['NO4~SE2', 'F', 250],
  ['PL~SE4', 'F', 600],
  ['SE1~SE2', 'F', 3300],
  ['SE2~SE3', 'F', 7300],
  ['SE3~SE4', 'F', 5400],
];

/** Every border of the full preset (54 pairs). */
const BORDERS: readonly BorderSpec[] = Object.freeze(
  ALL.map(([pair, allocations, capacity]) => {
    const [a, b] = pair.split('~');
    if (!a || !b) throw new Error(`border ${pair} is not A~B`);
    return { a, b, allocations, capacity };
  }),
);

/**
 * The borders of a preset.
 *
 * @param preset - `small` (7 pairs) or `full` (54 pairs).
 * @returns Undirected borders.
 * @example
 * bordersOf('small').length //=> 7
 */
export function bordersOf(preset: 'small' | 'full'): BorderSpec[] {
  if (preset === 'full') return [...BORDERS];
  const wanted = new Set(SMALL.split(' '));
  return BORDERS.filter((b) => wanted.has(`${b.a}-${b.b}`));
}

/** A one-way border: power flows from `source` to `sink`. */
export interface Direction {
  source: string;
  sink: string;
  capacity: number;
  border: BorderSpec;
}

/**
 * Both directions of every border, `a>b` before `b>a`.
 *
 * @param borders - Undirected borders.
 * @returns One-way borders.
 * @example
 * directionsOf(bordersOf('small')).length //=> 14
 */
export function directionsOf(borders: readonly BorderSpec[]): Direction[] {
  const out: Direction[] = [];
  for (const border of borders) {
    out.push({ source: border.a, sink: border.b, capacity: border.capacity, border });
    out.push({ source: border.b, sink: border.a, capacity: border.capacity, border });
  }
  return out;
}
