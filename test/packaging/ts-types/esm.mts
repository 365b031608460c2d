// The same declarations seen from an ES module (nodenext resolution, import condition).
import { Frequency, ServiceClient, type Timeseries } from 'service';
import { ValidationError } from 'service/exceptions';
import { lineChart } from 'service/plot';

export async function svgOf(client: ServiceClient): Promise<string> {
  const ts: Timeseries = await client.timeseries.load('X', { begin: '2024-01-01', end: '2024-01-02', frequency: Frequency.PT1H });
  return await lineChart(ts).toSVG();
}

export const isValidation = (err: unknown): boolean => err instanceof ValidationError;
