/**
 * Reads a JSON import file (docs/import-formats.md): one object with any of `curves` (curve
 * objects, docs/protocol.md#curve-json), `timeseries` (docs/protocol.md#timeseries-json), `periodseries`
 * (docs/protocol.md#periodseries-json) and `ohlc` (OHLC lists, docs/protocol.md#ohlc-json). A response of the
 * service can be imported as it was saved; a series' `curve` may be a full curve object (which
 * is then created or checked) or just the curve's name.
 *
 * @module
 */
import type { ProblemList, SourceLine } from '#wire';
import { parseJsonWithLines, type JsonLines } from './json-lines';
import { emptyDocument, OHLC_FIELDS, type RawDocument, type RawInstance, type RawOhlcRow } from './raw-document';

type Obj = Record<string, unknown>;

const TOP_KEYS = ['curves', 'timeseries', 'periodseries', 'ohlc'];
const SERIES_KEYS = ['curve', 'resolution', 'instance', 'contract', 'scenario_names', 'unit', 'denominator', 'data'];
const PERIOD_KEYS = ['curve', 'resolution', 'instance', 'unit', 'denominator', 'data'];
const OHLC_KEYS = ['curve', 'unit', 'denominator', 'data'];

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

class JsonReader {
  constructor(
    readonly file: string,
    readonly lines: JsonLines,
    readonly problems: ProblemList,
    readonly doc: RawDocument,
  ) {}

  at(value: object, key?: string | number): SourceLine {
    return { file: this.file, line: this.lines.of(value, key) };
  }

  add(value: object, key: string | number | undefined, field: string | null, message: string): void {
    this.problems.add(this.at(value, key), field, message);
  }

  /** Records a problem with one value and stands NaN in for it. */
  invalid(value: object, key: string | number | undefined, field: string | null, message: string): number {
    this.add(value, key, field, message);
    return Number.NaN;
  }

  keys(obj: Obj, known: readonly string[], what: string): void {
    for (const k of Object.keys(obj)) if (!known.includes(k)) this.add(obj, k, k, `unknown member of ${what}`);
  }

  list(obj: Obj, key: string, what: string): unknown[] | null {
    const v = obj[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      this.add(obj, key, key, `expected a list of ${what}`);
      return null;
    }
    return v;
  }

  num(obj: Obj, key: string, field: string): number {
    const v = obj[key];
    if (v === undefined || v === null) return Number.NaN;
    if (typeof v !== 'number') {
      this.add(obj, key, field, `expected a number or null, got ${JSON.stringify(v)}`);
      return Number.NaN;
    }
    return v;
  }

  text(obj: Obj, key: string, field: string, required = true): string | null {
    const v = obj[key];
    if ((v === undefined || v === null) && !required) return null;
    if (typeof v !== 'string') {
      this.add(obj, key, field, `expected a string, got ${JSON.stringify(v ?? null)}`);
      return null;
    }
    return v;
  }

  /** The curve name of a series object; a curve object is also a definition. */
  curve(obj: Obj, what: string): string | null {
    const c = obj.curve;
    if (typeof c === 'string' && c.trim() !== '') return c.trim();
    if (isObj(c)) {
      this.curveDefinition(c);
      const name = c.name;
      if (typeof name === 'string' && name.trim() !== '') return name.trim();
      this.add(c, 'name', 'curve.name', 'the curve has no name');
      return null;
    }
    this.add(obj, 'curve', 'curve', `${what} needs its curve: a curve object or the curve's name`);
    return null;
  }

  curveDefinition(c: Obj): void {
    const fields: Record<string, unknown> = { ...c };
    const lines: Record<string, number> = {};
    for (const k of Object.keys(c)) lines[k] = this.lines.of(c, k);
    const resolution = c.resolution;
    if (isObj(resolution)) {
      fields.frequency = resolution.frequency;
      fields.timezone = resolution.timezone;
      lines.frequency = this.lines.of(resolution, 'frequency');
      lines.timezone = this.lines.of(resolution, 'timezone');
    }
    delete fields.resolution;
    const place = c.place;
    if (isObj(place)) fields.place_key = place.key;
    delete fields.place;
    delete fields.subscription;
    this.doc.curves.push({ at: this.at(c), fields, lines });
  }

  instance(obj: Obj): RawInstance | null {
    const inst = obj.instance;
    if (inst === undefined || inst === null) return null;
    if (!isObj(inst)) {
      this.add(obj, 'instance', 'instance', 'expected an instance object');
      return null;
    }
    const issued = this.text(inst, 'issued', 'instance.issued');
    const tag = inst.tag === undefined || inst.tag === null ? '' : this.text(inst, 'tag', 'instance.tag');
    const created = this.text(inst, 'created', 'instance.created', false);
    return issued === null || tag === null ? null : { issued, tag, created };
  }

  resolution(obj: Obj): { frequency: string; timezone: string } | null {
    const r = obj.resolution;
    if (r === undefined || r === null) return null;
    if (!isObj(r) || typeof r.frequency !== 'string' || typeof r.timezone !== 'string') {
      this.add(obj, 'resolution', 'resolution', 'expected {"frequency": ..., "timezone": ...}');
      return null;
    }
    return { frequency: r.frequency, timezone: r.timezone };
  }

  series(s: Obj): void {
    this.keys(s, SERIES_KEYS, 'a timeseries object');
    const curve = this.curve(s, 'a timeseries object');
    const data = this.list(s, 'data', 'data items');
    const names = this.list(s, 'scenario_names', 'scenario names');
    if (curve === null || data === null || names === null) return;
    if (names.some((n) => typeof n !== 'string')) this.add(s, 'scenario_names', 'scenario_names', 'expected a list of strings');
    const first = data.find(isObj);
    const hasValue = first === undefined || 'v' in first;
    const width = first !== undefined && Array.isArray(first.s) ? first.s.length : 0;
    const scenarioNames = names.length ? (names as string[]) : Array.from({ length: width }, (_, k) => `e${String(k).padStart(2, '0')}`);
    const points = data.map((item, k) => {
      const line = this.lines.of(data, k);
      if (!isObj(item)) {
        this.problems.add({ file: this.file, line }, `data[${k}]`, 'expected a data item {"d": ..., "v": ...}');
        return null;
      }
      this.keys(item, ['d', 'v', 's'], 'a data item');
      const date = this.text(item, 'd', 'd') ?? '';
      let scenarios: number[] = [];
      if (scenarioNames.length) {
        const s = item.s;
        if (!Array.isArray(s) || s.length !== scenarioNames.length) {
          this.add(item, 's', 's', `expected ${scenarioNames.length} scenario values`);
        } else {
          scenarios = s.map((v, j) =>
            typeof v === 'number'
              ? v
              : v === null
                ? Number.NaN
                : this.invalid(s, j, 's', `expected a number or null, got ${JSON.stringify(v)}`),
          );
        }
      } else if (item.s !== undefined) {
        this.add(item, 's', 's', 'scenario values in a series without scenarios (the first data item has none)');
      }
      return { line, date, value: hasValue ? this.num(item, 'v', 'v') : Number.NaN, scenarios };
    });
    this.doc.series.push({
      at: this.at(s),
      curve,
      instance: this.instance(s),
      hasValue,
      scenarioNames,
      resolution: this.resolution(s),
      points: points.filter((p) => p !== null),
    });
  }

  periods(p: Obj): void {
    this.keys(p, PERIOD_KEYS, 'a periodseries object');
    const curve = this.curve(p, 'a periodseries object');
    const data = this.list(p, 'data', 'data items');
    if (curve === null || data === null) return;
    const first = data.find(isObj);
    const hasCapacity = first !== undefined && 'capacity' in first;
    const periods = data.map((item, k) => {
      const line = this.lines.of(data, k);
      if (!isObj(item)) {
        this.problems.add({ file: this.file, line }, `data[${k}]`, 'expected a period {"begin": ..., "end": ..., "v": ...}');
        return null;
      }
      this.keys(item, ['begin', 'end', 'v', 'capacity'], 'a period');
      return {
        line,
        begin: this.text(item, 'begin', 'begin') ?? '',
        end: this.text(item, 'end', 'end') ?? '',
        value: this.num(item, 'v', 'v'),
        capacity: this.num(item, 'capacity', 'capacity'),
      };
    });
    this.doc.periods.push({ at: this.at(p), curve, instance: this.instance(p), hasCapacity, periods: periods.filter((x) => x !== null) });
  }

  ohlc(o: Obj): void {
    this.keys(o, OHLC_KEYS, 'an OHLC list');
    const curve = this.curve(o, 'an OHLC list');
    const data = this.list(o, 'data', 'OHLC rows');
    if (curve === null || data === null) return;
    const rows: RawOhlcRow[] = [];
    data.forEach((item, k) => {
      const line = this.lines.of(data, k);
      const product = isObj(item) ? item.product : undefined;
      if (!isObj(item) || !isObj(product)) {
        this.problems.add({ file: this.file, line }, `data[${k}]`, 'expected an OHLC row with a product');
        return;
      }
      this.keys(item, ['product', ...Object.keys(OHLC_FIELDS)], 'an OHLC row');
      const row = {
        line,
        traded: this.text(product, 'traded_at', 'product.traded_at') ?? '',
        period: this.text(product, 'period', 'product.period') ?? '',
        delivery: this.text(product, 'delivery', 'product.delivery') ?? '',
      } as RawOhlcRow;
      for (const [key, field] of Object.entries(OHLC_FIELDS)) row[field] = this.num(item, key, key);
      rows.push(row);
    });
    this.doc.ohlc.push({ at: this.at(o), curve, rows });
  }
}

/**
 * Reads a JSON import file.
 *
 * @param file - The file name (for messages).
 * @param text - Its text.
 * @param problems - Receives the problems found.
 * @returns The file's records.
 * @example
 * readJson('a.json', '{"timeseries": [{"curve": "X", "data": [{"d": "2024-01-01", "v": 1}]}]}', problems).series[0].points[0].value
 * //=> 1
 */
export function readJson(file: string, text: string, problems: ProblemList): RawDocument {
  const doc = emptyDocument(file);
  const parsed = parseJsonWithLines(text);
  if (!parsed.ok) {
    problems.add({ file, line: parsed.error.line }, null, `JSON syntax, column ${parsed.error.column}: ${parsed.error.message}`);
    return doc;
  }
  const top = parsed.value;
  if (!isObj(top)) {
    problems.add({ file, line: 1 }, null, 'expected a JSON object with "curves", "timeseries", "periodseries" or "ohlc"');
    return doc;
  }
  const reader = new JsonReader(file, parsed.lines, problems, doc);
  reader.keys(top, TOP_KEYS, 'the import file');
  const each = (key: string, what: string, read: (o: Obj) => void) => {
    const items = reader.list(top, key, what) ?? [];
    items.forEach((item, k) =>
      isObj(item) ? read(item) : problems.add({ file, line: parsed.lines.of(items, k) }, `${key}[${k}]`, `expected ${what}`),
    );
  };
  each('curves', 'curve objects', (c) => reader.curveDefinition(c));
  each('timeseries', 'timeseries objects', (s) => reader.series(s));
  each('periodseries', 'periodseries objects', (p) => reader.periods(p));
  each('ohlc', 'OHLC lists', (o) => reader.ohlc(o));
  return doc;
}
