/**
 * The body of a save (docs/data-out.md#saving): series and curve definitions written as one JSON
 * import file (docs/import-formats.md#json) and sent to the service's import route
 * (`POST {api}/import/`), which checks and writes it in one transaction and pushes the events.
 *
 * @module
 */
import { ParseException } from '../../exceptions';
import type { Periodseries, Timeseries } from '../../model';
import { displayAsRecord, listCell, type RecordShape } from '../../model/record-display';
import { serializePeriodseries, serializeTimeseries, type ImportSummaryJson } from '../json';
import type { CurveDefinitionJson } from './curve-definition';

/** The path of the import route. */
export const IMPORT_PATH = '/import/';

/** The name the save's one file has in the import (and in its problems: `save.json:LINE: ...`). */
const FILE_NAME = 'save.json';

/** An instance as a save names it: the issue date-time as sent, and the tag (`''` for none). */
export interface SaveInstance {
  /** Issue date-time text (with an offset, or wall-clock time in the curve's issue zone). */
  issued: string;
  /** Tag. */
  tag: string;
}

/** What one save sends: curve definitions and data blocks, each block for one curve (instance). */
export interface SaveDocument {
  /** Curves to create (or check against the stored ones). */
  curves?: CurveDefinitionJson[];
  /** Series blocks. */
  timeseries?: Record<string, unknown>[];
  /** Period blocks. */
  periodseries?: Record<string, unknown>[];
}

function instanceJson(instance: SaveInstance | null): Record<string, unknown> | null {
  return instance === null ? null : { issued: instance.issued, tag: instance.tag, created: null };
}

/**
 * A series block of a save: the series' data and resolution for the named curve (instance).
 *
 * @param curve - The curve's name.
 * @param series - The series.
 * @param instance - The instance, for an INSTANCE curve.
 * @returns The block (a `timeseries` entry of the import format).
 * @example
 * timeseriesBlock('X', ts, null).data //=> [{ d: '2024-01-01T00:00:00+01:00', v: 1 }]
 */
export function timeseriesBlock(curve: string, series: Timeseries, instance: SaveInstance | null): Record<string, unknown> {
  const json = serializeTimeseries(series);
  return { curve, resolution: json.resolution, instance: instanceJson(instance), scenario_names: json.scenario_names, data: json.data };
}

/**
 * A period block of a save.
 *
 * @param curve - The curve's name.
 * @param series - The period series.
 * @param instance - The instance, for an INSTANCE_PERIOD curve.
 * @returns The block (a `periodseries` entry of the import format).
 * @example
 * periodseriesBlock('X', ps, null).data //=> [{ begin: '...', end: '...', v: 8113 }]
 */
export function periodseriesBlock(curve: string, series: Periodseries, instance: SaveInstance | null): Record<string, unknown> {
  const json = serializePeriodseries(series);
  return { curve, instance: instanceJson(instance), data: json.data };
}

/**
 * The JSON text of an import request holding the save as one file.
 *
 * @param document - Curves and blocks.
 * @param dryRun - Check only.
 * @returns The request body.
 * @example
 * JSON.parse(saveBody({ curves: [def] }, true)).dry_run //=> true
 */
export function saveBody(document: SaveDocument, dryRun: boolean): string {
  return JSON.stringify({ files: [{ name: FILE_NAME, text: JSON.stringify(document) }], dry_run: dryRun });
}

/**
 * What a save did, as the service reports it. A plain object; a cell ending with one shows its
 * fields as a small table (docs/notebooks.md#display).
 *
 * @example
 * const r: SaveResult = await client.timeseries.save(curve, ts);
 * r.values //=> 96
 */
export interface SaveResult {
  /** Every curve defined or written (sorted). */
  curves: string[];
  /** Curves created. */
  newCurves: string[];
  /** Instances created or modified. */
  instances: number;
  /** Data blocks written. */
  blocks: number;
  /** Values (or periods) written. */
  values: number;
  /** Events appended (one per block; pushed to the feed's subscribers). */
  events: number;
  /** The newest event's id (null for a dry run). */
  lastEventId: string | null;
  /** Whether it was a dry run (nothing written). */
  dryRun: boolean;
}

/** How a save result shows itself: its fields, the curves by name. */
const SAVE_RESULT: RecordShape<SaveResult> = {
  title: 'SaveResult',
  fields: (r) => [
    ['curves', listCell(r.curves)],
    ['newCurves', listCell(r.newCurves)],
    ['instances', r.instances],
    ['blocks', r.blocks],
    ['values', r.values],
    ['events', r.events],
    ['lastEventId', r.lastEventId],
    ['dryRun', r.dryRun],
  ],
  line: (r) =>
    `<SaveResult: curves=${r.curves.length}, newCurves=${r.newCurves.length}, instances=${r.instances}, blocks=${r.blocks}, values=${r.values}, events=${r.events}, lastEventId=${r.lastEventId ?? 'None'}${r.dryRun ? ', dryRun=true' : ''}>`,
};

/**
 * Reads the import route's answer.
 *
 * @param json - The parsed body.
 * @returns The result.
 * @throws ParseException for another shape.
 * @example
 * parseSaveResult({ files: 1, new_curves: [], curves: ['X'], instances: 0, blocks: 1, values: 96, events: 1, last_event_id: '7', dry_run: false }).values
 * //=> 96
 */
export function parseSaveResult(json: unknown): SaveResult {
  const o = json as Partial<ImportSummaryJson> | null;
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : Number.NaN);
  const names = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v] : null);
  const result = {
    curves: names(o?.curves),
    newCurves: names(o?.new_curves),
    instances: count(o?.instances),
    blocks: count(o?.blocks),
    values: count(o?.values),
    events: count(o?.events),
    lastEventId: typeof o?.last_event_id === 'string' ? o.last_event_id : null,
    dryRun: o?.dry_run === true,
  };
  const { curves, newCurves, instances, blocks, values, events } = result;
  if (curves === null || newCurves === null || [instances, blocks, values, events].some((n) => n !== n)) {
    throw new ParseException(`The import answer is not an import summary: ${JSON.stringify(json)?.slice(0, 200)}`);
  }
  return displayAsRecord({ ...result, curves, newCurves }, SAVE_RESULT);
}
