/**
 * Seeded pseudo-random streams for the demo generator. Every stream is keyed by a string
 * (`'weather/DE/wind'`, a curve name, an instance), so adding a curve or a stream never changes
 * the numbers another stream produces. The generator is sfc32 (128-bit state) seeded with the
 * cyrb128 hash of `seed|key`: fast, well mixed, and identical on every platform.
 */

/** A deterministic random stream. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (mean 0, standard deviation 1). */
  normal(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number;
  /** `n` random bytes. */
  bytes(n: number): Uint8Array;
}

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * Hashes a string to an unsigned 32-bit integer (cyrb128, first word).
 *
 * @param text - Any string.
 * @returns An integer in [0, 2^32).
 * @example
 * hashString('DE') === hashString('DE') //=> true
 */
export function hashString(text: string): number {
  return cyrb128(text)[0];
}

/**
 * Creates the random stream of one key under one seed.
 *
 * @param seed - The dataset seed.
 * @param key - The stream's name (a curve name, `'weather/DE/temp'`, ...).
 * @returns A fresh stream; two calls with the same arguments give identical sequences.
 * @example
 * createRng(1, 'a').next() === createRng(1, 'a').next() //=> true
 */
export function createRng(seed: number, key: string): Rng {
  return new Sfc32(cyrb128(`${seed}|${key}`));
}

/** sfc32 with a cached second Box-Muller normal. */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = NaN;

  constructor(state: [number, number, number, number]) {
    [this.a, this.b, this.c, this.d] = state;
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const a = this.a >>> 0;
    const b = this.b >>> 0;
    let c = this.c >>> 0;
    const d = this.d >>> 0;
    let t = (a + b) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    this.d = (d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const s = this.spare;
      this.spare = NaN;
      return s;
    }
    let u = this.next();
    while (u <= 1e-12) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }
}

/**
 * A stationary AR(1) series: `x[t] = phi * x[t-1] + sqrt(1 - phi^2) * sd * e[t]`, started from
 * the stationary distribution, so every element has standard deviation `sd`.
 *
 * @param rng - The stream to draw from.
 * @param n - Length.
 * @param phi - Autocorrelation per step, in [0, 1).
 * @param sd - Stationary standard deviation.
 * @returns The series.
 * @example
 * ar1(createRng(1, 'x'), 3, 0.9, 1).length //=> 3
 */
export function ar1(rng: Rng, n: number, phi: number, sd = 1): Float64Array {
  const out = new Float64Array(n);
  const innovation = Math.sqrt(1 - phi * phi) * sd;
  let x = rng.normal() * sd;
  for (let i = 0; i < n; i++) {
    if (i > 0) x = phi * x + innovation * rng.normal();
    out[i] = x;
  }
  return out;
}

/**
 * Encodes bytes as URL-safe base64 without padding (16 bytes give 22 characters).
 *
 * @param bytes - The bytes.
 * @returns The text.
 * @example
 * base64Url(new Uint8Array([251, 255])) //=> '-_8'
 */
export function base64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
