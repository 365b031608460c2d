/**
 * Turns the documents read from import files into one store batch: curve definitions are
 * created or checked against the stored curves, then every block is checked against its curve.
 * Nothing is written here; every problem is collected with its file, line and field.
 *
 * @module
 */
import type { CurveRecord, ImportBatch, Store } from '../store';
import { BuildContext } from './build-context';
import { buildOhlc, buildPeriods } from './build-periods';
import { buildSeries } from './build-series';
import { checkAgainstStored, curveFromDefinition, sameCurve } from '#wire';
import type { ProblemList } from '#wire';
import type { RawCurve, RawDocument } from './raw-document';

/** A batch ready for `store.importBatch`, with what it holds per file. */
export interface BuiltBatch {
  /** The batch (empty parts left out). */
  batch: ImportBatch;
  /** Names of the curves the import creates. */
  newCurves: string[];
}

async function resolveCurves(
  docs: readonly RawDocument[],
  store: Store,
  problems: ProblemList,
): Promise<{ curves: Map<string, CurveRecord>; created: CurveRecord[] }> {
  const curves = new Map<string, CurveRecord>();
  const defined = new Map<string, { raw: RawCurve; record: CurveRecord }>();
  const created: CurveRecord[] = [];
  for (const raw of docs.flatMap((d) => d.curves)) {
    const record = curveFromDefinition(raw, problems);
    if (record === null) continue;
    const earlier = defined.get(record.name);
    if (earlier) {
      if (!sameCurve(earlier.record, record)) {
        problems.add(
          raw.at,
          'name',
          `curve ${JSON.stringify(record.name)} is defined differently at ${earlier.raw.at.file}:${earlier.raw.at.line}`,
        );
      }
      continue;
    }
    defined.set(record.name, { raw, record });
    const stored = await store.getCurve(record.name);
    if (stored !== null) {
      checkAgainstStored(raw, record, stored, problems);
      curves.set(record.name, stored);
      continue;
    }
    if (record.placeKey !== null && (await store.getPlace(record.placeKey)) === null) {
      problems.add(
        { file: raw.at.file, line: raw.lines.place_key ?? raw.at.line },
        'place_key',
        `unknown place ${JSON.stringify(record.placeKey)}`,
      );
      continue;
    }
    curves.set(record.name, record);
    created.push(record);
  }
  const named = new Set<string>();
  for (const d of docs) for (const b of [...d.series, ...d.periods, ...d.ohlc]) named.add(b.curve);
  for (const name of named) {
    if (curves.has(name) || defined.has(name)) continue;
    const stored = await store.getCurve(name);
    if (stored !== null) curves.set(name, stored);
  }
  return { curves, created };
}

/**
 * Builds the store batch of an import.
 *
 * @param docs - The documents read from the files, in order.
 * @param store - The store (for stored curves, places and instances).
 * @param problems - Receives every problem found.
 * @param now - Epoch ms stamped on new and modified instances.
 * @returns The batch (meaningful only when no problem was added).
 * @example
 * const problems = new ProblemList();
 * const { batch } = await buildImportBatch([readCsv('wind.csv', text, problems)], store, problems, Date.now());
 * problems.throwIfAny();
 * await store.importBatch(batch);
 */
export async function buildImportBatch(
  docs: readonly RawDocument[],
  store: Store,
  problems: ProblemList,
  now: number,
): Promise<BuiltBatch> {
  const { curves, created } = await resolveCurves(docs, store, problems);
  const ctx = new BuildContext(curves, store, problems, now);
  const batch: ImportBatch = {};
  const series = [];
  const periods = [];
  const ohlc = [];
  for (const doc of docs) {
    for (const raw of doc.series) {
      const block = await buildSeries(raw, ctx);
      if (block) series.push(block);
    }
    for (const raw of doc.periods) {
      const block = await buildPeriods(raw, ctx);
      if (block) periods.push(block);
    }
    for (const raw of doc.ohlc) {
      const block = await buildOhlc(raw, ctx);
      if (block) ohlc.push(block);
    }
  }
  if (created.length) batch.curves = created;
  if (ctx.instances.size) batch.instances = [...ctx.instances.values()];
  if (series.length) batch.series = series;
  if (periods.length) batch.periods = periods;
  if (ohlc.length) batch.ohlc = ohlc;
  return { batch, newCurves: created.map((c) => c.name) };
}
