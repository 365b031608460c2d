/**
 * The catalogue (`/curves?q=wind&area=DE&page=2`): the API's curve search with its metadata
 * filters, paged, each result a link to the curve's page. The search lives in the URL (typing
 * replaces the history entry, a page link adds one), results follow typing after a short pause,
 * and only the answer of the newest search is ever shown (older requests are cancelled, and an
 * answer that arrives late anyway is dropped).
 *
 * @module
 */
import { Area, CurveType, DataType, Frequency, unitLabel, type Curve, type MetadataCurvesOptions } from '../client-package';
import { el, replace } from '../dom';
import { registerPage, type PageContext } from '../router';

/** Results per page. */
const PAGE_SIZE = 25;

/** Pause after the last keystroke before searching, in ms. */
const DEBOUNCE_MS = 250;

/** A filter: its query parameter, label and choices (value, text). */
interface Filter {
  readonly param: string;
  readonly label: string;
  readonly choices: readonly (readonly [string, string])[];
}

function staticFilters(): Filter[] {
  return [
    { param: 'area', label: 'Area', choices: Area.all().map((a) => [a.tag, `${a.tag} – ${a.name}`] as const) },
    { param: 'data_type', label: 'Data type', choices: DataType.all().map((d) => [d.tag, d.tag] as const) },
    { param: 'frequency', label: 'Frequency', choices: Frequency.all().map((f) => [f.tag, f.tag] as const) },
    { param: 'curve_type', label: 'Curve type', choices: CurveType.all().map((c) => [c.tag, c.tag] as const) },
  ];
}

/** The search of a URL query. */
interface Search {
  q: string;
  area: string;
  data_type: string;
  category: string;
  frequency: string;
  curve_type: string;
  page: number;
}

const FILTER_PARAMS = ['area', 'data_type', 'category', 'frequency', 'curve_type'] as const;

function searchOf(query: URLSearchParams): Search {
  const page = Number(query.get('page') ?? '1');
  return {
    q: query.get('q') ?? '',
    area: query.get('area') ?? '',
    data_type: query.get('data_type') ?? '',
    category: query.get('category') ?? '',
    frequency: query.get('frequency') ?? '',
    curve_type: query.get('curve_type') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : Number.NaN,
  };
}

/** The console URL of a curve's page. */
function curvePath(name: string): string {
  return `/curves/${encodeURIComponent(name)}`;
}

function describe(curve: Curve): string {
  const parts = [
    curve.area?.tag ?? (curve.areaSource && curve.areaSink ? `${curve.areaSource.tag}>${curve.areaSink.tag}` : null),
    curve.dataType.tag,
    curve.frequency.tag,
    unitLabel(curve.unit, curve.denominator),
    curve.curveType.tag,
  ];
  return parts.filter((p) => p !== null && p !== '').join(' · ');
}

function queryOf(search: Search, page: number): string {
  const params = new URLSearchParams();
  if (search.q !== '') params.set('q', search.q);
  for (const name of FILTER_PARAMS) if (search[name] !== '') params.set(name, search[name]);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text === '' ? '/curves' : `/curves?${text}`;
}

function select(filter: Filter, value: string): HTMLSelectElement {
  const id = `filter-${filter.param}`;
  const node = el('select', { id, name: filter.param }, el('option', { value: '' }, 'Any'));
  for (const [v, text] of filter.choices) node.append(el('option', { value: v }, text));
  node.value = value;
  return node;
}

// Not split: the page's search box, filters, result table and pager are shared by its handlers.
function render(context: PageContext): void {
  const { main, client, signal } = context;
  const search = searchOf(context.query);
  const input = el('input', {
    id: 'search',
    type: 'search',
    name: 'q',
    value: search.q,
    autocomplete: 'off',
    'aria-controls': 'results',
  });
  const filters = staticFilters();
  const selects = new Map<string, HTMLSelectElement>();
  const filterFields = filters.map((f) => {
    const s = select(f, search[f.param as keyof Search] as string);
    selects.set(f.param, s);
    return el('div', { class: 'field' }, el('label', { for: s.id }, f.label), s);
  });
  const category = select({ param: 'category', label: 'Category', choices: [] }, '');
  selects.set('category', category);
  const status = el('p', { id: 'result-status', class: 'status', role: 'status', 'aria-live': 'polite' }, 'Searching…');
  const results = el('ol', { id: 'results', class: 'results', 'aria-labelledby': 'result-status' });
  const pager = el('nav', { class: 'pager', 'aria-label': 'Result pages' });
  const form = el(
    'form',
    { role: 'search', class: 'search', 'aria-label': 'Curves' },
    el('div', { class: 'field search-field' }, el('label', { for: 'search' }, 'Search curves'), input),
    el(
      'div',
      { class: 'filters' },
      ...filterFields,
      el('div', { class: 'field' }, el('label', { for: category.id }, 'Category'), category),
    ),
  );
  main.append(el('h1', {}, 'Curves'), form, status, results, pager);

  let latest = 0;
  let inflight: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    inflight?.abort();
  });

  const current = (): Search => ({
    q: input.value.trim(),
    area: selects.get('area')!.value,
    data_type: selects.get('data_type')!.value,
    category: category.value,
    frequency: selects.get('frequency')!.value,
    curve_type: selects.get('curve_type')!.value,
    page: 1,
  });

  const run = (s: Search): void => {
    const seq = ++latest;
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    status.textContent = 'Searching…';
    results.setAttribute('aria-busy', 'true');
    if (!Number.isFinite(s.page)) {
      status.textContent = '';
      context.showError(new Error(`The page number in the URL must be a whole number of at least 1, got ${context.query.get('page')}`));
      return;
    }
    client.metadata
      .curves({
        // the tags come from the URL as typed; the client checks each (a ValidationError names it)
        ...({ dataType: s.data_type || null, frequency: s.frequency || null, curveType: s.curve_type || null } as MetadataCurvesOptions),
        q: s.q === '' ? null : s.q,
        area: s.area || null,
        category: s.category || null,
        page: s.page,
        pageSize: PAGE_SIZE,
        signal: controller.signal,
      })
      .then((page) => {
        if (seq !== latest || signal.aborted) return;
        context.showError(null);
        results.removeAttribute('aria-busy');
        const total = page.totalItems;
        status.textContent =
          total === 0
            ? 'No curves match.'
            : `${total.toLocaleString('en')} curve${total === 1 ? '' : 's'}${page.totalPages > 1 ? `, page ${page.page} of ${page.totalPages}` : ''}`;
        replace(
          results,
          ...page.map((curve) =>
            el('li', {}, el('a', { href: curvePath(curve.name) }, curve.name), el('span', { class: 'meta' }, describe(curve))),
          ),
        );
        replace(
          pager,
          page.page > 1 ? el('a', { href: queryOf(s, page.page - 1), rel: 'prev' }, '← Previous') : null,
          page.page < page.totalPages ? el('a', { href: queryOf(s, page.page + 1), rel: 'next' }, 'Next →') : null,
        );
      })
      .catch((err: unknown) => {
        if (seq !== latest || signal.aborted) return;
        results.removeAttribute('aria-busy');
        status.textContent = '';
        context.showError(err);
      });
  };

  const changed = (delay: number): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const s = current();
      context.setQuery({ q: s.q, ...Object.fromEntries(FILTER_PARAMS.map((p) => [p, s[p]])), page: null });
      run(s);
    }, delay);
  };
  input.addEventListener('input', () => changed(DEBOUNCE_MS));
  for (const s of selects.values()) s.addEventListener('change', () => changed(0));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    changed(0);
  });
  run(search);
  // After the search has gone out (the client spaces its requests), the category choices.
  // They come from the service (the words curve names are made of).
  client.metadata
    .categories()
    .then((set) => {
      for (const c of [...set].sort()) category.append(el('option', { value: c }, c));
      category.value = search.category;
    })
    .catch((err: unknown) => context.showError(err));
}

registerPage({ path: '/curves', title: 'Curves', nav: 'Curves', render });
