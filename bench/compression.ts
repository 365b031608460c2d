/**
 * Compression of the service's answers (issue 15): the one-year 15-minute load (35,040 values,
 * 1.6 MB of JSON) and one 51-member ensemble instance, at each encoding.
 *
 *   node --import tsx bench/compression.ts [--runs 9]
 *
 * Part 1, levels: for gzip 1-9 and brotli quality 1-6 (zstd too when this Node has it), the
 * compressed bytes and the median time to compress and to decompress the body in-process. The
 * service's defaults were chosen from this table.
 * Part 2, over HTTP: the same one-year load from the service on 127.0.0.1 with `Accept-Encoding`
 * identity, gzip and br: bytes on the wire and the median time of request + download + decode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import * as zlib from 'node:zlib';
import { Timeseries } from '../src/model';
import { createApp } from '../server/src/http/app';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { ENCODINGS } from '../server/src/http/compress';
import { DuckDbStore } from '../server/src/store';
import { CET, Frequency, Resolution } from '../src/time';
import { timeseriesBytes } from '../src/wire';
import { benchCurve } from './bench-curve';
import { medianMs } from './median-time';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 9);
const NAME = 'DE Bench Wind Power Production MWh/h 15min Actual';
const BEGIN = Date.UTC(2022, 11, 31, 23);
const END = Date.UTC(2023, 11, 31, 23);
const Q = 900_000;
const wave = (i: number, m = 0) => Math.round((20_000 + 15_000 * Math.sin(i / 700 + m / 9) + (i % 97) * 13.7 + m * 11.3) * 100) / 100;

function bodies(): { label: string; body: Buffer }[] {
  const n = (END - BEGIN) / Q;
  const year = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times: Float64Array.from({ length: n }, (_, i) => BEGIN + i * Q),
    values: Float64Array.from({ length: n }, (_, i) => wave(i)),
  });
  const steps = 1440;
  const ensemble = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times: Float64Array.from({ length: steps }, (_, i) => BEGIN + i * Q),
    values: Float64Array.from({ length: steps }, (_, i) => wave(i, 25)),
    scenarios: Array.from({ length: 51 }, (_, m) => Float64Array.from({ length: steps }, (_, i) => wave(i, m))),
  });
  return [
    { label: 'one year 15 min', body: Buffer.from(timeseriesBytes(year)) },
    { label: 'ensemble 1,440 x 52', body: Buffer.from(timeseriesBytes(ensemble)) },
  ];
}

function levels(): void {
  const zstd = zlib as unknown as { zstdCompressSync?: (b: Buffer, o: object) => Buffer; zstdDecompressSync?: (b: Buffer) => Buffer };
  for (const { label, body } of bodies()) {
    console.log(`\n${label}: ${body.length.toLocaleString('en')} bytes of JSON`);
    console.log(
      `${'encoding'.padEnd(14)}${'bytes'.padStart(10)}${'ratio'.padStart(8)}${'compress ms'.padStart(13)}${'decompress ms'.padStart(15)}`,
    );
    const row = (name: string, compress: () => Buffer, decompress: (b: Buffer) => Buffer) => {
      const out = compress();
      if (!decompress(out).equals(body)) throw new Error(`${name}: round trip failed`);
      const c = medianMs(compress, RUNS, 50);
      const d = medianMs(() => decompress(out), RUNS, 50);
      console.log(
        `${name.padEnd(14)}${out.length.toLocaleString('en').padStart(10)}${(body.length / out.length).toFixed(1).padStart(7)}x${c.toFixed(2).padStart(13)}${d.toFixed(2).padStart(15)}`,
      );
    };
    for (const level of [1, 3, 6, 9])
      row(
        `gzip ${level}`,
        () => zlib.gzipSync(body, { level }),
        (b) => zlib.gunzipSync(b),
      );
    for (const quality of [1, 3, 4, 5, 6]) {
      row(
        `br ${quality}`,
        () =>
          zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          }),
        (b) => zlib.brotliDecompressSync(b),
      );
    }
    if (typeof zstd.zstdCompressSync === 'function' && typeof zstd.zstdDecompressSync === 'function') {
      for (const level of [1, 3, 6])
        row(
          `zstd ${level}`,
          () => (zstd.zstdCompressSync as (b: Buffer, o: object) => Buffer)(body, { params: { 100: level } }),
          (b) => (zstd.zstdDecompressSync as (b: Buffer) => Buffer)(b),
        );
    } else console.log('zstd: not available in this Node (zlib.zstdCompress is missing)');
  }
}

function fetch(url: string, key: string, encoding: string, agent: http.Agent): Promise<{ wire: number; body: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'x-api-key': key, 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const ce = res.headers['content-encoding'];
          const body = ce === 'gzip' ? zlib.gunzipSync(raw) : ce === 'br' ? zlib.brotliDecompressSync(raw) : raw;
          JSON.parse(body.toString('utf8'));
          resolve({ wire: raw.length, body: body.length });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function overHttp(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-compression-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  const n = (END - BEGIN) / Q;
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [benchCurve(NAME)],
    series: [
      {
        curve: NAME,
        issued: null,
        tag: null,
        times: Float64Array.from({ length: n }, (_, i) => BEGIN + i * Q),
        values: Float64Array.from({ length: n }, (_, i) => wave(i)),
        scenarios: [],
        scenarioNames: [],
      },
    ],
  });
  const app = createApp({ store, rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `http://127.0.0.1:${port}/api/timeseries/${encodeURIComponent(NAME)}/?begin=2023-01-01&end=2024-01-01`;
  console.log(`\nover HTTP (service encodings: ${ENCODINGS.join(', ')}), one-year load, median of ${RUNS * 2} requests`);
  try {
    for (const encoding of ['identity', 'gzip', 'br']) {
      let last = { wire: 0, body: 0 };
      for (let i = 0; i < 3; i++) last = await fetch(url, key, encoding, agent);
      const times: number[] = [];
      for (let i = 0; i < RUNS * 2; i++) {
        const started = performance.now();
        last = await fetch(url, key, encoding, agent);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${encoding.padEnd(10)} ${last.wire.toLocaleString('en').padStart(10)} bytes on the wire   request + download + decode ${(times[Math.floor(times.length / 2)] as number).toFixed(2).padStart(7)} ms`,
      );
    }
  } finally {
    agent.destroy();
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

levels();
overHttp().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
