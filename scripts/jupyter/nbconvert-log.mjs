// Reads `jupyter nbconvert --execute --log-level=DEBUG` output line by line and keeps what explains
// a failure. tslab reports a type error or a thrown error as text on the cell's stderr stream and
// answers the execute request with a bare error (nbconvert then prints only "<Error>: "), so the
// reason is only in the kernel messages that nbclient logs at debug level:
//   [NbConvertApp] Executing cell:
//   [NbConvertApp] content: {'name': 'stderr', 'text': "6:7 - Type 'false' is not assignable ...\n"}
// Other debug lines (every kernel message, with whole outputs) are dropped as they arrive.

const PREFIX = '[NbConvertApp] ';
const STDERR = /^\[NbConvertApp\] content: \{'name': 'stderr', 'text': ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\}\s*$/;

/**
 * Decodes a Python string literal as `repr()` writes it (quotes `'` or `"`; escapes \\ \' \" \n \r \t
 * \xNN \uNNNN \UNNNNNNNN).
 * @param {string} literal the literal with its quotes
 * @returns {string}
 */
export function fromPythonRepr(literal) {
  const body = literal.slice(1, -1);
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, e) => {
    switch (e[0]) {
      case 'n': return '\n';
      case 'r': return '\r';
      case 't': return '\t';
      case 'x': case 'u': case 'U': return String.fromCodePoint(parseInt(e.slice(1), 16));
      default: return e;
    }
  });
}

/** Collects nbconvert's output: plain lines (bounded) and the current cell's stderr texts. */
export class NbconvertLog {
  constructor(maxLines = 400) {
    this.maxLines = maxLines;
    this.lines = [];
    this.cellStderr = [];
    this.partial = '';
  }

  /** Feeds a chunk of output (any split). */
  write(chunk) {
    const text = this.partial + chunk;
    const parts = text.split('\n');
    this.partial = parts.pop();
    for (const line of parts) this.line(line);
  }

  /** Flushes a last line without a newline. */
  end() {
    if (this.partial) this.line(this.partial);
    this.partial = '';
  }

  line(line) {
    if (line.startsWith(PREFIX)) {
      if (line.startsWith(`${PREFIX}Executing cell:`)) this.cellStderr = [];
      const m = STDERR.exec(line);
      if (m) this.cellStderr.push(fromPythonRepr(m[1]));
      return;
    }
    this.lines.push(line);
    if (this.lines.length > this.maxLines) this.lines.shift();
  }

  /**
   * What went wrong, indented for the report: nbconvert's "An error occurred while executing the
   * following cell" block (the cell's source) and the kernel's stderr for that cell; otherwise
   * (time-out, dead kernel, start-up failure) the last lines of output.
   * @param {number} [maxLines]
   * @returns {string}
   */
  excerpt(maxLines = 60) {
    const all = this.lines.join('\n');
    const at = all.indexOf('An error occurred while executing the following cell');
    let text;
    if (at >= 0) {
      const block = all.slice(at).split('\n').slice(0, maxLines).join('\n').trimEnd();
      const stderr = this.cellStderr.join('').trimEnd();
      text = stderr ? `${block}\nkernel stderr:\n${stderr}` : block;
    } else {
      text = this.lines.filter((l) => l.trim() !== '').slice(-maxLines).join('\n');
    }
    return text.split('\n').map((l) => `     ${l}`).join('\n');
  }
}
