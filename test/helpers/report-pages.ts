// Reading the report pages `npm run report` writes: the provenance record a page carries, and the
// page without it (what a replay of a recording must give again).
import * as assert from 'uvu/assert';

/** The provenance record of a report page (scripts/jupyter/provenance.mjs). */
export interface Provenance {
  ran: string;
  source: Record<string, string>;
  parameters: Record<string, unknown>;
  dataVersion: string | null;
  requests: { operation: string; curve: string | null; range: string | null; path: string; etag: string | null }[];
  charts: Record<string, string>;
}

/**
 * The page's provenance record (asserts that there is one).
 *
 * @param page - The HTML of a report page.
 * @returns Its provenance.
 * @example
 * provenanceOf(readFileSync('reports/01-quickstart.html', 'utf8')).dataVersion
 */
export function provenanceOf(page: string): Provenance {
  const m = /<script type="application\/json" id="service-provenance">(.*?)<\/script>/s.exec(page);
  assert.ok(m, 'the page has its provenance record');
  return JSON.parse(m?.[1] ?? '{}') as Provenance;
}

/**
 * The page without its provenance (metadata, record and footer).
 *
 * @param page - The HTML of a report page.
 * @returns The rest of the page.
 * @example
 * assert.is(withoutProvenance(replayed), withoutProvenance(recorded));
 */
export function withoutProvenance(page: string): string {
  return page
    .replace(/<meta name="service-provenance"[^>]*>\n/, '')
    .replace(/<script type="application\/json" id="service-provenance">.*?<\/script>\n/s, '')
    .replace(/<footer id="service-provenance-footer"[\s\S]*?<\/footer>\n/, '');
}

/**
 * Where two pages first differ, for a failure message that a page's size would otherwise bury:
 * the line number and both lines, cut to 300 characters. Empty when they are equal.
 *
 * @param a - One page.
 * @param b - The other.
 * @returns A short description, or ''.
 */
export function firstDifference(a: string, b: string): string {
  if (a === b) return '';
  const la = a.split('\n');
  const lb = b.split('\n');
  let i = 0;
  while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
  const cut = (line: string | undefined) => (line === undefined ? '(no line)' : line.slice(0, 300));
  return `line ${i + 1}:\n  recorded: ${cut(la[i])}\n  replayed: ${cut(lb[i])}`;
}
