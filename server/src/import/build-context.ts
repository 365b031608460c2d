/**
 * What the block builders share: the curves of the import (new or stored), the stored
 * instances, the clock, the problems, and the checks every kind of block makes (curve known and
 * of the right type, instance given exactly for instance curves, date-times read in the curve's
 * zone, ranges of blocks of one curve not overlapping).
 *
 * @module
 */
import type { Zone } from 'luxon';
import { CurveType } from 'service/model';
import { zoneByName } from 'service/time';
import { parseInstant } from '#wire';
import type { CurveRecord, InstanceRecord, Store } from '../store';
import type { ProblemList, SourceLine } from '#wire';
import type { RawInstance } from './raw-document';

/** A resolved instance: identity and times in epoch ms. */
export interface ResolvedInstance {
  issued: number;
  /** Lower-cased tag (tags compare case-insensitively). */
  tag: string;
  created: number | null;
}

/**
 * Shared state of one import's build.
 *
 * @example
 * const ctx = new BuildContext(curves, store, problems, Date.now());
 */
export class BuildContext {
  private readonly ranges = new Map<string, { first: number; last: number; at: SourceLine }[]>();
  /** Instance records of the import, by `curve|issued|tag`. */
  readonly instances = new Map<string, InstanceRecord>();

  constructor(
    private readonly curves: ReadonlyMap<string, CurveRecord>,
    private readonly store: Store,
    /** Problems of the import. */
    readonly problems: ProblemList,
    /** Epoch ms stamped as `created`/`modified` of instances. */
    readonly now: number,
  ) {}

  /**
   * The curve of a block, checked to be known and of one of the given types.
   *
   * @param name - Curve name.
   * @param types - Curve type tags the block may hold.
   * @param at - Where the block starts.
   * @param kind - What the block is (for messages).
   * @returns The curve, or `null` after adding a problem.
   * @example
   * ctx.curve('No Such Curve', ['TIMESERIES'], at, 'series') //=> null  (problem: unknown curve "No Such Curve")
   */
  curve(name: string, types: readonly string[], at: SourceLine, kind: string): CurveRecord | null {
    const curve = this.curves.get(name);
    if (curve === undefined) {
      this.problems.add(
        at,
        'curve',
        `unknown curve ${JSON.stringify(name)}: define it (a curves CSV file or "curves" in JSON) or import its definition first`,
      );
      return null;
    }
    if (!types.includes(curve.curveType)) {
      this.problems.add(
        at,
        'curve',
        `curve ${JSON.stringify(name)} is of type ${curve.curveType}; ${kind} are for ${types.join(', ')} curves`,
      );
      return null;
    }
    return curve;
  }

  /**
   * Reads the instance of a block: required for instance curves, refused for the others.
   *
   * @param curve - The block's curve.
   * @param raw - The instance as written, or `null`.
   * @param at - Where the block starts.
   * @returns The instance (`null` for curves without instances), or `undefined` after a problem.
   * @example
   * ctx.instance(forecastCurve, { issued: '2024-01-01T00:00:00Z', tag: 'EC', created: null }, at)
   * //=> { issued: 1704067200000, tag: 'ec', created: null }
   */
  instance(curve: CurveRecord, raw: RawInstance | null, at: SourceLine): ResolvedInstance | null | undefined {
    const has = CurveType.byTag(curve.curveType).hasInstances;
    if (!has) {
      if (raw === null) return null;
      this.problems.add(
        at,
        'issued',
        `curve ${JSON.stringify(curve.name)} (${curve.curveType}) has no instances; leave issued and tag out`,
      );
      return undefined;
    }
    if (raw === null) {
      this.problems.add(at, 'issued', `curve ${JSON.stringify(curve.name)} (${curve.curveType}) needs the instance: issued (and tag)`);
      return undefined;
    }
    const issued = this.instant(raw.issued, zoneByName(curve.instanceIssuedTimezone ?? 'UTC'), at, 'issued');
    const created = raw.created === null ? null : this.instant(raw.created, zoneByName(curve.timezone), at, 'created');
    if (issued === null || (raw.created !== null && created === null)) return undefined;
    return { issued, tag: raw.tag.trim().toLowerCase(), created };
  }

  /**
   * Reads a date-time: with an offset it is that instant, without one wall-clock time in `zone`.
   *
   * @param text - The text.
   * @param zone - Zone of texts without an offset.
   * @param at - Where it is.
   * @param field - Its column or member.
   * @returns Epoch ms, or `null` after a problem.
   * @example
   * ctx.instant('2024-03-31 03:00', CET, at, 'date') //=> 1711846800000 (01:00Z, CEST)
   */
  instant(text: string, zone: Zone, at: SourceLine, field: string): number | null {
    const ms = text === '' ? Number.NaN : parseInstant(text, zone);
    if (ms !== ms) {
      this.problems.add(
        at,
        field,
        text === ''
          ? 'the date-time is missing'
          : `not a date-time: ${JSON.stringify(text)} (expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or ISO 8601 with an offset)`,
      );
      return null;
    }
    return ms;
  }

  /**
   * Registers the range `[first, last]` of a block of a curve (instance) and refuses one that
   * overlaps another block of the same curve (instance) in the import.
   *
   * @param key - Curve (and instance) key.
   * @param first - First instant.
   * @param last - Last instant.
   * @param at - Where the block starts.
   * @returns False after a problem.
   * @example
   * ctx.claimRange('X', 0, 10, at) && ctx.claimRange('X', 5, 20, at) //=> false
   */
  claimRange(key: string, first: number, last: number, at: SourceLine): boolean {
    const list = this.ranges.get(key) ?? [];
    const clash = list.find((r) => first <= r.last && last >= r.first);
    if (clash) {
      this.problems.add(
        at,
        'curve',
        `the block overlaps another block of the same curve in the import (${clash.at.file}:${clash.at.line}); each date may be given once`,
      );
      return false;
    }
    list.push({ first, last, at });
    this.ranges.set(key, list);
    return true;
  }

  /**
   * Adds the instance record of a block: new instances are created now; stored ones keep their
   * `created` and get `modified` now.
   *
   * @param curve - The curve.
   * @param instance - The resolved instance.
   * @param scenarioNames - Names of its ensemble members.
   * @returns When the record is added.
   * @example
   * await ctx.addInstance(curve, { issued, tag: 'ec', created: null }, []); ctx.instances.size //=> 1
   */
  async addInstance(curve: CurveRecord, instance: ResolvedInstance, scenarioNames: string[]): Promise<void> {
    const key = `${curve.name}|${instance.issued}|${instance.tag}`;
    const known = this.instances.get(key);
    if (known) {
      for (const name of scenarioNames) if (!known.scenarioNames.includes(name)) known.scenarioNames.push(name);
      return;
    }
    const stored = await this.storedInstance(curve.name, instance);
    this.instances.set(key, {
      curve: curve.name,
      issued: instance.issued,
      tag: instance.tag,
      created: instance.created ?? stored?.created ?? this.now,
      modified: stored ? this.now : null,
      scenarioNames: [...new Set([...(stored?.scenarioNames ?? []), ...scenarioNames])],
    });
  }

  private async storedInstance(curve: string, instance: ResolvedInstance): Promise<InstanceRecord | null> {
    if ((await this.store.getCurve(curve)) === null) return null;
    return this.store.getInstance(curve, { issued: instance.issued, tag: instance.tag });
  }
}
