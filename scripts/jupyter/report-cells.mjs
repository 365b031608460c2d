// What `npm run report` does to a notebook's cells, as pure functions over the notebook JSON:
// parameters (the cell tagged `parameters` declares them; given values go into a cell injected
// after it, tagged `injected-parameters`, the convention papermill made standard), execution
// counts (numbered in run order when the kernel does not report them) and the report's file name.

/** The tag of the cell that declares a notebook's parameters. */
export const PARAMETERS_TAG = 'parameters';
/** The tag of the cell holding the values given on the command line. */
export const INJECTED_TAG = 'injected-parameters';
/** The tag of self-check cells: they run, but reports do not show them. */
export const CHECK_TAG = 'check';

/** A parameter error: an unknown name, a missing parameters cell, a malformed value. */
export class ParameterError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ParameterError';
  }
}

const sourceOf = (cell) => (Array.isArray(cell.source) ? cell.source.join('') : String(cell.source ?? ''));
const tagsOf = (cell) => (Array.isArray(cell.metadata?.tags) ? cell.metadata.tags : []);

/** `let NAME = ...` / `const NAME: T = ...` / `var NAME = ...` at the start of a line. */
const DECLARATION = /^\s*(let|const|var)\s+([A-Za-z_$][A-Za-z0-9_$]*)\s*(?::[^=]+)?=/gm;

/**
 * The parameters a notebook declares: the variables of its cell tagged `parameters`.
 * @param {{ cells: object[] }} nb the notebook
 * @returns {{ index: number, names: Map<string, 'let' | 'const' | 'var'> } | null} null without such a cell
 * @example
 * declaredParameters({ cells: [{ cell_type: 'code', metadata: { tags: ['parameters'] }, source: 'let area = "DE";' }] }).names
 * //=> Map { 'area' => 'let' }
 */
export function declaredParameters(nb) {
  const index = nb.cells.findIndex((c) => c.cell_type === 'code' && tagsOf(c).includes(PARAMETERS_TAG));
  if (index < 0) return null;
  const names = new Map();
  for (const m of sourceOf(nb.cells[index]).matchAll(DECLARATION)) names.set(m[2], m[1]);
  return { index, names };
}

/**
 * Reads `NAME=VALUE` (from `--param`): the value is JSON when it parses as JSON (numbers,
 * booleans, quoted strings, arrays), else the text as a string.
 * @param {string} text
 * @returns {[string, unknown]}
 * @throws {ParameterError} without `=` or with an empty name
 * @example
 * parseParam('days=14') //=> ['days', 14]
 * parseParam('area=FR') //=> ['area', 'FR']
 */
export function parseParam(text) {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new ParameterError(`--param must be NAME=VALUE, got ${JSON.stringify(text)}`);
  const name = text.slice(0, eq).trim();
  const raw = text.slice(eq + 1);
  try {
    return [name, JSON.parse(raw)];
  } catch {
    return [name, raw];
  }
}

/**
 * A copy of the notebook with the given parameter values in a cell injected after its
 * `parameters` cell (which keeps the defaults), so the report shows both.
 * @param {{ cells: object[] }} nb the notebook
 * @param {Record<string, unknown>} params values by name
 * @param {string} [label] what the notebook is called in error messages
 * @returns {{ cells: object[] }} the notebook (the same object when `params` is empty)
 * @throws {ParameterError} for an unknown name (listing the known ones), a `const` parameter, no
 *   `parameters` cell
 */
export function injectParameters(nb, params, label = 'the notebook') {
  const given = Object.keys(params);
  if (given.length === 0) return nb;
  const declared = declaredParameters(nb);
  if (declared === null) {
    throw new ParameterError(`${label} has no cell tagged "${PARAMETERS_TAG}"; it takes no parameters (given: ${given.join(', ')})`);
  }
  const known = [...declared.names.keys()];
  const unknown = given.filter((n) => !declared.names.has(n));
  if (unknown.length > 0) {
    throw new ParameterError(`unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} for ${label}; its parameters are: ${known.join(', ') || '(none)'}`);
  }
  const fixed = given.filter((n) => declared.names.get(n) === 'const');
  if (fixed.length > 0) {
    throw new ParameterError(`parameter ${fixed.join(', ')} of ${label} is declared with const; declare parameters with let so a value can be injected`);
  }
  const lines = given.map((n) => {
    const json = JSON.stringify(params[n]);
    if (json === undefined) throw new ParameterError(`parameter ${n}: the value cannot be written as JSON`);
    return `${n} = ${json};`;
  });
  const cell = {
    cell_type: 'code',
    execution_count: null,
    id: `injected-parameters-${declared.index}`,
    metadata: { tags: [INJECTED_TAG] },
    outputs: [],
    // A block, so the kernel shows no value for the cell.
    source: `// Parameters given to this run\n{\n${lines.map((l) => `  ${l}`).join('\n')}\n}`,
  };
  const cells = [...nb.cells];
  cells.splice(declared.index + 1, 0, cell);
  return { ...nb, cells };
}

/**
 * Numbers the code cells in run order (1, 2, ...) where the kernel left `execution_count` empty
 * (tslab reports none, so reports showed `In [ ]:`); counts already set are kept. Results get
 * their cell's count.
 * @param {{ cells: object[] }} nb an executed notebook
 * @returns {{ cells: object[] }} a copy
 */
export function numberExecution(nb) {
  let n = 0;
  const cells = nb.cells.map((c) => {
    if (c.cell_type !== 'code') return c;
    n += 1;
    const count = typeof c.execution_count === 'number' ? c.execution_count : n;
    const outputs = (c.outputs ?? []).map((o) => (o.output_type === 'execute_result' ? { ...o, execution_count: count } : o));
    return { ...c, execution_count: count, outputs };
  });
  return { ...nb, cells };
}

/**
 * The report's base name: the notebook's, then the parameter values in the order given
 * (`01-quickstart-FR-14`), each reduced to letters, digits, `.`, `_` and `-`.
 * @param {string} notebook the notebook's base name
 * @param {Record<string, unknown>} params
 * @returns {string}
 * @example
 * reportName('01-quickstart', { area: 'FR', days: 14 }) //=> '01-quickstart-FR-14'
 */
export function reportName(notebook, params) {
  const parts = Object.values(params).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)).replace(/[^A-Za-z0-9._-]+/g, '_'));
  return [notebook, ...parts].join('-');
}
