/**
 * Keys (`/keys`, the administrator's key only): every API key with its user, label, creation, last
 * use, grants and state; create a key (its secret shown once, here only), block and unblock one,
 * while the service runs (docs/protocol.md#admin-keys). Secrets and hashes are never listed.
 *
 * @module
 */
import { postJson } from '../api-post';
import { clientTransport, type KeyJson, type NewKeyJson } from '../client-package';
import { el, replace } from '../dom';
import { registerPage } from '../router';

function when(iso: string | null): string {
  return iso === null ? 'never' : iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

registerPage({
  path: '/keys',
  title: 'Keys',
  nav: 'Keys',
  administrator: true,
  // Not split: the page's form, key list and status elements are shared by its create, block and
  // unblock handlers and by the list's reload.
  async render({ main, client, signal, showError }) {
    const field = (id: string, label: string, attrs: Record<string, string | boolean> = {}) => {
      const input = el('input', { id, name: id, type: 'text', autocomplete: 'off', spellcheck: 'false', ...attrs });
      return { input, nodes: [el('label', { for: id }, label), input] };
    };
    const user = field('key-user', 'User id', { required: true, pattern: '[A-Za-z0-9][A-Za-z0-9._@\\-]{0,99}' });
    const label = field('key-label', 'Label');
    const name = field('key-name', 'Name (of a new user)');
    const grants = field('key-grants', 'Grants (package:area, separated by spaces)', { 'aria-describedby': 'key-grants-help' });
    const create = el('button', { type: 'submit' }, 'Create key');
    const form = el(
      'form',
      { class: 'controls key-form', 'aria-labelledby': 'key-create-title' },
      ...user.nodes,
      ...label.nodes,
      ...name.nodes,
      ...grants.nodes,
      el(
        'p',
        { id: 'key-grants-help', class: 'help' },
        'For example power:DE gas:*. Given grants replace the user’s (for all their keys); left empty, an existing user keeps theirs and a new one gets none.',
      ),
      create,
    );
    const secret = el('div', { id: 'key-secret', 'aria-live': 'polite' });
    const status = el('p', { id: 'keys-status', class: 'status', role: 'status', 'aria-live': 'polite' });
    const body = el('tbody', { id: 'keys-rows' });
    const table = el(
      'table',
      { class: 'keys' },
      el('caption', {}, 'API keys, oldest first'),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['Id', 'User', 'Label', 'Created', 'Last used', 'Grants', 'State', ''].map((h) =>
            el('th', { scope: 'col' }, h === '' ? el('span', { class: 'visually-hidden' }, 'Action') : h),
          ),
        ),
      ),
      body,
    );

    const draw = (keys: KeyJson[]) => {
      replace(
        body,
        ...keys.map((k) => {
          const blocked = k.state === 'blocked';
          const action = el(
            'button',
            { type: 'button', class: 'secondary', 'aria-label': `${blocked ? 'Unblock' : 'Block'} key ${k.id} of ${k.user}` },
            blocked ? 'Unblock' : 'Block',
          );
          action.addEventListener('click', () => {
            action.disabled = true;
            showError(null);
            postJson<KeyJson>(client, `/keys/${k.id}/${blocked ? 'unblock' : 'block'}`, undefined, signal)
              .then((changed) => {
                status.textContent = `Key ${changed.id} of ${changed.user} is ${changed.state}.`;
                return load();
              })
              .catch((err: unknown) => {
                action.disabled = false;
                if (!signal.aborted) showError(err);
              });
          });
          return el(
            'tr',
            { 'data-key-id': k.id },
            el('td', {}, el('code', {}, k.id)),
            el('td', {}, k.user_name === k.user ? k.user : `${k.user_name} (${k.user})`, k.user_blocked ? ' – user blocked' : null),
            el('td', {}, k.label),
            el('td', {}, when(k.created)),
            el('td', {}, when(k.last_used)),
            el('td', {}, k.grants.join(' ') || 'none (metadata only)', k.administrator ? ' – administrator' : null),
            el('td', { class: blocked ? 'state-blocked' : 'state-active' }, k.state),
            el('td', {}, action),
          );
        }),
      );
    };
    const load = async () => {
      const keys = (await clientTransport(client).get('/keys/', { signal })).body as KeyJson[];
      draw(keys);
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      create.disabled = true;
      showError(null);
      replace(secret);
      const request = {
        user: user.input.value.trim(),
        label: label.input.value.trim(),
        ...(name.input.value.trim() ? { name: name.input.value.trim() } : {}),
        ...(grants.input.value.trim() ? { grants: grants.input.value.trim().split(/[\s,]+/) } : {}),
      };
      postJson<NewKeyJson>(client, '/keys/', request, signal)
        .then((made) => {
          replace(
            secret,
            el(
              'section',
              { class: 'secret', 'aria-labelledby': 'key-secret-title' },
              el('h2', { id: 'key-secret-title' }, `New key for ${made.user}`),
              el('p', {}, 'Copy it now: it is shown only this once (the service keeps only its hash).'),
              el('p', {}, el('code', { id: 'key-secret-value' }, made.key)),
            ),
          );
          form.reset();
          return load();
        })
        .catch((err: unknown) => {
          if (!signal.aborted) showError(err);
        })
        .finally(() => {
          create.disabled = false;
        });
    });

    main.append(
      el('h1', {}, 'API keys'),
      el('h2', { id: 'key-create-title' }, 'Create a key'),
      form,
      secret,
      el('h2', {}, 'Keys'),
      status,
      el('div', { class: 'table-wrap', tabindex: 0, 'aria-label': 'API keys' }, table),
    );
    await load();
  },
});
