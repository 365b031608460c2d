/**
 * Source descriptions in an import (docs/sources.md): `NAME.source.yaml` / `.source.json` and the
 * data file it names, read with the shared reader (`src/wire/sources` through `#wire`, the one `readSeries`
 * uses), into a document of the import: the full curve definitions it gives and one series block
 * per mapped series, its dates already instants (checked against the curve in `build-series.ts`).
 *
 * @module
 */
import { parseSourceDescription, readSourceColumns, type SourceData } from '#wire';
import type { ProblemList } from '#wire';
import { emptyDocument, type RawDocument } from './raw-document';

/**
 * Whether a file name is that of a source description.
 *
 * @param name - The file name.
 * @returns True for `*.source.yaml`, `*.source.yml` and `*.source.json`.
 * @example
 * isSourceDescription('be-prices.source.yaml') //=> true
 */
export function isSourceDescription(name: string): boolean {
  return /\.source\.(ya?ml|json)$/i.test(name);
}

/**
 * The data file a description names, as written (relative to the description), or null when the
 * description cannot be read (its problems then come with the import's).
 *
 * @param name - The description's name.
 * @param text - Its text.
 * @param problems - A list for its problems (a scratch one: they are found again when it is read).
 * @returns The `file` member.
 * @example
 * sourceDataFile('be.source.yaml', 'file: be.csv\n...', new ProblemList()) //=> 'be.csv'
 */
export function sourceDataFile(name: string, text: string, problems: ProblemList): string | null {
  return parseSourceDescription(text, name, problems)?.file ?? null;
}

/**
 * Reads a source description and its data into an import document.
 *
 * @param name - The description's name.
 * @param text - Its text.
 * @param data - The data file's content (text, bytes, chunks or a range reader), or undefined
 *   when it was not given (a problem).
 * @param dataName - The data file's name, for messages.
 * @param problems - Receives every problem.
 * @returns The document (empty after a problem in the description).
 * @example
 * (await readSourceFile('be.source.yaml', text, createReadStream('be.csv'), 'be.csv', problems)).series.length //=> 1
 */
export async function readSourceFile(
  name: string,
  text: string,
  data: SourceData | undefined,
  dataName: string | undefined,
  problems: ProblemList,
): Promise<RawDocument> {
  const doc = emptyDocument(name);
  const description = parseSourceDescription(text, name, problems);
  if (description === null) return doc;
  if (data === undefined || dataName === undefined) {
    problems.add({ file: name, line: 0 }, 'file', `the data file ${JSON.stringify(description.file)} was not given with the description`);
    return doc;
  }
  const columns = await readSourceColumns(description, data, dataName, problems);
  for (const c of columns) {
    const given = c.spec.curve;
    let curve = given.name;
    if (curve === null) {
      doc.curves.push({ at: given.at, fields: given.fields, lines: given.lines });
      curve = typeof given.fields.name === 'string' ? given.fields.name.trim() : '';
    }
    doc.series.push({
      at: c.spec.at,
      curve,
      instance: null,
      hasValue: true,
      scenarioNames: [],
      resolution: null,
      points: [],
      columns: { times: c.times, values: c.values, lines: c.lines, file: dataName, field: description.date.column },
    });
  }
  return doc;
}
