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
    this.executed = false;
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
      if (line.startsWith(`${PREFIX}Executing cell:`)) {
        this.cellStderr = [];
        this.executed = true;
      }
      const m = STDERR.exec(line);
      if (m) this.cellStderr.push(fromPythonRepr(m[1]));
      return;
    }
    this.lines.push(line);
    if (this.lines.length > this.maxLines) this.lines.shift();
  }

  /**
   * Whether the run failed because its kernel ended before answering its first request (Jupyter's
   * "Kernel died before replying to kernel_info"), so that no cell ran.
   * @returns {boolean}
   */
  kernelDiedAtStart() {
    return !this.executed && this.lines.some((l) => l.includes('Kernel died before replying to kernel_info'));
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

/**
 * Runs a notebook's execution again, with a new kernel, while its kernel ends before answering
 * its first request (no cell ran, so nothing is repeated), at most `attempts` times in all.
 * Jupyter picks a kernel's ports and frees them before the kernel binds them; on a busy machine
 * another process can take one in between, and the kernel cannot start.
 * @param {(log: NbconvertLog) => Promise<number>} runOnce one execution, writing to `log`; resolves with its exit code
 * @param {{ attempts: number, stop?: () => boolean, onRetry?: (attempt: number, log: NbconvertLog) => void }} options
 *   `onRetry` is called before attempt 2, 3, ... with the failed attempt's log
 * @returns {Promise<{ log: NbconvertLog, code: number }>} the last attempt's log and exit code
 */
export async function runUntilKernelStarts(runOnce, { attempts, stop = () => false, onRetry = () => {} }) {
  for (let attempt = 1; ; attempt += 1) {
    const log = new NbconvertLog();
    const code = await runOnce(log);
    if (code === 0 || attempt >= attempts || stop() || !log.kernelDiedAtStart()) return { log, code };
    onRetry(attempt + 1, log);
  }
}
