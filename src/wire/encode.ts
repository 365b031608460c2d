// Percent-encoding of path segments and query strings, exactly as the reference client sends them
// (docs/protocol.md#path-encoding, docs/protocol.md#query-encoding), and the lenient decoding the service applies to them.
import { ValidationError, ValueError } from '../exceptions';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const SUB_DELIMS = /[!'()*]/g;

function percentEncode(text: string): string {
  if (LONE_SURROGATE.test(text)) throw new ValueError(`Text is not valid Unicode: ${JSON.stringify(text)}`);
  return encodeURIComponent(text).replace(SUB_DELIMS, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Percent-encodes one path segment with no safe characters: only `A–Z a–z 0–9 _ . - ~` stay
 * literal, so `/` becomes `%2F`, a space `%20`, `>` `%3E` and `°` `%C2%B0` (UTF-8).
 *
 * @param text - The segment text, e.g. a curve name.
 * @returns The encoded segment.
 * @throws {ValueError} When the text holds a lone UTF-16 surrogate (not encodable as UTF-8).
 * @example
 * encodePathSegment('DE Wind MWh/h 15min Actual')
 * //=> 'DE%20Wind%20MWh%2Fh%2015min%20Actual'
 */
export function encodePathSegment(text: string): string {
  return percentEncode(text);
}

/**
 * Encodes one query-string key or value form-style (Python's `quote_plus`): a space becomes `+`,
 * every other character outside `A–Z a–z 0–9 _ . - ~` becomes `%XX` (UTF-8).
 *
 * @param text - The key or value.
 * @returns The encoded text.
 * @throws {ValueError} When the text holds a lone UTF-16 surrogate.
 * @example
 * encodeQueryComponent('2020-06-01 00:00:00+02:00')
 * //=> '2020-06-01+00%3A00%3A00%2B02%3A00'
 */
export function encodeQueryComponent(text: string): string {
  return percentEncode(text).replace(/%20/g, '+');
}

/** Wire names whose option is not simply their camelCase form. */
const OPTION_NAMES: Readonly<Record<string, string>> = Object.freeze({ timezone: 'timeZone', type: 'kind' });

/**
 * The client option that a wire parameter comes from: the camelCase of the wire name
 * (`hour-filter` is `hourFilter`), except `timezone` (`timeZone`) and the places' `type` (`kind`).
 *
 * @param wire - The wire name.
 * @returns The option name.
 * @example
 * optionName('issued-at-latest') //=> 'issuedAtLatest'
 */
export function optionName(wire: string): string {
  return OPTION_NAMES[wire] ?? wire.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** What {@link QueryBuilder.put} needs of a parameter descriptor (see `params.ts`). */
export interface EncodableParam<I> {
  /** The wire name. */
  readonly name: string;
  /** The texts to send for an input (`[]` to omit). */
  encode(input: I | null | undefined): string[];
}

/**
 * An ordered list of query parameters, serialised byte for byte like the reference client:
 * parameters in the order added, list values as repeated keys, nothing for absent values.
 *
 * @example
 * new QueryBuilder().add('tags', ['ec', 'gfs']).add('limit', ['10']).toString()
 * //=> 'tags=ec&tags=gfs&limit=10'
 */
export class QueryBuilder {
  private readonly pairs: Array<readonly [string, string]> = [];

  /**
   * Appends one occurrence of `name` per text (none for an empty array).
   *
   * @param name - The wire name.
   * @param texts - The already formatted values.
   * @returns This builder.
   * @example
   * new QueryBuilder().add('q', ['de wind']).toString()
   * //=> 'q=de+wind'
   */
  add(name: string, texts: readonly string[]): this {
    for (const text of texts) this.pairs.push([name, text]);
    return this;
  }

  /**
   * Encodes `input` with a parameter descriptor and appends the result under its wire name.
   *
   * @param param - The descriptor.
   * @param input - The caller's value (`null`/`undefined`: as the descriptor decides).
   * @returns This builder.
   * @throws {ValidationError} From the descriptor, naming the parameter by its wire name
   *   (`parameter`) and by the option the caller wrote (`option`, see {@link optionName}).
   * @example
   * new QueryBuilder().put(optionalParam('unit', STRING), 'GW').toString()
   * //=> 'unit=GW'
   */
  put<I>(param: EncodableParam<I>, input: I | null | undefined): this {
    let encoded: string[];
    try {
      encoded = param.encode(input);
    } catch (err) {
      if (err instanceof ValidationError && err.parameter !== undefined && err.option === err.parameter) {
        throw new ValidationError(err.reason, err.parameter, optionName(err.parameter));
      }
      throw err;
    }
    return this.add(param.name, encoded);
  }

  /**
   * The parameters added so far, in order.
   *
   * @returns `[name, text]` pairs (not encoded).
   * @example
   * new QueryBuilder().add('page', ['1']).entries()
   * //=> [['page', '1']]
   */
  entries(): ReadonlyArray<readonly [string, string]> {
    return this.pairs.slice();
  }

  /**
   * The encoded query string without the leading `?` (`''` when empty).
   *
   * @returns The query string.
   * @example
   * new QueryBuilder().add('unit', ['GWh/h']).toString()
   * //=> 'unit=GWh%2Fh'
   */
  toString(): string {
    return this.pairs.map(([k, v]) => `${encodeQueryComponent(k)}=${encodeQueryComponent(v)}`).join('&');
  }
}

const UTF8 = new TextDecoder('utf-8');

function percentDecode(text: string, plusIsSpace: boolean): string {
  const source = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  if (!source.includes('%')) return source;
  const bytes: number[] = [];
  let out = '';
  const flush = (): void => {
    if (bytes.length) out += UTF8.decode(Uint8Array.from(bytes));
    bytes.length = 0;
  };
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      flush();
      out += source[i];
    }
  }
  flush();
  return out;
}

/** `decodeURIComponent` refuses exactly what the check needs: a `%` without two hex digits, invalid UTF-8. */
function wellFormed(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a raw query string before the service reads it: every `%` starts an escape of two hex
 * digits and the escapes spell valid UTF-8. (The readers themselves stay lenient, as the
 * reference server, so the service checks once, up front.)
 *
 * @param text - The query after `?`, still percent-encoded.
 * @returns Nothing.
 * @throws {ValidationError} Naming the parameter whose name or value is malformed.
 * @example
 * assertWellFormedQuery('%ZZ=1')
 * //=> throws ValidationError("Malformed percent-encoding in the query: '%ZZ=1'", '%ZZ')
 */
export function assertWellFormedQuery(text: string): void {
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (wellFormed(key) && (eq < 0 || wellFormed(part.slice(eq + 1)))) continue;
    const name = wellFormed(key) ? percentDecode(key, true) : key;
    throw new ValidationError(`Malformed percent-encoding in the query: '${part.length > 80 ? `${part.slice(0, 80)}...` : part}'`, name);
  }
}

/**
 * Decodes one percent-encoded path segment (`+` stays a plus). Lenient like the reference
 * server: malformed `%` escapes stay literal and invalid UTF-8 becomes U+FFFD.
 *
 * @param segment - The raw segment, split from the path on literal `/` first.
 * @returns The decoded text.
 * @example
 * decodePathSegment('DE%20Wind%20MWh%2Fh')
 * //=> 'DE Wind MWh/h'
 */
export function decodePathSegment(segment: string): string {
  return percentDecode(segment, false);
}

/**
 * Splits a request path on literal `/` and decodes each segment, so a curve name holding `%2F`
 * stays one segment. Empty segments from the leading and trailing `/` are dropped.
 *
 * @param path - The path without the query, e.g. `/timeseries/A%2FB/`.
 * @returns The decoded segments.
 * @example
 * decodePath('/timeseries/DE%20Price%20EUR%2FMWh/')
 * //=> ['timeseries', 'DE Price EUR/MWh']
 */
export function decodePath(path: string): string[] {
  const parts = path.split('/');
  if (parts[0] === '') parts.shift();
  if (parts.length && parts[parts.length - 1] === '') parts.pop();
  return parts.map(decodePathSegment);
}

/** Input accepted by {@link QueryValues.from}: a raw query string, `URLSearchParams`, or a parsed object. */
export type QueryInput = string | URLSearchParams | QueryValues | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The decoded parameters of one request on the server: every value of every name, in order.
 *
 * @example
 * QueryValues.from('tags=ec&tags=gfs&unit=GWh%2Fh').getAll('tags')
 * //=> ['ec', 'gfs']
 */
export class QueryValues {
  private constructor(private readonly map: ReadonlyMap<string, readonly string[]>) {}

  /**
   * Builds the value map from any supported input. Strings are split on `&` and `=`, `+` is
   * a space, and percent escapes are decoded leniently; a leading `?` is ignored.
   *
   * @param input - Raw query string, `URLSearchParams`, a parsed record, or a `QueryValues`.
   * @returns The values.
   * @example
   * QueryValues.from('?q=de+wind').get('q')
   * //=> 'de wind'
   */
  static from(input: QueryInput): QueryValues {
    if (input instanceof QueryValues) return input;
    const map = new Map<string, string[]>();
    const put = (k: string, v: string): void => {
      const list = map.get(k);
      if (list) list.push(v);
      else map.set(k, [v]);
    };
    if (typeof input === 'string') {
      const text = input.startsWith('?') ? input.slice(1) : input;
      for (const part of text.split('&')) {
        if (part === '') continue;
        const eq = part.indexOf('=');
        const key = eq < 0 ? part : part.slice(0, eq);
        put(percentDecode(key, true), eq < 0 ? '' : percentDecode(part.slice(eq + 1), true));
      }
    } else if (input instanceof URLSearchParams) {
      input.forEach((v, k) => put(k, v));
    } else {
      for (const [k, v] of Object.entries(input)) {
        if (v === undefined) continue;
        for (const item of typeof v === 'string' ? [v] : v) put(k, item);
      }
    }
    return new QueryValues(map);
  }

  /**
   * All values of `name`, in order (`[]` when absent).
   *
   * @param name - The wire name.
   * @returns The values.
   * @example
   * QueryValues.from('a=1&a=2').getAll('a')
   * //=> ['1', '2']
   */
  getAll(name: string): readonly string[] {
    return this.map.get(name) ?? [];
  }

  /**
   * The last value of `name`, or `undefined` when absent.
   *
   * @param name - The wire name.
   * @returns The value.
   * @example
   * QueryValues.from('area=').get('area')
   * //=> ''
   */
  get(name: string): string | undefined {
    const all = this.getAll(name);
    return all.length ? all[all.length - 1] : undefined;
  }

  /**
   * The parameter names present, in first-seen order.
   *
   * @returns The names.
   * @example
   * QueryValues.from('b=1&a=2&b=3').names()
   * //=> ['b', 'a']
   */
  names(): string[] {
    return [...this.map.keys()];
  }
}
