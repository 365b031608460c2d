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
import { JUPYTER_DISPLAY, type DisplayBundle } from '../model/display';
import { assembleLayout, type FrameLayout, type LayoutColumn, type ValueColumn } from './assemble-layout';
import { SINGLE_LEVEL_NAMES } from './frame-info';
import { tableFromLayout, type FrameTable } from './to-table';

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

Object.defineProperty(SkillResult.prototype, JUPYTER_DISPLAY, {
  value(this: SkillResult): DisplayBundle {
    const bundle = skillTable(this, { singleLevelHeader: true })[JUPYTER_DISPLAY]();
    return { ...bundle, 'text/plain': this.toString() };
  },
  writable: true,
  configurable: true,
});
