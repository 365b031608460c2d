/**
 * One keep-alive `GET` of a benchmark's service answer, with the API key: its body bytes (or only
 * their count), or an error for any status but 200.
 *
 * @module
 */
import * as http from 'node:http';

/**
 * Fetches an answer, handing each body chunk of a 200 answer to `take`; any other status is an
 * error with the body's text.
 */
function fetchAnswer<T>(
  agent: http.Agent,
  url: string,
  key: string,
  headers: Record<string, string>,
  take: (chunk: Buffer) => void,
  done: () => T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { ...headers, 'X-API-Key': key } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          if (res.statusCode === 200) take(chunk);
          else text += chunk.toString();
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(done()) : reject(new Error(`${url}: HTTP ${res.statusCode} ${text}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

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
  const chunks: Buffer[] = [];
  return fetchAnswer(
    agent,
    url,
    key,
    headers,
    (chunk) => chunks.push(chunk),
    () => Buffer.concat(chunks),
  );
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
  let bytes = 0;
  return fetchAnswer(
    agent,
    url,
    key,
    headers,
    (chunk) => {
      bytes += chunk.length;
    },
    () => bytes,
  );
}
