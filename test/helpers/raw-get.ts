/**
 * A plain HTTP GET for tests that look at an answer's bytes and headers as they arrive (no
 * client in between): status, headers and the whole body; rejects when the answer is cut
 * (connection error or aborted response).
 *
 *   const answer = await rawGet(`${svc.apiUrl}/timeseries/X/?begin=...`, { 'x-api-key': svc.apiKey });
 */
import * as http from 'node:http';

/** An answer as received. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GETs a URL.
 *
 * @param url - The URL.
 * @param headers - The request headers.
 * @returns The answer.
 */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('aborted')));
      })
      .on('error', reject);
  });
}

/**
 * GETs a URL and leaves after the first chunk of the body (a client going away mid-answer).
 *
 * @param url - The URL.
 * @param headers - The request headers.
 * @returns Nothing, once the first chunk came and the connection was cut.
 * @throws Error when no chunk comes within 10 s.
 */
export function leaveAfterFirstChunk(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', () => undefined);
    setTimeout(() => reject(new Error('no first chunk')), 10_000).unref();
  });
}
