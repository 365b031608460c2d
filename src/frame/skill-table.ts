/**
 * The table of a skill result (docs/skill.md#table): rows of tag x lead bucket, index columns
 * `tag` and `lead`, then `lead_start` (hours of lead, or days ahead) and one column per metric,
 * named by two header levels (curve, metric) joined with `' | '`, or with `singleLevelHeader`
 * by the metric alone. Attached as `SkillResult#toTable`, which also gives the result its
 * notebook display. Imported for its effect by `src/frame/index.ts`.
 *
 * @module
 */
import { SkillResult, type NumericSkillMetric } from '../engine/skill';
import { escapeHtml, INSPECT, JUPYTER_DISPLAY, type DisplayBundle } from '../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../model/inspect-display';
import { assembleLayout, type FrameLayout, type LayoutColumn, type ValueColumn } from './assemble-layout';
import { SINGLE_LEVEL_NAMES } from './frame-info';
import { toHtml, type HtmlTable } from './to-html';
import { tableFromLayout, type FrameTable } from './to-table';
import { toText } from './to-text';

/**
 * Options of `SkillResult#toTable`.
 *
 * @example
 * result.toTable({ singleLevelHeader: true }).columnNames() //=> ['tag', 'lead', 'lead_start', 'n', 'mae', ...]
 */
export interface SkillTableOptions {
  /** One level of column names (the metric) instead of curve and metric; default false. */
  singleLevelHeader?: boolean;
}

/** Header level names of a skill table. */
const SKILL_LEVEL_NAMES: readonly string[] = Object.freeze(['curve', 'metric']);

/**
 * Lays out a skill result.
 *
 * @param result - The result.
 * @param opts - `singleLevelHeader`.
 * @returns The layout.
 * @example
 * layoutSkill(result).columns[0].name //=> 'tag'
 */
function layoutSkill(result: SkillResult, opts: SkillTableOptions = {}): FrameLayout {
  const rows = result.rows;
  const index: LayoutColumn[] = [
    { name: 'tag', kind: 'text', data: rows.map((r) => r.tag) },
    { name: 'lead', kind: 'text', data: rows.map((r) => r.lead) },
  ];
  const single = opts.singleLevelHeader === true;
  const column = (metric: string, data: Float64Array): ValueColumn =>
    single ? { label: metric, levels: [metric], data } : { label: `${result.curve} | ${metric}`, levels: [result.curve, metric], data };
  const values: ValueColumn[] = [
    column(
      'lead_start',
      Float64Array.from(rows, (r) => r.leadStart),
    ),
  ];
  for (const metric of result.metrics) {
    if (metric === 'rankHistogram') continue;
    values.push(
      column(
        metric,
        Float64Array.from(rows, (r) => r[metric as NumericSkillMetric]),
      ),
    );
  }
  return assembleLayout(index, values, { zone: result.issueZone, levelNames: single ? SINGLE_LEVEL_NAMES : SKILL_LEVEL_NAMES, dates: [] });
}

/**
 * A skill result as an Arquero table.
 *
 * @param result - The result.
 * @param opts - `singleLevelHeader`.
 * @returns The table.
 * @example
 * skillTable(result).numRows() === result.rows.length //=> true
 */
export function skillTable(result: SkillResult, opts: SkillTableOptions = {}): FrameTable {
  return tableFromLayout(layoutSkill(result, opts));
}

declare module '../engine/skill/skill-result' {
  interface SkillResult {
    /**
     * Rows of tag x lead bucket, a column per metric (see `skillTable`).
     *
     * @param opts - `singleLevelHeader`.
     * @returns The table.
     * @example
     * result.toTable().numRows() === result.rows.length //=> true
     */
    toTable(opts?: SkillTableOptions): FrameTable;
  }
}

Object.defineProperty(SkillResult.prototype, 'toTable', {
  value(this: SkillResult, opts?: SkillTableOptions): FrameTable {
    return skillTable(this, opts);
  },
  writable: true,
  configurable: true,
});

// The display protocol (docs/notebooks.md#protocol): the result's toString() as a caption over its
// table, as HTML for notebooks and as a head/tail text table for tslab's last value and consoles.
Object.defineProperty(SkillResult.prototype, JUPYTER_DISPLAY, {
  value(this: SkillResult): DisplayBundle {
    const table = skillTable(this, { singleLevelHeader: true }) as unknown as HtmlTable;
    return {
      'text/html': `<div class="service-display"><p><strong>${escapeHtml(this.toString())}</strong></p>${toHtml(table)}</div>`,
      'text/plain': skillText(this),
    };
  },
  writable: true,
  configurable: true,
});

Object.defineProperty(SkillResult.prototype, INSPECT, {
  value(this: SkillResult, depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => skillText(this));
  },
  writable: true,
  configurable: true,
});

/** The caption and head/tail text table of a result. */
function skillText(result: SkillResult): string {
  return `${result.toString()}\n${toText(skillTable(result, { singleLevelHeader: true }) as unknown as HtmlTable)}`;
}
