/**
 * Checks an {@link ImportBatch} before anything is written, so that an invalid batch changes
 * nothing. Engine-neutral: references to records already stored are resolved through a
 * {@link BatchContext}.
 *
 * @module
 */
import { ValueError } from 'service/exceptions';
import { CurveType, DataType } from 'service/model';
import { Frequency, zoneByName } from 'service/time';
import type {
  CurveRecord,
  ImportBatch,
  InstanceRecord,
  KeyRecord,
  OhlcBlock,
  PeriodBlock,
  PlaceRecord,
  SeriesBlock,
  UserRecord,
} from './types';

/** What validation needs to know about the records already stored. */
export interface BatchContext {
  /** The stored curve with this name, if any. */
  curve(name: string): CurveRecord | undefined;
  /** Whether a place with this key is stored. */
  hasPlace(key: string): boolean;
  /** Whether a user with this id is stored. */
  hasUser(id: string): boolean;
}

const HASH = /^[0-9a-f]{64}$/;

function fail(what: string, reason: string): never {
  throw new ValueError(`Invalid import batch: ${what}: ${reason}`);
}

function text(value: unknown, what: string, field: string): void {
  if (typeof value !== 'string' || value.length === 0) fail(what, `${field} must be a non-empty string`);
}

function textOrNull(value: unknown, what: string, field: string): void {
  if (value !== null && typeof value !== 'string') fail(what, `${field} must be a string or null`);
}

function texts(value: unknown, what: string, field: string): void {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) fail(what, `${field} must be an array of strings`);
}

function numberOrNull(value: unknown, what: string, field: string): void {
  if (value !== null && !Number.isFinite(value)) fail(what, `${field} must be a finite number or null`);
}

function unique<T>(items: readonly T[] | undefined, keyOf: (item: T) => string, kind: string): void {
  const seen = new Set<string>();
  for (const item of items ?? []) {
    const key = keyOf(item);
    if (seen.has(key)) fail(kind, `duplicate ${key}`);
    seen.add(key);
  }
}

function record(value: unknown, what: string): void {
  if (value === null || typeof value !== 'object') fail(what, 'must be an object');
}

function knownZone(name: string): boolean {
  try {
    zoneByName(name);
    return true;
  } catch {
    return false;
  }
}

function checkCurve(c: CurveRecord): void {
  const what = `curve ${JSON.stringify(c?.name)}`;
  record(c, what);
  text(c.name, what, 'name');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is for control characters
  if (c.name !== c.name.trim() || /[\u0000-\u001f]/.test(c.name)) fail(what, 'name has surrounding blanks or control characters');
  if (!CurveType.isValidTag(c.curveType) || CurveType.byTag(c.curveType).tag !== c.curveType)
    fail(what, `unknown curveType ${c.curveType}`);
  if (!DataType.isValidTag(c.dataType) || DataType.byTag(c.dataType).tag !== c.dataType) fail(what, `unknown dataType ${c.dataType}`);
  if (typeof c.area !== 'string') fail(what, 'area must be a string ("" for none)');
  for (const f of ['frequency', 'timezone', 'unit', 'package'] as const) text(c[f], what, f);
  if (!Frequency.isValidTag(c.frequency) || Frequency.byTag(c.frequency).tag !== c.frequency)
    fail(what, `unknown frequency ${c.frequency}`);
  if (!knownZone(c.timezone)) fail(what, `unknown timezone ${c.timezone}`);
  if (c.instanceIssuedTimezone !== null && !knownZone(c.instanceIssuedTimezone))
    fail(what, `unknown instanceIssuedTimezone ${c.instanceIssuedTimezone}`);
  for (const f of ['areaSink', 'placeKey', 'denominator', 'source', 'commodity', 'instanceIssuedTimezone'] as const) {
    textOrNull(c[f], what, f);
  }
  texts(c.categories, what, 'categories');
}

function checkPlace(p: PlaceRecord, known: (key: string) => boolean): void {
  const what = `place ${JSON.stringify(p?.key)}`;
  record(p, what);
  text(p.key, what, 'key');
  text(p.kind, what, 'kind');
  text(p.name, what, 'name');
  textOrNull(p.unit, what, 'unit');
  texts(p.fuels, what, 'fuels');
  texts(p.areas, what, 'areas');
  numberOrNull(p.latitude, what, 'latitude');
  numberOrNull(p.longitude, what, 'longitude');
  textOrNull(p.parentKey, what, 'parentKey');
  if (p.parentKey !== null && (p.parentKey === p.key || !known(p.parentKey))) fail(what, `unknown parent ${p.parentKey}`);
}

function checkUser(u: UserRecord): void {
  const what = `user ${JSON.stringify(u?.id)}`;
  record(u, what);
  text(u.id, what, 'id');
  text(u.name, what, 'name');
  textOrNull(u.email, what, 'email');
  textOrNull(u.organization, what, 'organization');
  if (typeof u.blocked !== 'boolean') fail(what, 'blocked must be a boolean');
  if (!Array.isArray(u.subscriptions)) fail(what, 'subscriptions must be an array');
  for (const g of u.subscriptions) {
    text(g?.package, what, 'subscription package');
    text(g?.area, what, 'subscription area');
    if (g.package.includes(':')) fail(what, 'subscription package must not contain ":"');
  }
}

function checkKey(k: KeyRecord, knownUser: (id: string) => boolean): void {
  const what = 'key';
  record(k, what);
  if (typeof k.hash !== 'string' || !HASH.test(k.hash)) fail(what, 'hash must be 64 lower-case hex digits (SHA-256)');
  if (typeof k.userId !== 'string' || !knownUser(k.userId)) fail(what, `unknown user ${JSON.stringify(k.userId)}`);
  if (typeof k.label !== 'string') fail(what, 'label must be a string');
  if (!Number.isFinite(k.created)) fail(what, 'created must be a finite number');
  if (typeof k.blocked !== 'boolean') fail(what, 'blocked must be a boolean');
}

function checkInstance(i: InstanceRecord, curveOf: (name: string) => CurveRecord | undefined): void {
  const what = `instance of ${JSON.stringify(i?.curve)}`;
  record(i, what);
  const curve = curveOf(i.curve);
  if (!curve) fail(what, 'unknown curve');
  if (!CurveType.byTag(curve.curveType).hasInstances) fail(what, `curve type ${curve.curveType} has no instances`);
  if (!Number.isFinite(i.issued)) fail(what, 'issued must be a finite number');
  if (typeof i.tag !== 'string') fail(what, 'tag must be a string');
  numberOrNull(i.created, what, 'created');
  numberOrNull(i.modified, what, 'modified');
  texts(i.scenarioNames, what, 'scenarioNames');
}

function checkTarget(
  block: { curve: string; issued: number | null; tag: string | null },
  kinds: readonly string[],
  curveOf: (name: string) => CurveRecord | undefined,
  what: string,
): void {
  const curve = curveOf(block.curve);
  if (!curve) fail(what, 'unknown curve');
  if (!kinds.includes(curve.curveType)) fail(what, `curve type ${curve.curveType} does not take this block`);
  const hasInstances = CurveType.byTag(curve.curveType).hasInstances;
  if (hasInstances && (block.issued === null || !Number.isFinite(block.issued) || typeof block.tag !== 'string')) {
    fail(what, 'an instance curve needs issued and tag');
  }
  if (!hasInstances && block.issued !== null) fail(what, 'issued is only for instance curves');
}

function increasing(values: Float64Array, what: string, field: string): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) fail(what, `${field}[${i}] is not finite`);
    if (i > 0 && values[i]! <= values[i - 1]!) fail(what, `${field} must strictly increase (index ${i})`);
  }
}

function column(values: unknown, length: number, what: string, field: string): void {
  if (!(values instanceof Float64Array) || values.length !== length) fail(what, `${field} must be a Float64Array of length ${length}`);
}

function checkSeries(s: SeriesBlock, curveOf: (name: string) => CurveRecord | undefined, timesChecked: WeakSet<Float64Array>): void {
  const what = `series of ${JSON.stringify(s?.curve)}`;
  record(s, what);
  checkTarget(s, ['TIMESERIES', 'SCENARIO_TIMESERIES', 'INSTANCE'], curveOf, what);
  if (!(s.times instanceof Float64Array)) fail(what, 'times must be a Float64Array');
  // the series of a wide source file share one column of times: it is checked once
  if (!timesChecked.has(s.times)) {
    increasing(s.times, what, 'times');
    // the stores keep series times as whole epoch ms (docs/performance.md#times)
    for (let i = 0; i < s.times.length; i++)
      if (!Number.isInteger(s.times[i])) fail(what, `times[${i}] must be a whole number of milliseconds`);
    timesChecked.add(s.times);
  }
  if (s.values !== null) column(s.values, s.times.length, what, 'values');
  if (!Array.isArray(s.scenarios) || !Array.isArray(s.scenarioNames)) fail(what, 'scenarios and scenarioNames must be arrays');
  if (s.scenarios.length !== s.scenarioNames.length) fail(what, 'one name per scenario');
  s.scenarios.forEach((col, k) => column(col, s.times.length, what, `scenarios[${k}]`));
  texts(s.scenarioNames, what, 'scenarioNames');
  if (new Set(s.scenarioNames).size !== s.scenarioNames.length) fail(what, 'scenario names must be unique');
  if (s.values === null && s.scenarios.length === 0) fail(what, 'no values and no scenarios');
}

function checkPeriods(p: PeriodBlock, curveOf: (name: string) => CurveRecord | undefined): void {
  const what = `periods of ${JSON.stringify(p?.curve)}`;
  record(p, what);
  checkTarget(p, ['PERIOD', 'INSTANCE_PERIOD'], curveOf, what);
  if (!(p.begins instanceof Float64Array)) fail(what, 'begins must be a Float64Array');
  const n = p.begins.length;
  column(p.ends, n, what, 'ends');
  column(p.values, n, what, 'values');
  if (p.capacities !== null) column(p.capacities, n, what, 'capacities');
  increasing(p.begins, what, 'begins');
  for (let i = 0; i < n; i++) {
    if (!(p.ends[i]! > p.begins[i]!)) fail(what, `period ${i} must end after it begins`);
    if (i + 1 < n && p.ends[i]! > p.begins[i + 1]!) fail(what, `periods ${i} and ${i + 1} overlap`);
  }
}

function checkOhlc(o: OhlcBlock, curveOf: (name: string) => CurveRecord | undefined): void {
  const what = `OHLC of ${JSON.stringify(o?.curve)}`;
  record(o, what);
  checkTarget({ curve: o.curve, issued: null, tag: null }, ['OHLC'], curveOf, what);
  if (!(o.traded instanceof Float64Array)) fail(what, 'traded must be a Float64Array');
  const n = o.traded.length;
  if (!Array.isArray(o.period) || o.period.length !== n) fail(what, `period must be an array of length ${n}`);
  for (const f of ['delivery', 'open', 'high', 'low', 'close', 'settlement', 'volume', 'openInterest'] as const) column(o[f], n, what, f);
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(o.traded[i]) || !Number.isFinite(o.delivery[i])) fail(what, `row ${i}: traded and delivery must be finite`);
    if (typeof o.period[i] !== 'string' || o.period[i]!.length === 0) fail(what, `row ${i}: period must be a non-empty string`);
    const key = `${o.traded[i]}|${o.period[i]!.toLowerCase()}|${o.delivery[i]}`;
    if (seen.has(key)) fail(what, `row ${i} repeats a contract of the same trading day`);
    seen.add(key);
  }
}

/**
 * Validates a whole batch: field types, wire tags, references (curves, places, users, parents)
 * against the batch itself and the stored records, block shapes (equal column lengths, strictly
 * increasing times, non-overlapping periods) and duplicates inside the batch. References to
 * stored instances are checked by the engine when it resolves them.
 *
 * @param batch - The batch to check.
 * @param context - The records already stored.
 * @returns Nothing; returns normally when the batch may be written.
 * @throws ValueError naming the first problem found.
 * @example
 * validateBatch({ curves: [{ ...curve, curveType: 'SERIES' }] }, context)
 * //=> throws ValueError('Invalid import batch: curve "..." : unknown curveType SERIES')
 */
export function validateBatch(batch: ImportBatch, context: BatchContext): void {
  record(batch, 'batch');
  const parts = ['curves', 'places', 'users', 'keys', 'instances', 'series', 'periods', 'ohlc'] as const;
  for (const part of parts) {
    const items: unknown = batch[part];
    if (items === undefined) continue;
    if (!Array.isArray(items)) fail(part, 'must be an array');
    items.forEach((item, k) => record(item, `${part}[${k}]`));
  }
  const curves = new Map<string, CurveRecord>();
  for (const c of batch.curves ?? []) {
    checkCurve(c);
    curves.set(c.name, c);
  }
  unique(batch.curves, (c) => c.name, 'curves');
  const curveOf = (name: string) => curves.get(name) ?? context.curve(name);

  const placeKeys = new Set((batch.places ?? []).map((p) => p.key));
  unique(batch.places, (p) => String(p.key), 'places');
  for (const p of batch.places ?? []) checkPlace(p, (key) => placeKeys.has(key) || context.hasPlace(key));
  for (const c of batch.curves ?? []) {
    if (c.placeKey !== null && !placeKeys.has(c.placeKey) && !context.hasPlace(c.placeKey)) {
      fail(`curve ${JSON.stringify(c.name)}`, `unknown place ${c.placeKey}`);
    }
  }

  for (const u of batch.users ?? []) checkUser(u);
  unique(batch.users, (u) => u.id, 'users');
  const userIds = new Set((batch.users ?? []).map((u) => u.id));
  for (const k of batch.keys ?? []) checkKey(k, (id) => userIds.has(id) || context.hasUser(id));
  unique(batch.keys, (k) => k.hash, 'keys');

  for (const i of batch.instances ?? []) checkInstance(i, curveOf);
  unique(batch.instances, (i) => `${i.curve}|${i.issued}|${i.tag.toLowerCase()}`, 'instances');
  const timesChecked = new WeakSet<Float64Array>();
  for (const s of batch.series ?? []) checkSeries(s, curveOf, timesChecked);
  for (const p of batch.periods ?? []) checkPeriods(p, curveOf);
  for (const o of batch.ohlc ?? []) checkOhlc(o, curveOf);
}
