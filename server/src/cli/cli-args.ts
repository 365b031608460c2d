/**
 * Argument checks shared by the `service` commands. A bad argument is a `ValidationError` naming
 * the option; `main` prints it and exits with status 2.
 *
 * @module
 */
import { ValidationError } from 'service/exceptions';

/** Demo dataset sizes. */
const PRESETS = ['small', 'full'] as const;

/** A demo dataset size. */
export type Preset = (typeof PRESETS)[number];

/**
 * Checks an integer option.
 *
 * @param value - The option's text, if given.
 * @param name - The option name (for the message).
 * @param min - Smallest allowed value.
 * @param max - Largest allowed value.
 * @param fallback - The value when the option is absent.
 * @returns The integer.
 * @throws ValidationError when the text is not an integer in `[min, max]`.
 * @example
 * intOption('7070', 'port', 0, 65535, 7070) //=> 7070
 */
export function intOption(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new ValidationError(`--${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`, name);
  return n;
}

/**
 * Checks a demo preset option.
 *
 * @param value - The option's text, if given.
 * @returns The preset, or `undefined` when absent.
 * @throws ValidationError for anything but `small` or `full`.
 * @example
 * presetOption('small') //=> 'small'
 */
export function presetOption(value: string | undefined): Preset | undefined {
  if (value === undefined) return undefined;
  if (!(PRESETS as readonly string[]).includes(value))
    throw new ValidationError(`--demo must be small or full, got ${JSON.stringify(value)}`, 'demo');
  return value as Preset;
}

/**
 * Checks a calendar-date option (`YYYY-MM-DD`, a real date).
 *
 * @param value - The option's text, if given.
 * @param name - The option name.
 * @returns The date text, or `undefined` when absent.
 * @throws ValidationError for anything else.
 * @example
 * dateOption('2024-02-29', 'anchor') //=> '2024-02-29'
 */
export function dateOption(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ok =
    m !== null &&
    (() => {
      const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
      return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
    })();
  if (!ok) throw new ValidationError(`--${name} must be a date YYYY-MM-DD, got ${JSON.stringify(value)}`, name);
  return value;
}

/**
 * Checks a subscription grant option, `package:area` (area `*` = every area).
 *
 * @param value - The option's text.
 * @returns The grant.
 * @throws ValidationError when the text is not `package:area`.
 * @example
 * grantOption('power:DE') //=> { package: 'power', area: 'DE' }
 */
export function grantOption(value: string): { package: string; area: string } {
  const m = /^([^:\s]+):(\S+)$/.exec(value);
  if (!m?.[1] || !m[2])
    throw new ValidationError(`--grant must look like package:area (e.g. power:DE or power:*), got ${JSON.stringify(value)}`, 'grant');
  return { package: m[1], area: m[2] };
}

/**
 * Requires an option.
 *
 * @param value - The option's value.
 * @param name - The option name.
 * @returns The value.
 * @throws ValidationError when absent.
 * @example
 * required('./data', 'data') //=> './data'
 */
export function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new ValidationError(`--${name} is required`, name);
  return value;
}

/**
 * Checks a `--store` (or `--read-store`) value: a PostgreSQL URL (the shared store; without it,
 * `--data DIR` keeps the embedded DuckDB store).
 *
 * @param value - The option's value, if given.
 * @param name - The option's name (default `store`).
 * @returns The URL, or undefined when not given.
 * @throws ValidationError naming the option when the value is not a `postgres://` URL.
 * @example
 * storeOption('postgres://svc@db:5432/service') //=> 'postgres://svc@db:5432/service'
 */
export function storeOption(value: string | undefined, name = 'store'): string | undefined {
  if (value === undefined) return undefined;
  if (!/^postgres(ql)?:\/\/./i.test(value))
    throw new ValidationError(`--${name} must be a postgres:// URL, got ${JSON.stringify(value)}`, name);
  return value;
}

/** Where a command reaches a running service: `--url` and its key. */
/** The options naming where a command reads or writes: a local store, or a running service and its key. */
export const TARGET_OPTIONS = {
  data: { type: 'string' },
  store: { type: 'string' },
  url: { type: 'string' },
  key: { type: 'string' },
  'key-file': { type: 'string' },
} as const;

export interface RemoteOption {
  /** API root without a trailing slash. */
  url?: string;
  /** The key (`--key`). */
  key?: string;
  /** The file holding the key (`--key-file`). */
  keyFile?: string;
}

/**
 * Reads `--url` with `--key` or `--key-file` (a command that works on a running service instead of a store).
 *
 * @param values - The parsed `url`, `key`, `key-file`, `data` and `store` values.
 * @returns The URL and key, or `{}` without `--url`.
 * @throws ValidationError naming `url` (not http(s), or with `--data`/`--store`) or `key` (not exactly one of the two).
 * @example
 * remoteOption({ url: 'http://127.0.0.1:7070/api/', key: 'k' }) //=> { url: 'http://127.0.0.1:7070/api', key: 'k' }
 */
export function remoteOption(values: { url?: string; key?: string; 'key-file'?: string; data?: string; store?: string }): RemoteOption {
  if (values.url === undefined) return {};
  if (values.store !== undefined) throw new ValidationError('Give either --store or --url, not both', 'url');
  if (!/^https?:\/\/[^/]/i.test(values.url))
    throw new ValidationError(`--url must be an http:// or https:// URL, got ${JSON.stringify(values.url)}`, 'url');
  if (values.data !== undefined) throw new ValidationError('Give either --data or --url, not both', 'url');
  if ((values.key === undefined) === (values['key-file'] === undefined))
    throw new ValidationError('--url needs exactly one of --key and --key-file', 'key');
  return {
    url: values.url.replace(/\/+$/, ''),
    ...(values.key !== undefined ? { key: values.key } : {}),
    ...(values['key-file'] !== undefined ? { keyFile: values['key-file'] } : {}),
  };
}
