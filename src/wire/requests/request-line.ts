import { encodePathSegment, type QueryBuilder } from '../encode';

/** A request as it goes on the wire: the path (relative to the base URL) and the query string. */
export interface RequestLine {
  /** The path, starting and ending with `/`, segments percent-encoded, e.g. `/timeseries/X%20Y/`. */
  readonly path: string;
  /** The encoded query string without `?` (`''` when there are no parameters). */
  readonly query: string;
}

/**
 * Builds a request line from raw (unencoded) path segments and a query: each segment is
 * percent-encoded with no safe characters and the path gets its leading and trailing `/`.
 *
 * @param segments - The path segments, e.g. `['timeseries', 'DE Price EUR/MWh']`.
 * @param query - The parameters, if any.
 * @returns The request line.
 * @throws {ValueError} When a segment holds a lone UTF-16 surrogate.
 * @example
 * requestLine(['metadata', 'curves', 'A/B'])
 * //=> { path: '/metadata/curves/A%2FB/', query: '' }
 */
export function requestLine(segments: readonly string[], query?: QueryBuilder): RequestLine {
  return { path: `/${segments.map(encodePathSegment).join('/')}/`, query: query ? query.toString() : '' };
}

/**
 * The path and query as one string: `path` plus `?query` when the query is not empty.
 *
 * @param line - The request line.
 * @returns The text to append to the base URL.
 * @example
 * formatRequestLine({ path: '/metadata/curves/', query: 'page=1&page-size=50' })
 * //=> '/metadata/curves/?page=1&page-size=50'
 */
export function formatRequestLine(line: RequestLine): string {
  return line.query ? `${line.path}?${line.query}` : line.path;
}
