// User code against the packed declarations of `service`, `service/exceptions` and `service/plot`.
// Compiled (never run) by test/package/load-modes.test.ts with tsconfig.node10.json and
// tsconfig.nodenext.json. Each @ts-expect-error proves a type is real: were it `any`, the
// directive would be unused and the compile would fail.
import { CET, Frequency, Resolution, ServiceClient, Timeseries, toTable } from 'service';
import { ImportError, ValidationError } from 'service/exceptions';
import { lineChart, type Chart } from 'service/plot';

export async function report(apiKey: string): Promise<string> {
  const client = new ServiceClient({ apiKey, timeout: 30 });
  const ts: Timeseries = await client.timeseries.load('DE Wind Power Production MWh/h 15min Actual', {
    begin: '2024-03-25',
    end: '2024-04-01',
    frequency: Frequency.P1D,
  });
  const columns: string[] = toTable(ts, { singleLevelHeader: true }).columnNames();
  const rows: number = ts.toTable().numRows();
  const chart: Chart = lineChart(ts, { title: columns.join(', ') });
  return `${rows}: ${(await chart.toSVG()).length}`;
}

export function firstDate(ts: Timeseries): string | null {
  const first = ts.at(0);
  if (first === undefined) return null;
  // Dates are luxon DateTimes, typed by the declarations the package brings (no `any`).
  // @ts-expect-error -- a DateTime is not a number
  const wrong: number = first.date;
  void wrong;
  return first.date.setZone('UTC').toISO();
}

export function describe(err: unknown): string {
  if (err instanceof ValidationError) return `${err.parameter ?? ''}: ${err.reason}`;
  if (err instanceof ImportError) return err.message;
  return String(err);
}

export const hourly = new Resolution(Frequency.PT1H, CET);
// @ts-expect-error -- load needs begin and end
export const missing = (c: ServiceClient) => c.timeseries.load('X', {});
