// A tslab cell's compiled code laid out so that the cell's line N runs on line N + 1 (for the
// kernel/tslab-kernel.mjs), so an error's frames name the cell's own lines (docs/notebooks.md#errors;
// the toolkit's errors print them one less, src/model/error-display.ts).
//
// tslab compiles a cell to CommonJS and runs `(function(exports, require) { ` + that code, so the
// code's first line holds the wrapper's start. TypeScript's CommonJS output starts with lines of
// its own: module support functions (`__importStar`, ... for some imports), `Object.defineProperty(exports,
// "__esModule", ...)`, and `exports.a = exports.tsLastExpr = void 0;` whenever the cell declares a
// name or ends with a value. It also puts a line exporting each declared name after its
// declaration (`exports.a = a;`). So the one-line cell `await load(...)` ran on line 3, not 2.
// Here those lines are moved, unchanged and in the same order: the header all onto the first
// line, each export line to the front of the line after it. Only whitespace changes. Lines
// TypeScript itself adds or drops while printing the cell's code (an `interface`, a block written
// on one line) still shift the lines below them.
//
//   import { keepCellLines } from './cell-lines.mjs';
//   converted.output = keepCellLines(converted.output);

/** The line that ends TypeScript's header of a CommonJS module. */
const ES_MODULE_MARK = 'Object.defineProperty(exports, "__esModule", { value: true });';

/** `exports.a = exports.b = void 0;`: the declared names, set before the code runs. */
const DECLARED = /^exports\.[\w$]+(?: = exports\.[\w$]+)* = void 0;$/;

/**
 * A line TypeScript adds after a declaration or import to export its name: `exports.a = a;`,
 * `exports.def = luxon_1.default;`, or a getter for a re-exported import. Never the cell's last
 * value (`exports.tsLastExpr = x;`), which is the cell's own line.
 */
const EXPORT_LINE =
  /^(?:exports\.(?!tsLastExpr\d*\b)[\w$]+ = [\w$]+(?:\.[\w$]+)*;|Object\.defineProperty\(exports, "[\w$]+", \{ enumerable: true, get: function \(\) \{ return [\w$]+(?:\.[\w$]+)*; \} \}\);)$/;

/**
 * Lays out a cell's compiled code so its line N + 1 is the cell's line N: TypeScript's header on
 * the first line, each export line at the front of the next line. Code without the header (not
 * TypeScript's CommonJS output) is returned as it is.
 *
 * @param {string} js the compiled cell (tslab's `convert(...).output`)
 * @returns {string} the same statements in the same order, on other lines
 * @example
 * keepCellLines('Object.defineProperty(exports, "__esModule", { value: true });\nexports.tsLastExpr = void 0;\nexports.tsLastExpr = await f();\n')
 * //=> 'Object.defineProperty(exports, "__esModule", { value: true }); exports.tsLastExpr = void 0;\nexports.tsLastExpr = await f();\n'
 */
export function keepCellLines(js) {
  const lines = js.split('\n');
  const mark = lines.indexOf(ES_MODULE_MARK);
  if (mark < 0) return js;
  let body = mark + 1;
  while (body < lines.length && DECLARED.test(lines[body])) body += 1;
  const header = lines.slice(0, body);
  // joined lines must not end in a line comment (TypeScript's helpers have none)
  if (header.some((line) => line.includes('//'))) return js;
  const out = [header.map((line) => line.trim()).join(' ')];
  let exports = [];
  for (const line of lines.slice(body)) {
    if (EXPORT_LINE.test(line)) exports.push(line);
    else {
      out.push([...exports, line].join(' '));
      exports = [];
    }
  }
  if (exports.length > 0) out.push(exports.join(' '));
  return out.join('\n');
}
