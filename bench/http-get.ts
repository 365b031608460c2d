/**
 * One keep-alive `GET` of a benchmark's service answer, with the API key: its body bytes, or an
 * error for any status but 200.
 *
 * @module
 */
import * as http from 'node:http';

/**
 * Fetches an answer's body.
 *
 * @param agent - The keep-alive agent (one connection, as a client's).
 * @param url - The address on 127.0.0.1.
 * @param key - The API key.
 * @returns The body bytes.
 */
export function getBody(agent: http.Agent, url: string, key: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'X-API-Key': key } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`HTTP ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
