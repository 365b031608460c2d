/**
 * What the embedded store's reads look up before the values, kept per curve while the curve's
 * data version stays the same: instance rows (by issue time and tag), short instance lists (by
 * their query) and the series ids of a curve/instance. Loading an ensemble instance otherwise asks DuckDB three times (the instance
 * row, its id, its series) before the one query that reads the values. Any import naming the
 * curve changes its data version (`DataVersions.bump`) and so drops what was kept; a value loaded
 * while an import committed is kept under the version read before loading, which the import has
 * already replaced or is about to.
 *
 * @module
 */

interface CurveMemo {
  version: string;
  values: Map<string, unknown>;
}

/**
 * A small per-curve memo of lookups, valid for one data version of the curve.
 *
 * @example
 * const memo = new ReadMemo((curve) => versions.of(curve));
 * await memo.get('DE Wind', 'instance:...', () => readInstanceRow(conn, ...));
 */
export class ReadMemo {
  private readonly curves = new Map<string, CurveMemo>();

  /**
   * @param versionOf - The current data version of a curve.
   * @param maxCurves - At most this many curves are kept (then all are dropped).
   * @param maxPerCurve - At most this many lookups per curve (then that curve's are dropped).
   */
  constructor(
    private readonly versionOf: (curve: string) => string,
    private readonly maxCurves = 4096,
    private readonly maxPerCurve = 1024,
  ) {}

  /**
   * The value of a lookup: kept from an earlier call in the same data version of the curve, or
   * loaded now (and kept unless it is `undefined`).
   *
   * @param curve - The curve whose data the lookup reads.
   * @param key - The lookup, unique within the curve.
   * @param load - Loads the value.
   * @param keep - Whether a loaded value is kept (default: every value but `undefined`); a value
   *   too large to keep is still returned.
   * @returns The value.
   * @example
   * await memo.get(curve, `series:${instanceId}`, () => readSeriesMembers(conn, target, true));
   */
  async get<T>(curve: string, key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const version = this.versionOf(curve);
    let memo = this.curves.get(curve);
    if (memo?.version !== version) {
      if (memo === undefined && this.curves.size >= this.maxCurves) this.curves.clear();
      memo = { version, values: new Map() };
      this.curves.set(curve, memo);
    }
    if (memo.values.has(key)) return memo.values.get(key) as T;
    const value = await load();
    if (value !== undefined && keep(value)) {
      if (memo.values.size >= this.maxPerCurve) memo.values.clear();
      memo.values.set(key, value);
    }
    return value;
  }
}
