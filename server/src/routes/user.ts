/**
 * The user section: `GET /user/` (docs/protocol.md#user-json), the caller's name, e-mail, organisation and
 * subscriptions.
 *
 * @module
 */
import type { RouteModule } from '../http/route-module';
import { serializeGrant, userOf, type SubscriptionJson } from '../auth';
import type { UserRecord } from '../store';

/** The user JSON of docs/protocol.md#user-json. */
export interface UserJson {
  name: string;
  email: string | null;
  organization?: { name: string };
  subscriptions: SubscriptionJson[];
}

/**
 * Serialises a user as the user section answers it: the organisation (when known) as an object
 * with its name, each grant as a Subscription (`PACKAGE_AREA`, or `PACKAGE` for all areas).
 *
 * @param user - The user.
 * @returns The JSON body.
 * @example
 * serializeUser({ id: 'demo', name: 'Demo User', email: null, organization: 'Demo Energy', blocked: false,
 *   subscriptions: [{ package: 'power', area: 'DE' }] })
 * //=> { name: 'Demo User', email: null, organization: { name: 'Demo Energy' },
 * //     subscriptions: [{ access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' }] }
 */
export function serializeUser(user: UserRecord): UserJson {
  return {
    name: user.name,
    email: user.email,
    ...(user.organization !== null ? { organization: { name: user.organization } } : {}),
    subscriptions: user.subscriptions.map((g) => serializeGrant(g)),
  };
}

/**
 * The user section's routes.
 *
 * @example
 * createApp({ store, routes: [userRoutes] });
 */
export const userRoutes: RouteModule = {
  section: 'user',
  register(api) {
    api.get('/user/', async (request) => serializeUser(userOf(request)));
  },
};
