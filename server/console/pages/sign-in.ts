/**
 * Sign in (`/sign-in?next=...`): asks for an API key, checks it against the service and keeps it
 * for this tab (session.ts); a wrong key shows the service's message.
 *
 * @module
 */
import { append, el } from '../dom';
import { navigate, registerPage } from '../router';
import { signIn, signedInUser } from '../session';
import { HOME_PATH } from '../shell';

/** Where to go after signing in: the `next` path when it is one of the console's own. */
function nextPath(query: URLSearchParams): string {
  const next = query.get('next');
  return next?.startsWith('/') && !next.startsWith('//') ? next : HOME_PATH;
}

registerPage({
  path: '/sign-in',
  title: 'Sign in',
  public: true,
  render({ main, query, showError }) {
    const user = signedInUser();
    const input = el('input', {
      id: 'api-key',
      name: 'api-key',
      type: 'password',
      autocomplete: 'off',
      spellcheck: 'false',
      required: true,
      'aria-describedby': 'api-key-help',
    });
    const button = el('button', { type: 'submit' }, 'Sign in');
    const form = el(
      'form',
      { class: 'sign-in', 'aria-labelledby': 'sign-in-title' },
      el('label', { for: 'api-key' }, 'API key'),
      input,
      el(
        'p',
        { id: 'api-key-help', class: 'help' },
        'The key is kept in this browser tab only (session storage) and sent to the service in the X-API-Key header.',
      ),
      button,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const key = input.value.trim();
      if (key === '') return;
      button.disabled = true;
      showError(null);
      signIn(key)
        .then(() => navigate(nextPath(query), { replace: true }))
        .catch((err: unknown) => {
          showError(err);
          input.focus();
          input.select();
        })
        .finally(() => {
          button.disabled = false;
        });
    });
    append(main, [
      el('h1', { id: 'sign-in-title' }, 'Sign in'),
      user === null ? null : el('p', {}, `Signed in as ${user}. Signing in with another key replaces it.`),
      form,
    ]);
    input.focus();
  },
});
