/**
 * The result of a skill evaluation (docs/skill.md): metrics per tag and lead bucket, errors per
 * instance, a plain snapshot. Tables (`toTable`) are attached by the frame layer, charts are
 * `skillChart` in `service/plot`.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { escapeHtml, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from '../../model/display';

const BRAND = Symbol.for('service.engine.SkillResult');

/**
 * A metric of a skill evaluation: `n` (pairs counted), `mae`, `rmse`, `bias` (mean of forecast
 * minus actual), `mape` (percent, over non-zero actuals), `skill` (MSE skill score against the
 * reference), and for ensembles `crps`, `spreadSkill` and `rankHistogram`.
 *
 * @example
 * const m: SkillMetric = 'mae';
 */
export type SkillMetric = 'n' | 'mae' | 'rmse' | 'bias' | 'mape' | 'skill' | 'crps' | 'spreadSkill' | 'rankHistogram';

/** Every metric, in table order. */
export const SKILL_METRICS: readonly SkillMetric[] = Object.freeze([
  'n',
  'mae',
  'rmse',
  'bias',
  'mape',
  'skill',
  'crps',
  'spreadSkill',
  'rankHistogram',
]);

/** The metrics of an evaluation that asks for none: the deterministic ones and the skill score. */
export const DEFAULT_SKILL_METRICS: readonly SkillMetric[] = Object.freeze(['n', 'mae', 'rmse', 'bias', 'mape', 'skill']);

/** The metrics that need ensemble members. */
export const ENSEMBLE_METRICS: readonly SkillMetric[] = Object.freeze(['crps', 'spreadSkill', 'rankHistogram']);

/** The numeric metrics (all but the rank histogram). */
export type NumericSkillMetric = Exclude<SkillMetric, 'rankHistogram'>;

/**
 * One row of a skill result: one tag, one lead bucket.
 *
 * @example
 * result.rows[0].mae //~> 812.4
 */
export interface SkillRow {
  /** The instance tag. */
  readonly tag: string;
  /** The bucket index (0 first). */
  readonly bucket: number;
  /** The bucket's label (`'0-6h'`, `'D+1'`). */
  readonly lead: string;
  /** Where the bucket starts: hours of lead, or days ahead. */
  readonly leadStart: number;
  /** Pairs counted (forecast and actual both present). */
  readonly n: number;
  /** Mean absolute error. */
  readonly mae: number;
  /** Root mean squared error. */
  readonly rmse: number;
  /** Mean error (forecast minus actual). */
  readonly bias: number;
  /** Mean absolute percentage error, percent, over the pairs with a non-zero actual. */
  readonly mape: number;
  /** MSE skill score against the reference (1 perfect, 0 as good as the reference, negative worse). */
  readonly skill: number;
  /** Mean CRPS of the members (NaN without members). */
  readonly crps: number;
  /** Spread-skill ratio (NaN with fewer than two members). */
  readonly spreadSkill: number;
  /** Rank histogram counts (members + 1 bins), or null. */
  readonly rankHistogram: readonly number[] | null;
}

/**
 * The errors of one instance over all its lead buckets.
 *
 * @example
 * result.byIssue()[0].issued //=> '2025-01-01T00:00:00Z'
 */
export interface IssueRow {
  /** The instance tag. */
  readonly tag: string;
  /** Issue time, ISO 8601 in the issue zone. */
  readonly issued: string;
  /** Issue time, epoch ms. */
  readonly issuedMillis: number;
  /** Pairs counted. */
  readonly n: number;
  /** Mean absolute error. */
  readonly mae: number;
  /** Root mean squared error. */
  readonly rmse: number;
  /** Mean error (forecast minus actual). */
  readonly bias: number;
  /** Mean absolute percentage error (percent, non-zero actuals). */
  readonly mape: number;
  /** Mean CRPS (NaN without members). */
  readonly crps: number;
}

/** Fields of a {@link SkillResult}. */
export interface SkillResultInit {
  /** The forecast curve's name. */
  curve: string;
  /** The actual's name. */
  actual: string;
  /** Unit of the errors: the series' unit with its denominator (`EUR/MWh`), or null. */
  unit: string | null;
  /** Tags in row order. */
  tags: readonly string[];
  /** `'step'` or `'day-ahead'`. */
  leadKind: 'step' | 'day-ahead';
  /** The metrics asked for, in table order. */
  metrics: readonly SkillMetric[];
  /** The reference of the skill score: `'persistence'` or `'tag:<tag>'`. */
  reference: string;
  /** The rows, tag by tag, bucket by bucket. */
  rows: readonly SkillRow[];
  /** The instances' errors, by tag then issue time. */
  issues: readonly IssueRow[];
  /** Zone the issue times are shown in. */
  issueZone: string;
}

/** A number for JSON: NaN and infinities become null. */
function jsonNumber(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

/** A metric value as short text. */
function formatMetric(metric: SkillMetric, v: number): string {
  if (!Number.isFinite(v)) return '';
  if (metric === 'n') return String(v);
  if (metric === 'skill' || metric === 'spreadSkill') return v.toFixed(3);
  return Math.abs(v) >= 100 ? v.toFixed(1) : v.toPrecision(4);
}

/**
 * The result of `instances.skill`: metrics per tag and lead bucket (`rows`, `toTable()`), errors
 * per instance (`byIssue()`), a plain snapshot (`toJSON()`).
 *
 * @param init - The fields.
 * @example
 * const r = await client.instances.skill(curve, { actual, begin: '2025-01-01', end: '2025-02-01' });
 * r.metric('ec', 'mae').length === r.leads().length //=> true
 */
export class SkillResult {
  /** The forecast curve's name. */
  readonly curve: string;
  /** The actual's name. */
  readonly actual: string;
  /** Unit of the errors: the series' unit with its denominator (`EUR/MWh`). */
  readonly unit: string | null;
  /** Tags in row order. */
  readonly tags: readonly string[];
  /** `'step'` (lead hours) or `'day-ahead'` (days ahead). */
  readonly leadKind: 'step' | 'day-ahead';
  /** The metrics, in table order. */
  readonly metrics: readonly SkillMetric[];
  /** The skill score's reference: `'persistence'` or `'tag:<tag>'`. */
  readonly reference: string;
  /** One row per tag and lead bucket. */
  readonly rows: readonly SkillRow[];
  /** Zone of the issue times in `byIssue()`. */
  readonly issueZone: string;
  readonly #issues: readonly IssueRow[];

  constructor(init: SkillResultInit) {
    this.curve = init.curve;
    this.actual = init.actual;
    this.unit = init.unit;
    this.tags = Object.freeze([...init.tags]);
    this.leadKind = init.leadKind;
    this.metrics = Object.freeze([...init.metrics]);
    this.reference = init.reference;
    this.rows = Object.freeze(init.rows.map((r) => Object.freeze({ ...r })));
    this.issueZone = init.issueZone;
    this.#issues = Object.freeze(init.issues.map((r) => Object.freeze({ ...r })));
    Object.freeze(this);
  }

  /**
   * Whether a value is a SkillResult (also one from another copy of the package).
   *
   * @param value - Anything.
   * @returns True for a SkillResult.
   * @example
   * SkillResult.isSkillResult(result) //=> true
   */
  static isSkillResult(value: unknown): value is SkillResult {
    return hasBrand(value, BRAND);
  }

  /**
   * The lead buckets, in order: label and start (hours, or days ahead).
   *
   * @returns The buckets of the first tag (every tag has the same).
   * @example
   * result.leads()[1] //=> { lead: '6-12h', leadStart: 6 }
   */
  leads(): { lead: string; leadStart: number }[] {
    const first = this.tags[0];
    return this.rows.filter((r) => r.tag === first).map((r) => ({ lead: r.lead, leadStart: r.leadStart }));
  }

  /**
   * One metric of one tag, bucket by bucket.
   *
   * @param tag - The tag.
   * @param metric - A numeric metric.
   * @returns The values in bucket order (NaN where a bucket has no pairs).
   * @example
   * result.metric('ec', 'mae')[0] //~> 512.3
   */
  metric(tag: string, metric: NumericSkillMetric): number[] {
    return this.rows.filter((r) => r.tag === tag).map((r) => r[metric]);
  }

  /**
   * The rank histogram of a tag over all its lead buckets.
   *
   * @param tag - The tag.
   * @returns Counts per rank (members + 1 bins), or null when the tag has no ensemble cases.
   * @example
   * result.rankHistogram('ec-ens')?.length //=> 52
   */
  rankHistogram(tag: string): number[] | null {
    let out: number[] | null = null;
    for (const r of this.rows) {
      if (r.tag !== tag || r.rankHistogram === null) continue;
      if (out === null) out = [...r.rankHistogram];
      else if (out.length === r.rankHistogram.length) r.rankHistogram.forEach((c, i) => (out![i]! += c));
    }
    return out;
  }

  /**
   * The errors of each instance over all its lead buckets (within the lead buckets' reach).
   *
   * @returns One row per instance, by tag then issue time.
   * @example
   * result.byIssue().filter((r) => r.tag === 'ec').length //=> 62
   */
  byIssue(): IssueRow[] {
    return this.#issues.map((r) => ({ ...r }));
  }

  /**
   * A plain snapshot: names, tags, metrics, reference, rows and per-instance errors (NaN as null).
   *
   * @returns A JSON-safe object.
   * @example
   * JSON.parse(JSON.stringify(result)).rows.length === result.rows.length //=> true
   */
  toJSON(): Record<string, unknown> {
    const num = (row: object) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? jsonNumber(v) : v]));
    return {
      curve: this.curve,
      actual: this.actual,
      unit: this.unit,
      tags: [...this.tags],
      lead_kind: this.leadKind,
      metrics: [...this.metrics],
      reference: this.reference,
      issue_zone: this.issueZone,
      rows: this.rows.map((r) => num({ ...r, rankHistogram: r.rankHistogram === null ? null : [...r.rankHistogram] })),
      issues: this.#issues.map(num),
    };
  }

  /**
   * A one-line summary.
   *
   * @returns The text.
   * @example
   * result.toString() //=> '<SkillResult: curve="DE Wind ...", tags=[ec, gfs], leads=10, instances=120, reference=persistence>'
   */
  toString(): string {
    return `<SkillResult: curve=${JSON.stringify(this.curve)}, tags=[${this.tags.join(', ')}], leads=${this.leads().length}, instances=${this.#issues.length}, reference=${this.reference}>`;
  }

  /** Node's inspect hook: prints `toString()`. */
  [INSPECT](): string {
    return this.toString();
  }

  /**
   * The notebook display: a table of tag x lead with a column per metric (the frame layer's
   * `toTable()` HTML once it is loaded, as the package root does).
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * result[Symbol.for('Jupyter.display')]()['text/html'].includes('<table') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    const metrics = this.metrics.filter((m) => m !== 'rankHistogram');
    const head = ['tag', 'lead', ...metrics].map((h) => `<th>${escapeHtml(h)}</th>`).join('');
    const body = this.rows
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.tag)}</td><td>${escapeHtml(r.lead)}</td>${metrics.map((m) => `<td>${formatMetric(m, r[m as NumericSkillMetric])}</td>`).join('')}</tr>`,
      )
      .join('');
    return {
      'text/plain': this.toString(),
      'text/html': `<div class="service-model"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`,
    };
  }
}
setBrand(SkillResult.prototype, BRAND);

/**
 * An issue time as ISO 8601 in a zone, for `byIssue()`.
 *
 * @param ms - Epoch milliseconds.
 * @param zone - The zone name.
 * @returns The text, e.g. `'2025-01-01T00:00:00Z'`.
 * @example
 * issuedText(0, 'UTC') //=> '1970-01-01T00:00:00Z'
 */
export function issuedText(ms: number, zone: string): string {
  const dt = DateTime.fromMillis(ms, { zone });
  return (
    (dt.isValid ? dt : DateTime.fromMillis(ms, { zone: 'utc' })).toISO({ suppressMilliseconds: true, includeOffset: true }) ?? String(ms)
  );
}
