/**
 * Running sums of a skill evaluation (docs/skill.md#metrics): one {@link ErrorSums} per tag and
 * lead bucket and per instance, fed one forecast/actual pair at a time, and the ensemble sums
 * (CRPS, spread, rank) fed one set of members at a time. Pure arithmetic on numbers.
 *
 * @module
 */

/**
 * Sums of the errors of forecast/actual pairs (error = forecast minus actual), with the reference
 * forecast's squared errors where it has a value, and the ensemble sums.
 *
 * @example
 * const s = new ErrorSums();
 * s.add(12, 10, Number.NaN);
 * s.mae() //=> 2
 */
export class ErrorSums {
  /** Pairs counted (forecast and actual both present). */
  n = 0;
  /** Sum of |error|. */
  sumAbs = 0;
  /** Sum of error². */
  sumSq = 0;
  /** Sum of error. */
  sumErr = 0;
  /** Pairs with a non-zero actual (MAPE's count). */
  nPct = 0;
  /** Sum of |error| / |actual| over pairs with a non-zero actual. */
  sumPct = 0;
  /** Pairs where the reference forecast has a value too. */
  nRef = 0;
  /** Sum of the forecast's error² over those pairs. */
  sumSqWithRef = 0;
  /** Sum of the reference's error² over those pairs. */
  sumSqRef = 0;
  /** Ensemble cases (a value time with at least one member and the actual). */
  nEns = 0;
  /** Sum of CRPS. */
  sumCrps = 0;
  /** Cases with at least two members (spread). */
  nSpread = 0;
  /** Sum of the members' variance (divisor m - 1). */
  sumVar = 0;
  /** Sum of the squared error of the members' mean, over the same cases. */
  sumSqMean = 0;
  /** Rank histogram counts (members + 1 bins), null until the first ensemble case. */
  ranks: number[] | null = null;

  /**
   * Adds one pair.
   *
   * @param forecast - The forecast value.
   * @param actual - The actual value.
   * @param reference - The reference forecast's value, NaN when it has none.
   */
  add(forecast: number, actual: number, reference: number): void {
    const e = forecast - actual;
    this.n++;
    this.sumAbs += Math.abs(e);
    this.sumSq += e * e;
    this.sumErr += e;
    if (actual !== 0) {
      this.nPct++;
      this.sumPct += Math.abs(e / actual);
    }
    if (reference === reference) {
      const r = reference - actual;
      this.nRef++;
      this.sumSqWithRef += e * e;
      this.sumSqRef += r * r;
    }
  }

  /**
   * Adds one ensemble case: the members' values at one time (sorted in place) and the actual.
   *
   * @param sorted - The members present (no NaN), at least one; sorted here.
   * @param m - How many of `sorted` to use.
   * @param actual - The actual value.
   * @param rankBins - Members of a full ensemble plus one (the rank histogram's bins); 0 to leave the case out of it.
   */
  addMembers(sorted: Float64Array, m: number, actual: number, rankBins: number): void {
    const members = sorted.subarray(0, m).sort();
    this.nEns++;
    this.sumCrps += crpsOfSorted(members, actual);
    if (m >= 2) {
      let mean = 0;
      for (let i = 0; i < m; i++) mean += members[i]!;
      mean /= m;
      let ss = 0;
      for (let i = 0; i < m; i++) ss += (members[i]! - mean) ** 2;
      this.nSpread++;
      this.sumVar += ss / (m - 1);
      this.sumSqMean += (mean - actual) ** 2;
    }
    if (rankBins > 0 && m === rankBins - 1) {
      if (this.ranks === null) this.ranks = new Array<number>(rankBins).fill(0);
      if (this.ranks.length === rankBins) this.ranks[rankOfSorted(members, actual)]!++;
    }
  }

  /** Adds another accumulator's sums into this one. */
  merge(other: ErrorSums): void {
    for (const key of SUM_KEYS) this[key] += other[key];
    if (other.ranks !== null) {
      if (this.ranks === null) this.ranks = [...other.ranks];
      else if (this.ranks.length === other.ranks.length) other.ranks.forEach((c, i) => (this.ranks![i]! += c));
    }
  }

  /** Mean absolute error (NaN without pairs). */
  mae(): number {
    return this.n > 0 ? this.sumAbs / this.n : Number.NaN;
  }

  /** Root mean squared error. */
  rmse(): number {
    return this.n > 0 ? Math.sqrt(this.sumSq / this.n) : Number.NaN;
  }

  /** Mean error, forecast minus actual. */
  bias(): number {
    return this.n > 0 ? this.sumErr / this.n : Number.NaN;
  }

  /** Mean absolute percentage error in percent, over pairs with a non-zero actual. */
  mape(): number {
    return this.nPct > 0 ? (100 * this.sumPct) / this.nPct : Number.NaN;
  }

  /** MSE skill score against the reference: 1 - MSE / MSE of the reference, over pairs where both exist. */
  skill(): number {
    return this.nRef > 0 && this.sumSqRef > 0 ? 1 - this.sumSqWithRef / this.sumSqRef : Number.NaN;
  }

  /** Mean CRPS of the ensemble. */
  crps(): number {
    return this.nEns > 0 ? this.sumCrps / this.nEns : Number.NaN;
  }

  /** Spread-skill ratio: root mean member variance over the RMSE of the members' mean. */
  spreadSkill(): number {
    return this.nSpread > 0 && this.sumSqMean > 0 ? Math.sqrt(this.sumVar / this.sumSqMean) : Number.NaN;
  }
}

const SUM_KEYS = [
  'n',
  'sumAbs',
  'sumSq',
  'sumErr',
  'nPct',
  'sumPct',
  'nRef',
  'sumSqWithRef',
  'sumSqRef',
  'nEns',
  'sumCrps',
  'nSpread',
  'sumVar',
  'sumSqMean',
] as const;

/**
 * The CRPS of an ensemble for one observation, in closed form: the mean absolute difference of the
 * members and the observation, minus half the mean absolute difference between all pairs of
 * members (i and j both over all m members). With sorted members the pair sum is
 * `2 * sum_k x_k (2k - m + 1)` (k from 0), so the cost is the sort.
 *
 * @param sorted - The members, ascending, no NaN, at least one.
 * @param actual - The observation.
 * @returns The CRPS, in the unit of the values.
 * @example
 * crpsOfSorted(Float64Array.of(1, 2, 4), 3) //=> 4 / 3 - (0.5 * 12) / 9
 */
export function crpsOfSorted(sorted: Float64Array, actual: number): number {
  const m = sorted.length;
  let abs = 0;
  let pairs = 0;
  for (let k = 0; k < m; k++) {
    const x = sorted[k]!;
    abs += Math.abs(x - actual);
    pairs += x * (2 * k - m + 1);
  }
  return abs / m - pairs / (m * m);
}

/**
 * The rank of an observation among sorted members: members below it, plus half (rounded down) of
 * the members equal to it, so ties spread over the bins without randomness.
 *
 * @param sorted - The members, ascending.
 * @param actual - The observation.
 * @returns 0 (below every member) to m (above every member).
 * @example
 * rankOfSorted(Float64Array.of(1, 2, 4), 3) //=> 2
 */
export function rankOfSorted(sorted: Float64Array, actual: number): number {
  let below = 0;
  let equal = 0;
  for (let k = 0; k < sorted.length; k++) {
    const x = sorted[k]!;
    if (x < actual) below++;
    else if (x === actual) equal++;
    else break;
  }
  return below + Math.floor(equal / 2);
}
