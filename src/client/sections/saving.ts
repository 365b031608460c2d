/**
 * Saving from the client (docs/data-out.md#saving): series, instances and period series written
 * to a curve through the service's import route, and new curves. Everything that can be checked
 * is checked before sending (the series' frequency, zone and grid against the curve, the
 * instance, the options), each problem a `ValidationError` naming the parameter; a curve given
 * by name is looked up first (one GET). The save itself is one `POST`, atomic on the service,
 * and never retried (HttpTransport.post).
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import { Curve, Periodseries, Timeseries } from '../../model';
import {
  checkNoOverlap,
  checkSeriesFits,
  curveName,
  DATE_TIME,
  formatRequestLine,
  IMPORT_PATH,
  metadataCurve,
  parseCurve,
  parseSaveResult,
  periodseriesBlock,
  saveBody,
  SECTION_CURVE_TYPES,
  seriesListOf,
  timeseriesBlock,
  type CurveInput,
  type DateTimeInput,
  type SaveDocument,
  type SaveInstance,
  type SaveResult,
} from '../../wire';
import type { HttpTransport } from '../http';
import type { CallOptions } from './load-many';

/**
 * Options of every save.
 *
 * @example
 * const opts: SaveOptions = { dryRun: true };
 */
export interface SaveOptions extends CallOptions {
  /** Let the service check everything and write nothing (default false). */
  dryRun?: boolean;
}

/**
 * Options of saving instances (`instances.save`, `periodInstances.save`).
 *
 * @example
 * const opts: InstanceSaveOptions = { issued: '2025-01-14T06:00:00Z', tag: 'mine' };
 */
export interface InstanceSaveOptions extends SaveOptions {
  /**
   * The issue date-time; default each series' own instance (a series loaded with
   * `instances.get` has one). Without an offset: wall-clock time in the curve's issue zone.
   */
  issued?: DateTimeInput;
  /** The tag (default each series' own, else none). */
  tag?: string;
}

/** How one kind of save reads and writes its series. */
export interface SaveKind<S extends Timeseries | Periodseries> {
  /** Curve types it writes. */
  readonly curveTypes: readonly string[];
  /** `Timeseries` or `Periodseries`. */
  readonly seriesKind: string;
  /** The brand check of a series. */
  readonly isSeries: (x: unknown) => x is S;
  /** Whether the curve type has instances. */
  readonly instances: boolean;
  /** The document member the blocks go to. */
  readonly member: 'timeseries' | 'periodseries';
  /** Writes one block. */
  readonly block: (curve: string, series: S, instance: SaveInstance | null) => Record<string, unknown>;
}

function checkDryRun(options: SaveOptions): boolean {
  const dryRun = options.dryRun ?? false;
  if (typeof dryRun !== 'boolean') throw new ValidationError(`dryRun must be true or false, got ${String(dryRun)}`, 'dryRun');
  return dryRun;
}

/**
 * Sends a save: one import request of one JSON file.
 *
 * @param transport - The client's transport.
 * @param document - Curves and blocks.
 * @param options - `dryRun`, `signal`.
 * @returns What the service did.
 * @throws The transport's errors (a 400 is a ValidationError listing the service's problems).
 * @example
 * await sendSave(transport, { curves: [def] }, {}) //~> { newCurves: ['X'], ... }
 */
export async function sendSave(transport: HttpTransport, document: SaveDocument, options: SaveOptions): Promise<SaveResult> {
  const dryRun = checkDryRun(options);
  const res = await transport.post(IMPORT_PATH, saveBody(document, dryRun), options.signal ? { signal: options.signal } : {});
  return parseSaveResult(res.body);
}

/**
 * The instance a series is saved as: the options' issue time and tag, else the series' own.
 *
 * @param series - The series.
 * @param options - `issued`, `tag`.
 * @param index - Its position, for messages.
 * @returns The instance.
 * @throws ValidationError naming `issued` (none, or not a date-time) or `tag` (not a string).
 */
function instanceOf(series: Timeseries | Periodseries, options: InstanceSaveOptions, index: number): SaveInstance {
  const own = series.instance;
  const issued = options.issued ?? own?.issued;
  if (issued === undefined || issued === null) {
    throw new ValidationError(`Provide issued (series[${index}] has no instance of its own)`, 'issued');
  }
  const tag = options.tag ?? own?.tag ?? '';
  if (typeof tag !== 'string') throw new ValidationError(`tag must be a string, got ${typeof tag}`, 'tag');
  return { issued: DATE_TIME.encode(issued, 'issued'), tag: tag.trim() };
}

/**
 * The curve of a save: a Curve object as given (its type checked), a name looked up on the
 * service.
 *
 * @param transport - The client's transport.
 * @param curve - A Curve or a name (already checked by `curveName`).
 * @param curveTypes - The curve types the save writes.
 * @param signal - Cancels the lookup.
 * @returns The curve.
 * @throws ValidationError (parameter `curve`) for a curve of another type; NotFoundError for an
 *   unknown name; the lookup's other errors.
 */
async function curveOf(transport: HttpTransport, curve: CurveInput, curveTypes: readonly string[], signal?: AbortSignal): Promise<Curve> {
  const found = Curve.isCurve(curve)
    ? curve
    : parseCurve((await transport.get(formatRequestLine(metadataCurve(curveName(curve, []))), signal ? { signal } : {})).body);
  if (!curveTypes.includes(found.curveType.tag)) {
    throw new ValidationError(
      `The curve '${found.name}' is of type ${found.curveType.tag}; this save is for ${curveTypes.join(', ')} curves`,
      'curve',
    );
  }
  return found;
}

/**
 * Saves series to one curve: checks the input, resolves the curve, checks that every series
 * fits it, and sends one import.
 *
 * @param transport - The client's transport.
 * @param kind - How this kind of save reads and writes series.
 * @param curve - The curve or its name.
 * @param series - One series or a list of them.
 * @param options - `dryRun`, `signal`, and for instance curves `issued` and `tag`.
 * @returns What the service did.
 * @throws ValidationError naming `curve`, `series`, `issued`, `tag` or `dryRun` (before the
 *   save is sent); the lookup's and the save's errors.
 * @example
 * await saveSeries(transport, TIMESERIES_SAVE, 'X', ts, {}) //~> { blocks: 1, values: 96, ... }
 */
export async function saveSeries<S extends Timeseries | Periodseries>(
  transport: HttpTransport,
  kind: SaveKind<S>,
  curve: CurveInput,
  series: S | Iterable<S>,
  options: InstanceSaveOptions,
): Promise<SaveResult> {
  const opts = options ?? {};
  const name = curveName(curve, kind.curveTypes);
  checkDryRun(opts);
  const list = seriesListOf(series, kind.isSeries, kind.seriesKind);
  if (!kind.instances && (opts.issued !== undefined || opts.tag !== undefined)) {
    throw new ValidationError(
      `The curve '${name}' has no instances; leave issued and tag out`,
      opts.issued !== undefined ? 'issued' : 'tag',
    );
  }
  const instances = list.map((s, i) => (kind.instances ? instanceOf(s, opts, i) : null));
  const target = await curveOf(transport, curve, kind.curveTypes, opts.signal);
  list.forEach((s, i) => checkSeriesFits(s, target, i));
  checkNoOverlap(
    list.map((s, i) => {
      const times = Timeseries.isTimeseries(s) ? s.times : (s as Periodseries).begins;
      const last = Timeseries.isTimeseries(s) ? s.times[s.length - 1]! : (s as Periodseries).ends[s.length - 1]! - 1;
      const inst = instances[i];
      return { key: inst ? `${inst.issued}|${inst.tag.toLowerCase()}` : '', first: times[0]!, last };
    }),
  );
  const blocks = list.map((s, i) => kind.block(target.name, s, instances[i]!));
  return sendSave(transport, { [kind.member]: blocks }, opts);
}

const isTimeseries = (x: unknown): x is Timeseries => Timeseries.isTimeseries(x);
const isPeriodseries = (x: unknown): x is Periodseries => Periodseries.isPeriodseries(x);

/**
 * The four kinds of save, one per data section.
 *
 * @example
 * SAVE_KINDS.instances.curveTypes //=> ['INSTANCE']
 */
export const SAVE_KINDS = Object.freeze({
  timeseries: {
    curveTypes: SECTION_CURVE_TYPES.timeseries,
    seriesKind: 'Timeseries',
    isSeries: isTimeseries,
    instances: false,
    member: 'timeseries',
    block: timeseriesBlock,
  } satisfies SaveKind<Timeseries>,
  instances: {
    curveTypes: SECTION_CURVE_TYPES.instances,
    seriesKind: 'Timeseries',
    isSeries: isTimeseries,
    instances: true,
    member: 'timeseries',
    block: timeseriesBlock,
  } satisfies SaveKind<Timeseries>,
  periods: {
    curveTypes: SECTION_CURVE_TYPES.periods,
    seriesKind: 'Periodseries',
    isSeries: isPeriodseries,
    instances: false,
    member: 'periodseries',
    block: periodseriesBlock,
  } satisfies SaveKind<Periodseries>,
  periodInstances: {
    curveTypes: SECTION_CURVE_TYPES.periodInstances,
    seriesKind: 'Periodseries',
    isSeries: isPeriodseries,
    instances: true,
    member: 'periodseries',
    block: periodseriesBlock,
  } satisfies SaveKind<Periodseries>,
});
