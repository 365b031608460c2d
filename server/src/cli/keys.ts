/**
 * `service keys create|list|block`: administration of users' API keys in a data directory. Keys
 * are stored as SHA-256 hashes only; `create` prints the plain key once. The store is a file
 * that one process holds at a time: stop a running service before changing keys.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { ValidationError, ValueError } from 'service/exceptions';
import { createKey, hashApiKey, keyIdOf } from '../auth';
import type { KeyRecord, Store } from '../store';
import { oneStore, openStore } from './open-store';
import { grantOption, required, storeOption } from './cli-args';
import type { CliIO } from './cli-io';

/** A parsed `keys` command. */
export type KeysCommand =
  | {
      action: 'create';
      data: string;
      store?: string;
      user: string;
      name?: string;
      email?: string;
      organization?: string;
      grants?: { package: string; area: string }[];
      label: string;
    }
  | { action: 'list'; data: string; store?: string }
  | { action: 'block'; data: string; store?: string; key?: string; hash?: string; id?: string; user?: string; unblock: boolean };

/**
 * Parses the arguments of `service keys`.
 *
 * @param args - Arguments after `keys`: the action, then its options.
 * @returns The command.
 * @throws ValidationError for an unknown action or a bad option.
 * @example
 * parseKeys(['list', '--data', 'd']) //=> { action: 'list', data: 'd' }
 */
export function parseKeys(args: string[]): KeysCommand {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      data: { type: 'string' },
      store: { type: 'string' },
      user: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      organization: { type: 'string' },
      grant: { type: 'string', multiple: true },
      label: { type: 'string' },
      hash: { type: 'string' },
      id: { type: 'string' },
      unblock: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: action === 'block',
  });
  const store = storeOption(values.store);
  oneStore(values.data, store);
  const data = values.data ?? 'data';
  const where = store === undefined ? { data } : { data, store };
  if (action === 'list') return { action, ...where };
  if (action === 'create') {
    return {
      action,
      ...where,
      user: required(values.user, 'user'),
      name: values.name,
      email: values.email,
      organization: values.organization,
      grants: values.grant?.map(grantOption),
      label: values.label ?? '',
    };
  }
  if (action === 'block') {
    const targets = [positionals[0], values.hash, values.id, values.user].filter((v) => v !== undefined);
    if (targets.length !== 1 || positionals.length > 1)
      throw new ValidationError('keys block takes exactly one of: a key, --hash PREFIX, --id ID, --user ID', 'block');
    return { action, ...where, key: positionals[0], hash: values.hash, id: values.id, user: values.user, unblock: values.unblock ?? false };
  }
  throw new ValidationError(`Unknown keys action ${JSON.stringify(action ?? '')}: use create, list or block`, 'keys');
}

async function create(store: Store, cmd: Extract<KeysCommand, { action: 'create' }>, io: CliIO): Promise<void> {
  const { secret, user, existed } = await createKey(store, {
    user: cmd.user,
    label: cmd.label,
    ...(cmd.name === undefined ? {} : { name: cmd.name }),
    ...(cmd.email === undefined ? {} : { email: cmd.email }),
    ...(cmd.organization === undefined ? {} : { organization: cmd.organization }),
    ...(cmd.grants === undefined ? {} : { grants: cmd.grants }),
  });
  const key = secret;
  io.out(key);
  io.err(
    `${existed ? 'Added a key for' : 'Created'} user ${user.id}; grants: ${user.subscriptions.map((g) => `${g.package}:${g.area}`).join(', ') || 'none (metadata only)'}. The key is shown only once.`,
  );
}

const instant = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

function row(key: KeyRecord, lastUsed: number | undefined): string {
  return [
    key.hash.slice(0, 12),
    keyIdOf(key.hash),
    key.userId,
    instant(key.created),
    lastUsed === undefined ? 'never' : instant(lastUsed),
    key.blocked ? 'blocked' : 'active',
    key.label,
  ].join('  ');
}

async function block(store: Store, cmd: Extract<KeysCommand, { action: 'block' }>, io: CliIO): Promise<void> {
  const verb = cmd.unblock ? 'Unblocked' : 'Blocked';
  if (cmd.user !== undefined) {
    if (!(await store.setUserBlocked(cmd.user, !cmd.unblock))) throw new ValueError(`No user ${JSON.stringify(cmd.user)}`);
    io.err(`${verb} user ${cmd.user}`);
    return;
  }
  let hash: string;
  if (cmd.hash !== undefined) {
    const prefix = cmd.hash.toLowerCase();
    const matches = (await store.listKeys()).filter((k) => k.hash.startsWith(prefix));
    if (matches.length !== 1)
      throw new ValueError(`${matches.length === 0 ? 'No' : 'More than one'} key with a hash starting ${JSON.stringify(cmd.hash)}`);
    hash = matches[0]!.hash;
  } else if (cmd.id !== undefined) {
    const id = cmd.id.toLowerCase();
    const match = (await store.listKeys()).find((k) => keyIdOf(k.hash) === id);
    if (!match) throw new ValueError(`No key with id ${JSON.stringify(cmd.id)}`);
    hash = match.hash;
  } else {
    hash = hashApiKey(cmd.key as string);
  }
  if (!(await store.setKeyBlocked(hash, !cmd.unblock))) throw new ValueError('No such key');
  io.err(`${verb} key ${hash.slice(0, 12)}`);
}

/**
 * Runs a `keys` command.
 *
 * @param cmd - The parsed command.
 * @param io - Output: keys and lists on stdout, messages on stderr.
 * @returns The exit status (0).
 * @throws ValueError when the user or key does not exist or the store cannot be opened.
 * @example
 * await runKeys({ action: 'list', data: 'd' }, io) //=> 0
 */
export async function runKeys(cmd: KeysCommand, io: CliIO): Promise<number> {
  const store = await openStore(cmd);
  try {
    if (cmd.action === 'create') await create(store, cmd, io);
    else if (cmd.action === 'block') await block(store, cmd, io);
    else {
      const [keys, uses] = await Promise.all([store.listKeys(), store.keyUses()]);
      io.out(['hash', 'id', 'user', 'created', 'last-used', 'state', 'label'].join('  '));
      for (const k of keys) io.out(row(k, uses.get(k.hash)));
    }
    return 0;
  } finally {
    await store.close();
  }
}
