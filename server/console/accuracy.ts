/**
 * The "Accuracy" section of an instance curve's page: MAE and bias against lead time, a column
 * pair and a chart line per tag, of the instances issued in a chosen period against a chosen
 * actual curve. It is `client.instances.skill` (docs/skill.md), the call a notebook makes. The
 * actual is pre-filled with the catalogue's matching actual ({@link matchingActual}); the period
 * with the week up to the newest instance.
 *
 * @module
 */
import { skillChart, type Curve, type Frequency, type ServiceClient, type SkillResult } from './client-package';
import { el, replace } from './dom';
import type { PageContext } from './router';
import type { DrawnChart } from './vega-view';

/** The lead-time choices: the days-ahead view, or fixed steps up to ten days. */
const LEADS = [
  { value: 'day-ahead', label: 'Days ahead (D+0, D+1, …)' },
  { value: 'PT6H', label: '6-hour steps, to 10 days' },
  { value: 'PT1H', label: '1-hour steps, to 10 days' },
] as const;

const DAY_MS = 86_400_000;

/**
 * The catalogue's actual for a forecast curve: a TIMESERIES curve of data type ACTUAL with the
 * same area, place and categories (in the demo catalogue a forecast's name with `Forecast`
 * swapped for `Actual`, and a source word for prices: docs/demo-data.md#curve-names). Of several,
 * the one of the forecast's frequency, else the finest.
 *
 * @param client - The signed-in client.
 * @param curve - The forecast curve.
 * @param signal - Cancels the search.
 * @returns The actual curve, or null when the catalogue has none.
 */
async function matchingActual(client: ServiceClient, curve: Curve, signal: AbortSignal): Promise<Curve | null> {
  if (curve.categories.length === 0) return null;
  const area = curve.area?.tag ?? curve.areaSource?.tag ?? null;
  const found = await client.metadata.curves({
    exactCategory: curve.categories.join(' '),
    area,
    dataType: 'ACTUAL',
    curveType: 'TIMESERIES',
    pageSize: 50,
    signal,
  });
  const same = found.filter(
    (c) =>
      (c.area?.tag ?? c.areaSource?.tag ?? null) === area &&
      c.areaSink?.tag === curve.areaSink?.tag &&
      c.place?.key === curve.place?.key &&
      c.categories.join(' ') === curve.categories.join(' '),
  );
  same.sort((a, b) =>
    a.frequency.equals(curve.frequency) ? -1 : b.frequency.equals(curve.frequency) ? 1 : a.frequency.gt(b.frequency) ? -1 : 1,
  );
  return same[0] ?? null;
}

/** `YYYY-MM-DD` of an instant, in UTC. */
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A number for the table: one decimal, thousands grouped. */
const shown = (v: number): string =>
  Number.isFinite(v) ? v.toLocaleString('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 }) : '';

function resultTable(result: SkillResult): HTMLElement {
  const leads = result.leads().map((l) => l.lead);
  const unit = result.unit ? ` (${result.unit})` : '';
  const byTag = new Map(result.tags.map((tag) => [tag, { mae: result.metric(tag, 'mae'), bias: result.metric(tag, 'bias') }]));
  return el(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'accuracy-title' },
    el(
      'table',
      { id: 'accuracy-table' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col' }, 'Lead'),
          ...result.tags.flatMap((tag) => [
            el('th', { scope: 'col' }, `${tag} MAE${unit}`),
            el('th', { scope: 'col' }, `${tag} bias${unit}`),
          ]),
        ),
      ),
      el(
        'tbody',
        {},
        ...leads.map((lead, k) =>
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, lead),
            ...result.tags.flatMap((tag) => {
              const m = byTag.get(tag)!;
              return [el('td', { class: 'num' }, shown(m.mae[k]!)), el('td', { class: 'num' }, shown(m.bias[k]!))];
            }),
          ),
        ),
      ),
    ),
  );
}

/**
 * The Accuracy section of an instance curve (type INSTANCE): the form (actual curve, issue
 * period, lead times) and, once asked, the table and charts of MAE and bias by lead time.
 *
 * Not split: the section's form fields, status line and result area are shared by its pre-fill, its
 * submit handler and its abort.
 *
 * @param context - The page's context.
 * @param curve - The forecast curve.
 * @returns The section; its form is filled in as the catalogue and the instance list answer.
 */
export function accuracySection(context: PageContext, curve: Curve): HTMLElement {
  const { client, signal } = context;
  const actual = el('input', { id: 'acc-actual', name: 'actual', size: 48, placeholder: 'Actual curve name', required: true });
  const begin = el('input', { id: 'acc-begin', name: 'begin', size: 12, placeholder: 'YYYY-MM-DD', required: true });
  const end = el('input', { id: 'acc-end', name: 'end', size: 12, placeholder: 'YYYY-MM-DD', required: true });
  const leads = el('select', { id: 'acc-leads', name: 'leads' }, ...LEADS.map((l) => el('option', { value: l.value }, l.label)));
  const button = el('button', { type: 'submit' }, 'Compute accuracy');
  const status = el('p', { class: 'status', id: 'accuracy-status', role: 'status', 'aria-live': 'polite' });
  const out = el('div', { id: 'accuracy-result' });
  const field = (control: HTMLElement, label: string) => el('div', { class: 'field' }, el('label', { for: control.id }, label), control);
  const form = el(
    'form',
    { class: 'controls', 'aria-label': 'Accuracy options' },
    field(actual, 'Actual curve'),
    field(begin, 'Issued from'),
    field(end, 'Issued before'),
    field(leads, 'Lead times'),
    button,
  );
  // the pre-filled actual, and the frequency to compare at when it is coarser than the forecast
  let prefilled: { name: string; frequency: Frequency | null } | null = null;
  const drawn: DrawnChart[] = [];
  signal.addEventListener('abort', () => {
    for (const d of drawn) d.finalize();
  });
  // the defaults: the catalogue's actual, the week up to the newest instance
  matchingActual(client, curve, signal)
    .then((match) => {
      if (match === null || actual.value !== '') return;
      actual.value = match.name;
      const coarser = !match.frequency.gt(curve.frequency) && !match.frequency.equals(curve.frequency);
      prefilled = { name: match.name, frequency: coarser ? match.frequency : null };
    })
    .catch((err: unknown) => {
      if (!signal.aborted) context.showError(err);
    });
  client.instances
    .list(curve, { limit: 1, signal })
    .then(([newest]) => {
      if (newest === undefined || end.value !== '') return;
      const last = newest.issued.toMillis();
      end.value = day(last + DAY_MS);
      begin.value = day(last - 6 * DAY_MS);
    })
    .catch((err: unknown) => {
      if (!signal.aborted) context.showError(err);
    });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void compute();
  });
  const compute = async (): Promise<void> => {
    context.showError(null);
    status.textContent = 'Computing…';
    button.disabled = true;
    out.setAttribute('aria-busy', 'true');
    try {
      const name = actual.value.trim();
      const result = await client.instances.skill(curve, {
        actual: name,
        begin: begin.value.trim(),
        end: end.value.trim(),
        leadTimes: leads.value === 'day-ahead' ? 'day-ahead' : { step: leads.value, max: 'P10D' },
        metrics: ['n', 'mae', 'bias'],
        ...(prefilled?.name === name && prefilled.frequency !== null ? { frequency: prefilled.frequency } : {}),
        progress: false,
        signal,
      });
      if (signal.aborted) return;
      const issues = result.byIssue().length;
      status.textContent = `${issues} instance${issues === 1 ? '' : 's'} of ${result.tags.join(', ')} against ${result.actual}.`;
      for (const d of drawn.splice(0)) d.finalize();
      const charts = el('div', { class: 'accuracy-charts' });
      replace(out, resultTable(result), charts);
      const { drawChart } = await import('./vega-view');
      if (signal.aborted) return;
      const width = Math.max(260, Math.min(520, out.clientWidth - 90));
      for (const metric of ['mae', 'bias'] as const) {
        const box = el('div', {
          class: 'chart',
          'data-metric': metric,
          role: 'figure',
          'aria-label': `${metric.toUpperCase()} by lead time`,
        });
        charts.append(box);
        drawn.push(await drawChart(box, skillChart(result, { metric, width, height: 220 }).spec));
      }
    } catch (err) {
      if (signal.aborted) return;
      status.textContent = '';
      replace(out);
      context.showError(err);
    } finally {
      button.disabled = false;
      out.removeAttribute('aria-busy');
    }
  };
  return el(
    'section',
    { 'aria-labelledby': 'accuracy-title', id: 'accuracy' },
    el('h2', { id: 'accuracy-title' }, 'Accuracy'),
    el(
      'p',
      { class: 'help' },
      'Mean absolute error and bias (forecast minus actual) by lead time, per tag, over the instances issued in the period, as client.instances.skill computes them.',
    ),
    form,
    status,
    out,
  );
}
