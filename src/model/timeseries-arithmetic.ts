/**
 * Element-wise arithmetic over the columns of time series: the step join, then one operation per
 * row; missing values (NaN) stay missing. Scenario columns take part: a number or a plain series
 * applies to every scenario, two series with the same scenario names combine pairwise.
 *
 * @module
 */
import { ValidationError } from '../exceptions';
import type { ArithmeticOp } from './series-units';
import { gather, joinSteps, type Join } from './timeseries-join';

/**
 * The columns of one operand.
 *
 * @example
 * const cols: OperandColumns = { name: 'a', times: Float64Array.of(0), values: Float64Array.of(1), scenarios: [], scenarioNames: [] };
 */
export interface OperandColumns {
  /** Name, for errors. */
  readonly name: string;
  /** Step starts. */
  readonly times: Float64Array;
  /** Values or null (scenarios only). */
  readonly values: Float64Array | null;
  /** Scenario columns. */
  readonly scenarios: readonly Float64Array[];
  /** Scenario names. */
  readonly scenarioNames: readonly string[];
}

/**
 * The result columns.
 *
 * @example
 * const out: ResultColumns = combineColumns(a, 2, 'times', 'inner');
 */
export interface ResultColumns {
  /** Step starts. */
  readonly times: Float64Array;
  /** Values or null. */
  readonly values: Float64Array | null;
  /** Scenario columns. */
  readonly scenarios: Float64Array[];
  /** Scenario names. */
  readonly scenarioNames: string[];
}

/**
 * One arithmetic operation on two numbers.
 *
 * @param op - The operation.
 * @returns A function of two numbers.
 * @example
 * operation('dividedBy')(6, 3) //=> 2
 */
function operation(op: ArithmeticOp): (x: number, y: number) => number {
  switch (op) {
    case 'plus':
      return (x, y) => x + y;
    case 'minus':
      return (x, y) => x - y;
    case 'times':
      return (x, y) => x * y;
    default:
      return (x, y) => x / y;
  }
}

function apply(x: Float64Array, y: Float64Array | number, f: (x: number, y: number) => number): Float64Array {
  const out = new Float64Array(x.length);
  if (typeof y === 'number') for (let i = 0; i < x.length; i++) out[i] = f(x[i]!, y);
  else for (let i = 0; i < x.length; i++) out[i] = f(x[i]!, y[i]!);
  return out;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/**
 * Combines two operands (or an operand and a number) step by step.
 *
 * @param a - The left operand.
 * @param b - The right operand or a number.
 * @param op - The operation.
 * @param join - Which steps the result has (`'inner'`: common; `'outer'`: all, NaN where missing).
 * @returns The result columns.
 * @throws ValidationError (parameter `other`) when the scenarios cannot be paired.
 * @example
 * combineColumns(a, b, 'minus', 'inner').values
 */
export function combineColumns(a: OperandColumns, b: OperandColumns | number, op: ArithmeticOp, join: Join): ResultColumns {
  const f = operation(op);
  if (typeof b === 'number') {
    return {
      times: a.times,
      values: a.values === null ? null : apply(a.values, b, f),
      scenarios: a.scenarios.map((s) => apply(s, b, f)),
      scenarioNames: [...a.scenarioNames],
    };
  }
  const { times, rows } = joinSteps([a.times, b.times], join);
  const pick = (side: 0 | 1, column: Float64Array): Float64Array => gather(column, rows[side]!);
  const aValues = a.values === null ? null : pick(0, a.values);
  const bValues = b.values === null ? null : pick(1, b.values);
  const values = aValues !== null && bValues !== null ? apply(aValues, bValues, f) : null;
  let scenarios: Float64Array[] = [];
  let scenarioNames: string[] = [];
  if (a.scenarios.length > 0 && b.scenarios.length > 0) {
    if (!sameNames(a.scenarioNames, b.scenarioNames)) {
      throw new ValidationError(
        `'${a.name}' (scenarios ${a.scenarioNames.join(', ')}) and '${b.name}' (scenarios ${b.scenarioNames.join(', ')}) have different scenarios`,
        'other',
      );
    }
    scenarios = a.scenarios.map((s, k) => apply(pick(0, s), pick(1, b.scenarios[k]!), f));
    scenarioNames = [...a.scenarioNames];
  } else if (a.scenarios.length > 0 && bValues !== null) {
    scenarios = a.scenarios.map((s) => apply(pick(0, s), bValues, f));
    scenarioNames = [...a.scenarioNames];
  } else if (b.scenarios.length > 0 && aValues !== null) {
    scenarios = b.scenarios.map((s) => apply(aValues, pick(1, s), f));
    scenarioNames = [...b.scenarioNames];
  }
  if (values === null && scenarios.length === 0) {
    throw new ValidationError(`'${a.name}' and '${b.name}' have no values or scenarios in common`, 'other');
  }
  return { times, values, scenarios, scenarioNames };
}
