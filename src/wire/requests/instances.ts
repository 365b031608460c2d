import { QueryBuilder } from '../encode';
import { encodeResample, encodeSelection, type InstanceSelection, type ResampleOptions, type SelectionField } from '../options';
import { defaultParam, integer, type DateTimeInput } from '../params';
import { requestLine, type RequestLine } from './request-line';
import { curveName, issuedText, SECTION_CURVE_TYPES, tagText, type CurveInput } from './segments';

/** Whether to load from `/ensembles/…` (mean plus ensemble members where available). */
export interface EnsemblesOption {
  /** Include ensembles where available (default false). */
  ensembles?: boolean | null;
}

/** Options of `instances.list`. */
export type InstancesListOptions = InstanceSelection & {
  /** Maximum number of instances, 1–25 (default 25; always sent). */
  limit?: number | null;
};

/** Options of `instances.load`. */
export type InstancesLoadOptions = InstanceSelection &
  ResampleOptions &
  EnsemblesOption & {
    /** Maximum number of instances, 1–25, or 1–10 with `ensembles` (default 5; always sent). */
    limit?: number | null;
  };

/** Options of `instances.latest`. */
export type InstancesLatestOptions = Pick<InstanceSelection, 'tags' | 'issuedAtLatest' | 'issuedTimeOfDay'> &
  ResampleOptions &
  EnsemblesOption;

/** Options of `instances.get`. */
export type InstancesGetOptions = ResampleOptions &
  EnsemblesOption & {
    /** Issue date-time of the instance, required. */
    issued: DateTimeInput;
    /** Instance tag (default: the blank tag); case-insensitive, sent lower-cased. */
    tag?: string | null;
  };

const LIST_FIELDS: readonly SelectionField[] = ['tags', 'excludeTags', 'limit', 'issuedAtLatest', 'issuedAtEarliest', 'issuedTimeOfDay'];
const LATEST_FIELDS: readonly SelectionField[] = ['tags', 'issuedAtLatest', 'issuedTimeOfDay'];

/** `limit` of `instances.list`: 1–25, default 25. */
export const INSTANCES_LIST_LIMIT = defaultParam('limit', integer({ min: 1, max: 25 }), 25);
/** `limit` of `instances.load`: 1–25, default 5. */
export const INSTANCES_LOAD_LIMIT = defaultParam('limit', integer({ min: 1, max: 25 }), 5);
/** `limit` of `instances.load` with ensembles: 1–10, default 5. */
export const ENSEMBLES_LOAD_LIMIT = defaultParam('limit', integer({ min: 1, max: 10 }), 5);

const section = (ensembles: boolean | null | undefined): string => (ensembles ? 'ensembles' : 'instances');
const instanceCurve = (curve: CurveInput): string => curveName(curve, SECTION_CURVE_TYPES.instances);

/**
 * Request line of `instances.tags`: `GET /instances/{curve}/tags/`.
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @returns The request line.
 * @throws {ValidationError} For an invalid curve.
 * @example
 * instancesTags('X Y')
 * //=> { path: '/instances/X%20Y/tags/', query: '' }
 */
export function instancesTags(curve: CurveInput): RequestLine {
  return requestLine(['instances', instanceCurve(curve), 'tags']);
}

/**
 * Request line of `instances.list`: `GET /instances/{curve}/list/?tags&exclude-tags&limit&
 * issued-at-latest&issued-at-earliest&issued-time-of-day`.
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @param options - The selection and limit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * instancesList('X Y')
 * //=> { path: '/instances/X%20Y/list/', query: 'limit=25' }
 */
export function instancesList(curve: CurveInput, options: InstancesListOptions = {}): RequestLine {
  const name = instanceCurve(curve);
  return requestLine(['instances', name, 'list'], encodeSelection(new QueryBuilder(), options, LIST_FIELDS, INSTANCES_LIST_LIMIT));
}

/**
 * Request line of `instances.load`: `GET /instances/{curve}/` (or `/ensembles/{curve}/`) with the
 * selection, `limit`, then the resample options.
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @param options - Selection, limit, resample options and `ensembles`.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * instancesLoad('X Y', { ensembles: true, limit: 10 })
 * //=> { path: '/ensembles/X%20Y/', query: 'limit=10' }
 */
export function instancesLoad(curve: CurveInput, options: InstancesLoadOptions = {}): RequestLine {
  const name = instanceCurve(curve);
  const limit = options.ensembles ? ENSEMBLES_LOAD_LIMIT : INSTANCES_LOAD_LIMIT;
  const query = encodeSelection(new QueryBuilder(), options, LIST_FIELDS, limit);
  return requestLine([section(options.ensembles), name], encodeResample(query, options));
}

/**
 * Request line of `instances.latest`: `GET /instances/{curve}/get/latest/` (or `/ensembles/…`)
 * with `tags`, `issued-at-latest`, `issued-time-of-day`, then the resample options.
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @param options - Selection, resample options and `ensembles`.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * instancesLatest('X Y', { ensembles: true })
 * //=> { path: '/ensembles/X%20Y/get/latest/', query: '' }
 */
export function instancesLatest(curve: CurveInput, options: InstancesLatestOptions = {}): RequestLine {
  const name = instanceCurve(curve);
  const query = encodeSelection(new QueryBuilder(), options, LATEST_FIELDS);
  return requestLine([section(options.ensembles), name, 'get', 'latest'], encodeResample(query, options));
}

/**
 * Request line of `instances.get`: `GET /instances/{curve}/get/{issued}/[{tag}/]` (or
 * `/ensembles/…`) with the resample options. The tag segment is lower-cased, and left out for
 * the blank tag.
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @param options - `issued` (required), `tag`, resample options and `ensembles`.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * instancesGet('X Y', { issued: '2020-06-01 00:00:00', tag: 'GFS-ens' })
 * //=> { path: '/instances/X%20Y/get/2020-06-01%2000%3A00%3A00/gfs-ens/', query: '' }
 */
export function instancesGet(curve: CurveInput, options: Partial<InstancesGetOptions>): RequestLine {
  const name = instanceCurve(curve);
  const issued = issuedText(options.issued);
  const tag = tagText(options.tag, 'lower');
  const segments = [section(options.ensembles), name, 'get', issued, ...(tag ? [tag] : [])];
  return requestLine(segments, encodeResample(new QueryBuilder(), options));
}

/** The parameter descriptors the service's decoders (server package) read with, under names of their own. */
export { LIST_FIELDS as INSTANCES_LIST_FIELDS, LATEST_FIELDS as INSTANCES_LATEST_FIELDS };
