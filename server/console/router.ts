/**
 * The console's pages and router (how to add a page: server/console/README.md). A page is a
 * path pattern and a render function; {@link registerPage} adds it, and the router renders the
 * page whose pattern matches `location.pathname` into the shell's `<main>`. Navigation uses the
 * History API: links to the console's own paths do not reload, Back and Forward render the page
 * of the URL again, and a page keeps its state (search words, chart options) in the URL's query
 * with {@link PageContext.setQuery}.
 *
 * @module
 */
import type { ServiceClient } from './client-package';

/** What a page's render function gets. */
export interface PageContext {
  /** The path parameters of the pattern (`:name`), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The URL's query when the page was rendered. */
  readonly query: URLSearchParams;
  /** The element to render into (empty when `render` is called). */
  readonly main: HTMLElement;
  /** Aborted when the user leaves the page: pass it to client calls (`{ signal }`) and timers. */
  readonly signal: AbortSignal;
  /** The signed-in client (pages with `public: true` may be shown signed out: then `null`). */
  readonly client: ServiceClient;
  /** Sets the document title (`"<title> · Service console"`). */
  setTitle(title: string): void;
  /**
   * Shows an error in the page's alert area above the page (`null` clears it): the message of a
   * client error (the service's own words for 4xx answers), "The service did not answer" for a
   * service that has gone.
   */
  showError(error: unknown): void;
  /**
   * Changes the URL's query without rendering again (empty and `null` values are dropped). By
   * default it replaces the history entry; `push: true` adds one, so Back returns to the old state.
   */
  setQuery(values: Record<string, string | number | null | undefined>, options?: { push?: boolean }): void;
}

/** A page of the console. */
export interface PageDefinition {
  /** Path pattern: literal segments and `:param` segments (`/curves/:name`). */
  readonly path: string;
  /** The document title until the page sets its own. */
  readonly title: string;
  /** Label of the page's link in the top navigation (none: not in the navigation). */
  readonly nav?: string;
  /** Shown without a signed-in key (the sign-in page). Other pages ask for a key first. */
  readonly public?: boolean;
  /**
   * Only for the administrator's key (every package in every area, the key that may import and
   * manage keys): any other key sees no link and "Page not found".
   */
  readonly administrator?: boolean;
  /** Draws the page into `context.main`; a rejection is shown with `showError`. */
  render(context: PageContext): void | Promise<void>;
}

const pages: PageDefinition[] = [];

/**
 * Adds a page. Register every page before {@link startRouter} runs (server/console/pages/index.ts).
 *
 * @param page - The page.
 * @throws Error when another page has the same pattern.
 */
export function registerPage(page: PageDefinition): void {
  if (pages.some((p) => p.path === page.path)) throw new Error(`console: two pages for ${page.path}`);
  pages.push(page);
}

/** The registered pages, in registration order. */
export function registeredPages(): readonly PageDefinition[] {
  return pages;
}

/**
 * Matches a path against a pattern.
 *
 * @param pattern - `/curves/:name`.
 * @param path - `location.pathname` (percent-encoded).
 * @returns The decoded parameters, or null when it does not match (or a segment is badly encoded).
 */
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter((s) => s !== '');
  const got = path.split('/').filter((s) => s !== '');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

/** Finds the page of a path. */
export function pageFor(path: string): { page: PageDefinition; params: Record<string, string> } | null {
  for (const page of pages) {
    const params = matchPath(page.path, path);
    if (params !== null) return { page, params };
  }
  return null;
}

/** What the router needs from the shell. */
export interface RouterHost {
  /** Renders a location; called on start, on navigation and on Back/Forward. */
  render(url: URL): void;
}

let host: RouterHost | null = null;

/**
 * Goes to a console URL without reloading.
 *
 * @param href - A path with query (`/curves?q=wind`) or a full URL of this origin.
 * @param options - `replace: true` replaces the history entry instead of adding one.
 */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin) {
    location.assign(url.href);
    return;
  }
  if (options.replace) history.replaceState(null, '', url.href);
  else history.pushState(null, '', url.href);
  host?.render(url);
}

/** Whether a click on a link is one the router takes (plain left click on a link of the console). */
function ownLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const a = (event.target as Element | null)?.closest?.('a');
  if (a?.target !== '' || a.hasAttribute('download')) return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/partner/')) return null;
  return a;
}

/**
 * Starts routing: renders the current URL, then takes clicks on the console's links and Back/Forward.
 *
 * @param shell - What renders a URL.
 */
export function startRouter(shell: RouterHost): void {
  host = shell;
  document.addEventListener('click', (event) => {
    const a = ownLink(event);
    if (!a) return;
    event.preventDefault();
    navigate(a.href);
  });
  window.addEventListener('popstate', () => shell.render(new URL(location.href)));
  shell.render(new URL(location.href));
}
