// Help (Shift+Tab) inside a call's parentheses for the tslab kernel (kernel/tslab-kernel.mjs).
// tslab answers an inspect request with TypeScript's quick info at the cursor, which is nothing
// between `(` and `)` (`client.timeseries.load(|`); the kernel then asks again at the name of the
// innermost call whose argument list holds the cursor.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// only TypeScript's parser is used here: the project's TypeScript parses a cell as tslab's does
const ts = require('typescript');

/**
 * Where the name of the innermost call (or `new`) whose argument list holds a position starts:
 * `obj.method` of `obj.method(a, |b)` gives the start of `method`. The code may be unfinished
 * (`load(` with no closing parenthesis).
 * @param {string} code the cell's code
 * @param {number} position the cursor, a character offset into `code`
 * @returns {number | null} the offset of the callee's name, or null when no argument list holds it
 */
function calleeNameAt(code, position) {
  const file = ts.createSourceFile('cell.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // an unfinished call ends at its last token: spaces typed after it are still inside
  let at = position;
  while (at > 0 && /\s/.test(code[at - 1] ?? '')) at--;
  let found = null;
  const visit = (node) => {
    if (at < node.pos || at > node.end) return;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
      const open = node.arguments.pos; // just after `(`
      const closed = node.end - 1 >= node.arguments.end && code[node.end - 1] === ')';
      if (at >= open && (closed ? at < node.end : at <= node.end)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
        found = name.getStart(file);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Makes an executor's `inspect` (Shift+Tab) fall back to the enclosing call's name when the
 * cursor itself has nothing to show.
 * @param {{ inspect(code: string, position: number): unknown }} executor tslab's executor
 */
export function inspectCallees(executor) {
  const inspect = executor.inspect;
  executor.inspect = (code, position) => {
    const info = inspect(code, position);
    if (info) return info;
    const callee = calleeNameAt(code, position);
    return callee === null ? info : inspect(code, callee);
  };
}
