/**
 * The user section (docs/protocol.md#user-json): the user behind the client's API key.
 *
 * @module
 */
import { parseUser, userUser, type User } from '../../wire';
import type { CallOptions } from './load-many';
import { Section, sendLine } from './section';

/**
 * The user operations of the default client.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * (await client.user.user()).name //=> 'Demo User'
 */
export class UserSection extends Section {
  /**
   * The user of the API key: name, e-mail, organisation and subscriptions. Not cached.
   *
   * @returns The user.
   * @throws UnauthorizedError for an unknown or blocked key; HTTPError, InternalServerError,
   *   ParseException from the request.
   * @example
   * (await client.user.user()).subscriptions?.map((s) => s.label) //~> ['Power – Germany', 'Gas', ...]
   */
  async user(options: CallOptions = {}): Promise<User> {
    return parseUser((await sendLine(this, userUser(), options?.signal)).body);
  }
}
