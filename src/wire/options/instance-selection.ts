import type { QueryBuilder, QueryValues } from '../encode';
import type { TimeOfDay, WireDateTime } from '../formats';
import { DATE_TIME, listParam, optionalParam, STRING, TIME_OF_DAY, type DateTimeInput, type Param, type TimeOfDayInput } from '../params';

/**
 * Which instances an instance operation picks (docs/semantics.md#instance-selection). Each operation takes the subset
 * its reference counterpart takes; `limit` is part of the operation (its bounds differ).
 */
export interface InstanceSelection {
  /** Keep only instances with one of these tags (a tag or a list of tags). */
  tags?: string | readonly string[] | null;
  /** Drop instances with one of these tags. */
  excludeTags?: string | readonly string[] | null;
  /**
   * The spec's misspelt `exlude_tags`; used only when `excludeTags` is not given.
   * @deprecated Use `excludeTags`.
   */
  exludeTags?: string | readonly string[] | null;
  /** Keep instances issued at or before this date-time. */
  issuedAtLatest?: DateTimeInput | null;
  /** Keep instances issued at or after this date-time. */
  issuedAtEarliest?: DateTimeInput | null;
  /** Keep instances issued at one of these times of day (curve's issue zone). */
  issuedTimeOfDay?: TimeOfDayInput | readonly TimeOfDayInput[] | null;
}

/** Instance selection as the service reads it (lists are `[]` when absent). */
export interface InstanceSelectionQuery {
  /** Tags to keep (empty: all). */
  tags: string[];
  /** Tags to drop. */
  excludeTags: string[];
  /** The limit, when the operation has one. */
  limit?: number;
  /** Latest issue date-time. */
  issuedAtLatest?: WireDateTime;
  /** Earliest issue date-time. */
  issuedAtEarliest?: WireDateTime;
  /** Accepted issue times of day (empty: any). */
  issuedTimeOfDay: TimeOfDay[];
}

/** One field of the selection group, in the order the reference sends them. */
export type SelectionField = 'tags' | 'excludeTags' | 'limit' | 'issuedAtLatest' | 'issuedAtEarliest' | 'issuedTimeOfDay';

/** The parameter descriptors of the selection group, by option name (`limit` is per operation). */
export const SELECTION_PARAMS = Object.freeze({
  tags: listParam('tags', STRING),
  excludeTags: listParam('exclude-tags', STRING),
  issuedAtLatest: optionalParam('issued-at-latest', DATE_TIME),
  issuedAtEarliest: optionalParam('issued-at-earliest', DATE_TIME),
  issuedTimeOfDay: listParam('issued-time-of-day', TIME_OF_DAY),
});

const ORDER: readonly SelectionField[] = ['tags', 'excludeTags', 'limit', 'issuedAtLatest', 'issuedAtEarliest', 'issuedTimeOfDay'];

/**
 * Appends the chosen fields in the reference order: `tags`, `exclude-tags`, `limit`,
 * `issued-at-latest`, `issued-at-earliest`, `issued-time-of-day`.
 *
 * @param query - The query being built.
 * @param options - The caller's options (with `limit` when the operation has one).
 * @param fields - The fields this operation takes.
 * @param limit - The operation's `limit` descriptor (bounds and default), when `fields` has it.
 * @returns The same query.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * encodeSelection(new QueryBuilder(), { tags: 'ec' }, ['tags', 'issuedAtLatest']).toString()
 * //=> 'tags=ec'
 */
export function encodeSelection(
  query: QueryBuilder,
  options: InstanceSelection & { limit?: number | null },
  fields: readonly SelectionField[],
  limit?: Param<number, number, number>,
): QueryBuilder {
  const p = SELECTION_PARAMS;
  const put: Record<SelectionField, () => unknown> = {
    tags: () => query.put(p.tags, options.tags),
    excludeTags: () => query.put(p.excludeTags, options.excludeTags ?? options.exludeTags),
    limit: () => limit && query.put(limit, options.limit),
    issuedAtLatest: () => query.put(p.issuedAtLatest, options.issuedAtLatest),
    issuedAtEarliest: () => query.put(p.issuedAtEarliest, options.issuedAtEarliest),
    issuedTimeOfDay: () => query.put(p.issuedTimeOfDay, options.issuedTimeOfDay),
  };
  for (const field of ORDER) if (fields.includes(field)) put[field]();
  return query;
}

/**
 * Reads the chosen fields on the service.
 *
 * @param query - The request's query values.
 * @param fields - The fields this operation takes (others are ignored).
 * @param limit - The operation's `limit` descriptor, when `fields` has it.
 * @returns The decoded selection.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeSelection(QueryValues.from('tags=ec&tags=gfs&limit=3'), ['tags', 'limit'], INSTANCES_LIST_LIMIT).limit
 * //=> 3
 */
export function decodeSelection(
  query: QueryValues,
  fields: readonly SelectionField[],
  limit?: Param<number, number, number>,
): InstanceSelectionQuery {
  const p = SELECTION_PARAMS;
  const has = (f: SelectionField): boolean => fields.includes(f);
  const out: InstanceSelectionQuery = {
    tags: has('tags') ? p.tags.decode(query) : [],
    excludeTags: has('excludeTags') ? p.excludeTags.decode(query) : [],
    issuedTimeOfDay: has('issuedTimeOfDay') ? p.issuedTimeOfDay.decode(query) : [],
  };
  if (has('limit') && limit) out.limit = limit.decode(query);
  const latest = has('issuedAtLatest') ? p.issuedAtLatest.decode(query) : undefined;
  const earliest = has('issuedAtEarliest') ? p.issuedAtEarliest.decode(query) : undefined;
  if (latest) out.issuedAtLatest = latest;
  if (earliest) out.issuedAtEarliest = earliest;
  return out;
}
