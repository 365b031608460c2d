/**
 * Notebook and console display of tables and tabular data objects (docs/notebooks.md#display).
 * The plot layer's `display(table)` draws the frame layer's multi-level header HTML, and the
 * model's series, lists and results show a caption and their `toTable()` head and tail as HTML
 * or text: the lower layers cannot import this one, so it registers its renderers there when it loads.
 *
 * @module
 */
import { AbsoluteResult } from '../model/absolute-result';
import { escapeHtml, formatTime, registerTableRenderer, type RecordTable } from '../model/display';
import { OHLCList } from '../model/ohlc-list';
import { SRMC } from '../model/srmc';
import type { DateTime } from 'luxon';
import { Timeseries } from '../model/timeseries';
import { TimeseriesList } from '../model/timeseries-list';
import { valueExtentOf } from '../model/value-extent';
import { registerTableHtml } from '../plot/table-html';
import { columnsTable } from './table-grid';
import { toHtml, type HtmlTable } from './to-html';
import { toTable } from './to-table';
import { toText } from './to-text';

registerTableHtml((table, options) => toHtml(table as unknown as HtmlTable, { zone: options.zone, maxRows: options.limit }));

/** A value's unit with its denominator (`EUR/MWh`), or null. */
function unitOf(value: { unit: string | null; denominator: string | null }): string | null {
  if (value.unit === null) return null;
  return value.denominator ? `${value.unit}/${value.denominator}` : value.unit;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** What a tabular object shows: a caption, a note (for an empty series) and its table, if any. */
interface Shown {
  readonly caption: string;
  readonly note: string | null;
  readonly table: HtmlTable | null;
}

function timeseriesCaption(ts: Timeseries): string {
  const parts = ['Timeseries', ts.name === null ? null : `"${ts.name}"`];
  if (ts.instance) parts.push(ts.instance.columnHeader());
  if (ts.contract) parts.push(ts.contract.columnHeader());
  parts.push(unitOf(ts), ts.resolution.frequency.tag, ts.resolution.timezone);
  parts.push(ts.hasData() ? plural(ts.length, 'value') : 'empty');
  return parts.filter((p) => p !== null && p !== '').join(' · ');
}

/**
 * The note an empty series shows: it has no values in the range it was loaded for, and where the
 * curve's values are when the service said so (docs/notebooks.md#empty).
 */
function emptyNote(ts: Timeseries): string {
  const curve = ts.curve ? ` of curve "${ts.curve.name}"` : '';
  const extent = valueExtentOf(ts);
  if (extent === null) return `No values${curve} in the requested range. Load another range (begin/end) to find the data.`;
  const at = (t: DateTime) => t.toFormat(t.hour === 0 && t.minute === 0 ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm');
  return `No values${curve} in the requested range. Its values run from ${at(extent.first)} to ${at(extent.last)} (${extent.first.zoneName}).`;
}

/** The caption and table of a tabular data object, or null for a value this renderer does not lay out. */
function shown(value: object): Shown | null {
  if (Timeseries.isTimeseries(value)) {
    if (!value.hasData()) return { caption: timeseriesCaption(value), note: emptyNote(value), table: null };
    return { caption: timeseriesCaption(value), note: null, table: toTable(value) };
  }
  if (TimeseriesList.isTimeseriesList(value)) {
    if (value.length === 0 || value.every((ts) => !ts.hasData())) return null;
    const frequency = value.frequency ? ` · ${value.frequency.tag}` : '';
    return { caption: `TimeseriesList · ${value.length} series${frequency}`, note: null, table: toTable(value) };
  }
  if (OHLCList.isOHLCList(value)) {
    const parts = ['OHLCList', value.curve ? `"${value.curve.name}"` : null, unitOf(value), plural(value.length, 'record')];
    return { caption: parts.filter((p) => p !== null).join(' · '), note: null, table: value.length > 0 ? toTable(value) : null };
  }
  if (AbsoluteResult.isAbsoluteResult(value)) {
    const parts = ['AbsoluteResult', value.curve ? `"${value.curve.name}"` : null, `delivery ${formatTime(value.delivery)}`];
    parts.push(value.resolution.frequency.tag, value.resolution.timezone, plural(value.items.length, 'instance'));
    return { caption: parts.filter((p) => p !== null).join(' · '), note: null, table: value.items.length > 0 ? toTable(value) : null };
  }
  if (SRMC.isSRMC(value)) {
    const parts = ['SRMC', value.curve ? `"${value.curve.name}"` : null, unitOf(value)];
    return { caption: parts.filter((p) => p !== null).join(' · '), note: null, table: toTable(value) };
  }
  return null;
}

/** {@link shown}, or null when laying the value out fails (the object then shows its summary). */
function tryShown(value: object): Shown | null {
  try {
    return shown(value);
  } catch {
    return null;
  }
}

function shownHtml(s: Shown): string {
  const note = s.note === null ? '' : `<p>${escapeHtml(s.note)}</p>`;
  const table = s.table === null ? '' : toHtml(s.table);
  return `<div class="service-display"><p><strong>${escapeHtml(s.caption)}</strong></p>${note}${table}</div>`;
}

function shownText(s: Shown): string {
  return [s.caption, s.note, s.table === null ? null : toText(s.table)].filter((p) => p !== null).join('\n');
}

/** A record table as shown: the caption over its table, or over `(none)` when it has no rows. */
function recordsShown(records: RecordTable): Shown {
  if (records.rows.length === 0) return { caption: records.caption, note: '(none)', table: null };
  const columns = new Map(records.columns.map((name, k) => [name, records.rows.map((row) => row[k] ?? null)] as const));
  return { caption: records.caption, note: null, table: columnsTable(columns, records.rows.length) };
}

registerTableRenderer({
  html(value) {
    const s = tryShown(value);
    return s === null ? null : shownHtml(s);
  },
  text(value) {
    const s = tryShown(value);
    return s === null ? null : shownText(s);
  },
  records(records) {
    const s = recordsShown(records);
    return { html: shownHtml(s), text: shownText(s) };
  },
});
