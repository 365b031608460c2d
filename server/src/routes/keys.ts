/**
 * The key administration routes (docs/protocol.md#admin-keys), for the administrator only (a user
 * with access to every package in every area, who may also import): list the keys, create one
 * (its secret answered once), block and unblock one, while the service runs. Keys are shown by
 * their id ({@link keyIdOf}), never by their secret or hash. Any other key gets 403.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError, ValidationError } from 'service/exceptions';
import type { KeyJson, NewKeyJson } from '#wire';
import { createKey, keyIdOf, userOf } from '../auth';
import { mayImport } from '../import/import-route';
import type { RouteModule } from '../http/route-module';
import type { KeyRecord, Store, SubscriptionGrant, UserRecord } from '../store';
import { parseNewKey } from './keys-body';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * A grant as the key routes write it: `package:area`.
 *
 * @example
 * grantText({ package: 'power', area: 'DE' }) //=> 'power:DE'
 */
const grantText = (g: SubscriptionGrant): string => `${g.package}:${g.area}`;

function keyJson(key: KeyRecord, user: UserRecord | null, lastUsed: number | undefined): KeyJson {
  return {
    id: keyIdOf(key.hash),
    user: key.userId,
    user_name: user?.name ?? key.userId,
    label: key.label,
    created: iso(key.created),
    last_used: lastUsed === undefined ? null : iso(lastUsed),
    grants: user?.subscriptions.map(grantText) ?? [],
    administrator: user !== null && mayImport(user),
    state: key.blocked ? 'blocked' : 'active',
    user_blocked: user?.blocked ?? false,
  };
}

async function keyById(store: Store, id: string): Promise<KeyRecord> {
  if (!/^[0-9a-f]{16}$/.test(id)) throw new ValidationError(`A key id is 16 lower-case hex digits, got ${JSON.stringify(id)}`, 'id');
  const key = (await store.listKeys()).find((k) => keyIdOf(k.hash) === id);
  if (!key) throw new NotFoundError(`No key with id ${id}`);
  return key;
}

async function answerOf(store: Store, key: KeyRecord): Promise<KeyJson> {
  return keyJson(key, await store.getUser(key.userId), (await store.keyUses()).get(key.hash));
}

/**
 * The key administration routes: `GET /keys/`, `POST /keys/`, `POST /keys/{id}/block` and
 * `POST /keys/{id}/unblock`.
 *
 * @example
 * createApp({ store, routes: [...SECTION_ROUTES] }); // keysRoutes is one of them
 */
export const keysRoutes: RouteModule = {
  section: 'keys',
  register(api, { store }) {
    const administrator = async (request: FastifyRequest) => {
      if (!mayImport(userOf(request)))
        throw new ForbiddenError(
          'Managing keys needs the administrator: a key of a user with access to every package in every area (grant *:*)',
        );
    };
    // a scope of its own, so that the permission check runs before any body is parsed
    api.register(async (scope) => {
      scope.addHook('onRequest', administrator);

      // keys change without an import (block, last use): no ETag, and no cache may keep the list
      scope.get('/keys/', { config: { etag: false } }, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const [keys, uses] = await Promise.all([store.listKeys(), store.keyUses()]);
        const users = new Map((await store.listUsers()).map((u) => [u.id, u]));
        return keys.map((k) => keyJson(k, users.get(k.userId) ?? null, uses.get(k.hash)));
      });

      scope.post('/keys/', async (request, reply): Promise<NewKeyJson> => {
        const { secret, key, user } = await createKey(store, parseNewKey(request.body));
        reply.code(201);
        return { ...keyJson(key, user, undefined), key: secret };
      });

      for (const action of ['block', 'unblock'] as const) {
        scope.post<{ Params: { id: string } }>(`/keys/:id/${action}`, async (request) => {
          const key = await keyById(store, request.params.id);
          const blocked = action === 'block';
          if (blocked && request.principal?.key.hash === key.hash)
            throw new ValidationError('This is the key of this request: block it with another administrator key', 'id');
          if (!(await store.setKeyBlocked(key.hash, blocked))) throw new NotFoundError(`No key with id ${request.params.id}`);
          // the key's open feed connections end now, as its next call is refused
          if (blocked) scope.eventFeed?.closeKey(key.hash);
          return answerOf(store, (await store.findKey(key.hash)) ?? key);
        });
      }
    });
  },
};
