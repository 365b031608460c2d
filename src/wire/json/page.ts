/**
 * The paging headers of search responses (docs/protocol.md#paging): `X-Current-Page`, `X-Page-Size`,
 * `X-First-Page`, `X-Last-Page` and `X-Total-Items`, all required, integers as decimal text,
 * names matched case-insensitively.
 *
 * @module
 */
import { fail } from './read';

/** Page metadata as the headers give it (what `new Page(items, ...)` takes, plus `firstPage`). */
export interface PageHeaders {
  /** This page's number (first page 1). */
  page: number;
  /** Page size used. */
  pageSize: number;
  /** Number of the first page (always 1). */
  firstPage: number;
  /** Number of the last page = total number of pages (0 or 1 for an empty result). */
  lastPage: number;
  /** Items over all pages. */
  totalItems: number;
}

/** Response headers: a plain object (any letter case; values as text, numbers or lists) or a `Headers`-like object. */
export type HeaderSource =
  | Readonly<Record<string, string | number | readonly string[] | undefined | null>>
  | { get(name: string): unknown };

const NAMES = [
  ['page', 'X-Current-Page'],
  ['pageSize', 'X-Page-Size'],
  ['firstPage', 'X-First-Page'],
  ['lastPage', 'X-Last-Page'],
  ['totalItems', 'X-Total-Items'],
] as const;

function header(headers: HeaderSource, name: string): unknown {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const value = (headers as { get(name: string): unknown }).get(name);
    if (value !== undefined && value !== null) return value;
  }
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === lower) return (headers as Record<string, unknown>)[key];
  }
  return undefined;
}

function integer(value: unknown, name: string): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text === 'number' && Number.isInteger(text) && text >= 0) return text;
  if (typeof text === 'string' && /^\s*\d+\s*$/.test(text)) return Number(text);
  if (text === undefined || text === null) return fail(`header ${name}`, 'missing');
  return fail(`header ${name}`, 'expected a non-negative integer', text);
}

/**
 * Reads the five paging headers.
 *
 * @param headers - The response headers.
 * @returns The page metadata.
 * @throws ParseException when a header is missing or not a non-negative integer.
 * @example
 * parsePageHeaders({ 'x-current-page': '2', 'X-Page-Size': '4', 'X-First-Page': '1', 'X-Last-Page': '3', 'X-Total-Items': '10' })
 * //=> { page: 2, pageSize: 4, firstPage: 1, lastPage: 3, totalItems: 10 }
 */
export function parsePageHeaders(headers: HeaderSource): PageHeaders {
  const out = {} as PageHeaders;
  for (const [field, name] of NAMES) out[field] = integer(header(headers, name), name);
  return out;
}

/**
 * Writes the five paging headers (`X-First-Page` is always `1`).
 *
 * @param page - The page metadata (a `Page` works too).
 * @returns The headers as text.
 * @example
 * serializePageHeaders({ page: 1, pageSize: 50, lastPage: 1, totalItems: 2 })
 * //=> { 'X-Current-Page': '1', 'X-Page-Size': '50', 'X-First-Page': '1', 'X-Last-Page': '1', 'X-Total-Items': '2' }
 */
export function serializePageHeaders(page: {
  readonly page: number;
  readonly pageSize: number;
  readonly lastPage: number;
  readonly totalItems: number;
}): Record<string, string> {
  return {
    'X-Current-Page': String(page.page),
    'X-Page-Size': String(page.pageSize),
    'X-First-Page': '1',
    'X-Last-Page': String(page.lastPage),
    'X-Total-Items': String(page.totalItems),
  };
}
