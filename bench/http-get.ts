/**
 * One keep-alive `GET` of a benchmark's service answer, with the API key: its body bytes (or only
 * their count), or an error for any status but 200.
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
 * @param headers - More request headers (`Accept`, ...).
 * @returns The body bytes.
 */
export function getBody(agent: http.Agent, url: string, key: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { ...headers, 'X-API-Key': key } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`HTTP ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Fetches an answer and counts its bytes as they arrive, keeping none (no copy, little garbage
 * in the timing process).
 *
 * @param agent - The keep-alive agent (one connection, as a client's).
 * @param url - The address on 127.0.0.1.
 * @param key - The API key.
 * @param headers - More request headers (`Accept`, ...).
 * @returns The number of body bytes.
 */
export function countBody(agent: http.Agent, url: string, key: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { ...headers, 'X-API-Key': key } }, (res) => {
        let bytes = 0;
        let text = '';
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (res.statusCode !== 200) text += chunk.toString();
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: HTTP ${res.statusCode} ${text}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
