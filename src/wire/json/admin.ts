/**
 * The JSON answers of the service's own administration routes, shared by the service that writes
 * them and the console that reads them: a key of the key routes (docs/protocol.md#admin-keys) and
 * the summary of an import (docs/protocol.md#import).
 *
 * @module
 */

/** A key as `GET /keys/` lists it: never its secret or its hash. */
export interface KeyJson {
  /** 16 hex digits derived from the key's hash. */
  id: string;
  /** The user's id. */
  user: string;
  /** The user's display name. */
  user_name: string;
  /** What the key is for. */
  label: string;
  /** Creation, a UTC instant. */
  created: string;
  /** Last use, a UTC instant, or `null` for a key never used. */
  last_used: string | null;
  /** The user's grants, `package:area`. */
  grants: string[];
  /** Whether the user is the administrator (grant `*:*`). */
  administrator: boolean;
  /** The key's state. */
  state: 'active' | 'blocked';
  /** Whether the whole user is blocked. */
  user_blocked: boolean;
}

/** The answer of `POST /keys/`: the new key, with its secret (shown this once). */
export interface NewKeyJson extends KeyJson {
  /** The secret. */
  key: string;
}

/** The answer of `POST /import/`. */
export interface ImportSummaryJson {
  /** Files read. */
  files: number;
  /** Curves created. */
  new_curves: string[];
  /** Every curve defined or written (sorted). */
  curves: string[];
  /** Instances created or modified. */
  instances: number;
  /** Data blocks. */
  blocks: number;
  /** Values, periods and OHLC rows written. */
  values: number;
  /** Events appended. */
  events: number;
  /** The newest event's id, `null` for a dry run. */
  last_event_id: string | null;
  /** Whether it was a dry run (nothing written). */
  dry_run: boolean;
}
