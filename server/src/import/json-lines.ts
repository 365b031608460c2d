/**
 * A JSON parser that remembers lines: it builds the same values as `JSON.parse` and records the
 * line where each object and array starts, where each object member's key is, and where each
 * array element starts, so that import messages can name the line of a bad value.
 *
 * @module
 */

/** Lines of the objects and arrays of a parsed document. */
export interface JsonLines {
  /**
   * The line where an object or array starts (1 for anything not from the document).
   *
   * @param value - An object or array of the document.
   * @param key - A member name (objects) or element index (arrays): the line of that member.
   */
  of(value: object, key?: string | number): number;
}

/** A JSON syntax problem with its position. */
export interface JsonSyntaxError {
  line: number;
  column: number;
  message: string;
}

class Parser {
  private i = 0;
  private line = 1;
  private lineStart = 0;
  readonly starts = new WeakMap<object, number>();
  readonly members = new WeakMap<object, Map<string, number> | number[]>();

  constructor(private readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  fail(message: string): never {
    throw { line: this.line, column: this.i - this.lineStart + 1, message } satisfies JsonSyntaxError;
  }

  private space(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.i);
      if (c === 10) {
        this.i++;
        this.line++;
        this.lineStart = this.i;
      } else if (c === 32 || c === 9 || c === 13) this.i++;
      else return;
    }
  }

  document(): unknown {
    this.space();
    const value = this.value();
    this.space();
    if (this.i < this.text.length) this.fail('unexpected text after the JSON value');
    return value;
  }

  private value(): unknown {
    const c = this.text.charCodeAt(this.i);
    if (c === 123) return this.object();
    if (c === 91) return this.array();
    if (c === 34) return this.string();
    if (c === 45 || (c >= 48 && c <= 57)) return this.number();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return v;
      }
    }
    return this.fail(
      this.i >= this.text.length ? 'unexpected end of the text' : `unexpected character ${JSON.stringify(this.text[this.i])}`,
    );
  }

  private object(): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    const keys = new Map<string, number>();
    this.starts.set(obj, this.line);
    this.members.set(obj, keys);
    this.i++;
    this.space();
    if (this.text.charCodeAt(this.i) === 125) {
      this.i++;
      return obj;
    }
    for (;;) {
      this.space();
      if (this.text.charCodeAt(this.i) !== 34) this.fail('expected a member name in double quotes');
      const keyLine = this.line;
      const key = this.string();
      this.space();
      if (this.text.charCodeAt(this.i) !== 58) this.fail("expected ':' after a member name");
      this.i++;
      this.space();
      const value = this.value();
      Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
      keys.set(key, keyLine);
      this.space();
      const c = this.text.charCodeAt(this.i);
      this.i++;
      if (c === 44) continue;
      if (c === 125) return obj;
      this.i--;
      this.fail("expected ',' or '}' in an object");
    }
  }

  private array(): unknown[] {
    const arr: unknown[] = [];
    const lines: number[] = [];
    this.starts.set(arr, this.line);
    this.members.set(arr, lines);
    this.i++;
    this.space();
    if (this.text.charCodeAt(this.i) === 93) {
      this.i++;
      return arr;
    }
    for (;;) {
      this.space();
      lines.push(this.line);
      arr.push(this.value());
      this.space();
      const c = this.text.charCodeAt(this.i);
      this.i++;
      if (c === 44) continue;
      if (c === 93) return arr;
      this.i--;
      this.fail("expected ',' or ']' in an array");
    }
  }

  private string(): string {
    const t = this.text;
    const start = this.i + 1;
    let j = start;
    for (;;) {
      const c = t.charCodeAt(j);
      if (c === 34) {
        this.i = j + 1;
        return t.slice(start, j);
      }
      if (c === 92) break; // escapes: slow path
      if (c < 32 || j >= t.length) {
        this.i = j;
        this.fail(j >= t.length ? 'unterminated string' : 'control character in a string');
      }
      j++;
    }
    for (;;) {
      const c = t.charCodeAt(j);
      if (c === 34) break;
      if (j >= t.length || (c < 32 && c !== 92)) {
        this.i = j;
        this.fail(j >= t.length ? 'unterminated string' : 'control character in a string');
      }
      j += c === 92 ? 2 : 1;
    }
    this.i = j + 1;
    try {
      return JSON.parse(t.slice(start - 1, j + 1)) as string;
    } catch {
      this.i = start;
      return this.fail('bad escape in a string');
    }
  }

  private number(): number {
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = this.i;
    const found = m.exec(this.text);
    if (!found) this.fail('bad number');
    this.i += found[0].length;
    return Number(found[0]);
  }
}

/**
 * Parses JSON text and keeps the lines of its objects, arrays and members.
 *
 * @param text - The JSON text (a leading byte-order mark is skipped).
 * @returns The value and its lines, or the syntax error with line and column.
 * @example
 * const r = parseJsonWithLines('{\n  "a": [1,\n 2]\n}');
 * r.ok && r.lines.of(r.value as object, 'a') //=> 2
 */
export function parseJsonWithLines(text: string): { ok: true; value: unknown; lines: JsonLines } | { ok: false; error: JsonSyntaxError } {
  const parser = new Parser(text);
  let value: unknown;
  try {
    value = parser.document();
  } catch (err) {
    if (err instanceof Error) throw err;
    return { ok: false, error: err as JsonSyntaxError };
  }
  const lines: JsonLines = {
    of(target: object, key?: string | number): number {
      const start = parser.starts.get(target) ?? 1;
      if (key === undefined) return start;
      const members = parser.members.get(target);
      const line = Array.isArray(members) ? members[key as number] : members?.get(String(key));
      return line ?? start;
    },
  };
  return { ok: true, value, lines };
}
