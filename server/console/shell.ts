/**
 * The console's frame around every page: a skip link, the header (name, navigation, who is signed
 * in, "Sign out"), the alert area for errors and the `<main>` a page renders into. It renders the
 * page of a URL (router.ts), asking for a key first when none is stored, and turns every failure
 * (a render that throws, an unhandled rejection) into a message on the page.
 *
 * @module
 */
import { el, replace } from './dom';
import { describeError } from './errors';
import { navigate, pageFor, registeredPages, startRouter, type PageContext, type PageDefinition } from './router';
import { signedInAdministrator, signedInClient, signedInUser, signOut } from './session';

/** The path of the sign-in page (pages/sign-in.ts). */
const SIGN_IN_PATH = '/sign-in';

/** Where `/` and a signed-in sign-in page lead. */
export const HOME_PATH = '/curves';

const APP_NAME = 'Service console';

interface ShellParts {
  nav: HTMLElement;
  account: HTMLElement;
  alert: HTMLElement;
  main: HTMLElement;
}

let parts: ShellParts | null = null;
let leave: AbortController | null = null;
let rendered = 0;

function build(root: HTMLElement): ShellParts {
  const nav = el('nav', { 'aria-label': 'Main' });
  const account = el('div', { class: 'account' });
  const alert = el('div', { class: 'alert-area', role: 'alert', 'aria-live': 'assertive' });
  const main = el('main', { id: 'main', tabindex: '-1' });
  replace(
    root,
    el('a', { class: 'skip-link', href: '#main' }, 'Skip to content'),
    el('header', { class: 'top' }, el('a', { class: 'brand', href: HOME_PATH }, APP_NAME), nav, account),
    alert,
    main,
  );
  return { nav, account, alert, main };
}

/**
 * Shows an error in the alert area (or clears it).
 *
 * @param error - The error, or null to clear.
 */
function showError(error: unknown): void {
  if (!parts) return;
  if (error === null || error === undefined) {
    replace(parts.alert);
    return;
  }
  const { title, detail } = describeError(error);
  replace(parts.alert, el('div', { class: 'error' }, el('strong', {}, title), detail ? el('p', {}, detail) : null));
}

function drawHeader(current: PageDefinition | null): void {
  if (!parts) return;
  const user = signedInUser();
  replace(
    parts.nav,
    el(
      'ul',
      {},
      ...registeredPages()
        .filter((p) => p.nav !== undefined && (user !== null || p.public) && (!p.administrator || signedInAdministrator()))
        .map((p) => el('li', {}, el('a', { href: p.path, 'aria-current': p === current ? 'page' : null }, p.nav!))),
    ),
  );
  if (user === null) {
    replace(parts.account);
    return;
  }
  replace(
    parts.account,
    el('span', { class: 'user' }, 'Signed in as ', el('strong', {}, user)),
    el(
      'button',
      {
        type: 'button',
        onclick: () => {
          signOut();
          navigate(SIGN_IN_PATH);
        },
      },
      'Sign out',
    ),
  );
}

function setQuery(values: Record<string, string | number | null | undefined>, options: { push?: boolean } = {}): void {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  if (url.href === location.href) return;
  if (options.push) history.pushState(null, '', url.href);
  else history.replaceState(null, '', url.href);
}

function renderUrl(url: URL): void {
  if (!parts) return;
  leave?.abort();
  const controller = new AbortController();
  leave = controller;
  showError(null);
  if (url.pathname === '/' || url.pathname === '') {
    navigate(`${HOME_PATH}${url.search}`, { replace: true });
    return;
  }
  const matched = pageFor(url.pathname);
  const client = signedInClient();
  // an administrator's page does not exist for other keys (signed out: sign in first)
  const found = matched?.page.administrator && client !== null && !signedInAdministrator() ? null : matched;
  if (found && !found.page.public && client === null) {
    navigate(`${SIGN_IN_PATH}?next=${encodeURIComponent(url.pathname + url.search)}`, { replace: true });
    return;
  }
  drawHeader(found?.page ?? null);
  const main = parts.main;
  replace(main);
  if (!found) {
    document.title = `Page not found · ${APP_NAME}`;
    replace(
      main,
      el('h1', {}, 'Page not found'),
      el('p', {}, 'The console has no page at ', el('code', {}, url.pathname), '. '),
      el('p', {}, el('a', { href: HOME_PATH }, 'Search curves')),
    );
    return;
  }
  document.title = `${found.page.title} · ${APP_NAME}`;
  const context: PageContext = {
    params: found.params,
    query: url.searchParams,
    main,
    signal: controller.signal,
    client: client!,
    setTitle: (title) => {
      document.title = `${title} · ${APP_NAME}`;
    },
    showError: (error) => {
      if (!controller.signal.aborted) showError(error);
    },
    setQuery: (values, options) => {
      if (!controller.signal.aborted) setQuery(values, options);
    },
  };
  // after a navigation, reading and keyboard focus start at the new page (the page may move it on)
  if (rendered++ > 0) main.focus();
  try {
    const done = found.page.render(context);
    if (done instanceof Promise) done.catch((err: unknown) => context.showError(err));
  } catch (err) {
    context.showError(err);
  }
}

/**
 * Builds the shell in `root` and starts the router.
 *
 * @param root - The page's `#app` element.
 */
export function startShell(root: HTMLElement): void {
  parts = build(root);
  // Nothing fails silently: what escapes a page's own handling shows as a message.
  window.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    showError(event.reason);
  });
  window.addEventListener('error', (event) => showError(event.error ?? event.message));
  startRouter({ render: renderUrl });
}
