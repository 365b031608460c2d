/**
 * A curve's page (`/curves/<encoded name>?begin=...&frequency=...`): the curve's metadata, an
 * interactive chart of a sensible default (curve-call.ts) with controls that map one to one to
 * the load options and live in the URL, the instances of an instance curve, the loaded values as
 * a table with CSV download, "Use in a notebook" (notebook.ts), and for an instance curve its
 * Accuracy against an actual (accuracy.ts).
 *
 * @module
 */
import { Frequency, NotFoundError, unitLabel, type Curve } from '../client-package';
import { accuracySection } from '../accuracy';
import { callFor, runCall, SETTING_PARAMS, settingsOf, takesFrequency, takesPeriod, type CurveSettings } from '../curve-call';
import { chartOf, csvOf, tableOf, type ValueTable } from '../curve-data';
import { el, replace } from '../dom';
import { notebookPanel } from '../notebook';
import { registerPage, type PageContext } from '../router';
import type { DrawnChart } from '../vega-view';

/** Rows shown in the values table (the CSV has them all). */
const TABLE_ROWS = 500;

const AGGREGATIONS = ['AVERAGE', 'SUM', 'MIN', 'MAX'];

function metadataList(curve: Curve): HTMLElement {
  const area =
    curve.area?.tag ??
    (curve.areaSource && curve.areaSink ? `${curve.areaSource.tag} → ${curve.areaSink.tag}` : (curve.areaSource?.tag ?? null));
  const rows: [string, string | null][] = [
    ['Area', area],
    ['Unit', unitLabel(curve.unit, curve.denominator)],
    ['Frequency', curve.frequency.tag],
    ['Time zone', curve.timezone],
    ['Curve type', curve.curveType.tag],
    ['Data type', curve.dataType.tag],
    ['Categories', curve.categories.join(', ') || null],
    ['Source', curve.source],
    ['Commodity', curve.commodity],
    ['Place', curve.place ? `${curve.place.name} (${curve.place.kind.tag})` : null],
  ];
  return el(
    'dl',
    { class: 'curve-meta' },
    ...rows.filter(([, v]) => v !== null && v !== '').flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]),
  );
}

function field(id: string, label: string, control: HTMLElement): HTMLElement {
  return el('div', { class: 'field' }, el('label', { for: id }, label), control);
}

function controlsFor(curve: Curve, settings: CurveSettings, apply: (s: Partial<CurveSettings>) => void): HTMLFormElement {
  const form = el('form', { class: 'controls', 'aria-label': 'Chart options' });
  const inputs: Partial<Record<keyof CurveSettings, HTMLInputElement | HTMLSelectElement>> = {};
  if (takesPeriod(curve)) {
    for (const [name, label] of [
      ['begin', 'Begin'],
      ['end', 'End'],
    ] as const) {
      const shown = settings[name] || String(callFor(curve, settings).options[name] ?? '');
      const input = el('input', { id: `opt-${name}`, name, value: shown, placeholder: 'YYYY-MM-DD', size: 16 });
      inputs[name] = input;
      form.append(field(input.id, label, input));
    }
  }
  if (takesFrequency(curve)) {
    const frequency = el(
      'select',
      { id: 'opt-frequency', name: 'frequency' },
      el('option', { value: '' }, `As stored (${curve.frequency.tag})`),
    );
    for (const f of Frequency.all()) if (f.tag !== 'NONE') frequency.append(el('option', { value: f.tag }, f.tag));
    frequency.value = settings.frequency;
    const aggregation = el('select', { id: 'opt-aggregation', name: 'aggregation' }, el('option', { value: '' }, 'Default (average)'));
    for (const a of AGGREGATIONS) aggregation.append(el('option', { value: a }, a));
    aggregation.value = settings.aggregation;
    inputs.frequency = frequency;
    inputs.aggregation = aggregation;
    form.append(field(frequency.id, 'Frequency', frequency), field(aggregation.id, 'Aggregation', aggregation));
  }
  const unit = el('input', {
    id: 'opt-unit',
    name: 'unit',
    value: settings.unit,
    placeholder: unitLabel(curve.unit, curve.denominator) ?? '',
    size: 10,
  });
  inputs.unit = unit;
  form.append(field(unit.id, 'Unit', unit), el('button', { type: 'submit' }, 'Apply'));
  const read = (): Partial<CurveSettings> =>
    Object.fromEntries(Object.entries(inputs).map(([k, input]) => [k, input.value.trim()])) as Partial<CurveSettings>;
  for (const input of Object.values(inputs)) if (input instanceof HTMLSelectElement) input.addEventListener('change', () => apply(read()));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply(read());
  });
  return form;
}

function valuesTable(table: ValueTable, curveName: string): HTMLElement {
  const csv = csvOf(table);
  const href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const file = `${curveName.replace(/[^A-Za-z0-9._-]+/g, '_')}.csv`;
  const shown = table.rows.slice(0, TABLE_ROWS);
  return el(
    'section',
    { 'aria-labelledby': 'values-title' },
    el('h2', { id: 'values-title' }, 'Values'),
    el(
      'div',
      { class: 'actions' },
      el('a', { class: 'button secondary', href, download: file }, `Download CSV (${table.rows.length} rows)`),
      table.rows.length > TABLE_ROWS ? el('span', { class: 'help' }, `The table shows the first ${TABLE_ROWS} rows.`) : null,
    ),
    el(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'values-title' },
      el(
        'table',
        {},
        el('thead', {}, el('tr', {}, ...table.columns.map((c) => el('th', { scope: 'col' }, c)))),
        el(
          'tbody',
          {},
          ...shown.map((row) =>
            el('tr', {}, ...row.map((cell) => el('td', { class: typeof cell === 'number' ? 'num' : null }, cell === null ? '' : cell))),
          ),
        ),
      ),
    ),
  );
}

async function instancesSection(
  context: PageContext,
  curve: Curve,
  settings: CurveSettings,
): Promise<{ node: HTMLElement; scenarios: number }> {
  // the most the service lists at once: 25 instances, 20 period instances
  const list =
    curve.curveType.tag === 'INSTANCE'
      ? await context.client.instances.list(curve, { limit: 25, signal: context.signal })
      : await context.client.periodInstances.list(curve, { limit: 20, signal: context.signal });
  const chosen =
    settings.issued === ''
      ? list.find((i) => settings.tag === '' || i.tag === settings.tag)
      : list.find((i) => i.issued.toMillis() === Date.parse(settings.issued) && i.tag === settings.tag);
  const link = (issued: string, tag: string): string => {
    const q = new URLSearchParams(context.query);
    q.set('issued', issued);
    if (tag === '') q.delete('tag');
    else q.set('tag', tag);
    return `${location.pathname}?${q}`;
  };
  const node = el(
    'section',
    { 'aria-labelledby': 'instances-title' },
    el('h2', { id: 'instances-title' }, 'Instances'),
    list.length === 0
      ? el('p', {}, 'This curve has no instances yet.')
      : el(
          'div',
          { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'instances-title' },
          el(
            'table',
            {},
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                el('th', { scope: 'col' }, 'Issued'),
                el('th', { scope: 'col' }, 'Tag'),
                el('th', { scope: 'col' }, 'Scenarios'),
              ),
            ),
            el(
              'tbody',
              {},
              ...list.map((i) => {
                const issued = i.issued.toISO({ suppressMilliseconds: true }) ?? '';
                return el(
                  'tr',
                  {},
                  el('td', {}, el('a', { href: link(issued, i.tag), 'aria-current': i === chosen ? 'true' : null }, issued)),
                  el('td', {}, i.tag || '(blank)'),
                  el('td', { class: 'num' }, i.scenarios),
                );
              }),
            ),
          ),
        ),
  );
  return { node, scenarios: chosen?.scenarios ?? 0 };
}

// Not split: the page's heading, status line, form and chart are shared by its loads, its handlers
// and its abort.
async function render(context: PageContext): Promise<void> {
  const { main, client, signal, params } = context;
  const name = params.name ?? '';
  context.setTitle(name);
  const heading = el('h1', {}, name);
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, 'Loading the curve…');
  main.append(el('p', {}, el('a', { href: '/curves', 'data-back': 'search' }, '← Search curves')), heading, status);
  let curve: Curve;
  try {
    curve = await client.metadata.curve(name, { signal });
  } catch (err) {
    if (signal.aborted) return;
    status.textContent = '';
    if (err instanceof NotFoundError)
      context.showError(new NotFoundError(`There is no curve named "${name}" (or your key may not see it).`));
    else context.showError(err);
    return;
  }
  if (signal.aborted) return;
  const settings = settingsOf(context.query);
  const apply = (changes: Partial<CurveSettings>): void => {
    context.setQuery({ ...changes });
    void show(settingsOf(new URLSearchParams(location.search)));
  };
  const controls = controlsFor(curve, settings, apply);
  const chartBox = el('div', { class: 'chart', id: 'chart', 'aria-label': `Chart of ${name}`, role: 'figure' });
  const chartNote = el('p', { class: 'chart-note', id: 'chart-note' });
  const instancesBox = el('div');
  const valuesBox = el('div');
  const notebookBox = el('div');
  status.textContent = '';
  main.append(
    metadataList(curve),
    el('h2', { id: 'chart-title' }, 'Chart'),
    controls,
    chartNote,
    chartBox,
    instancesBox,
    valuesBox,
    notebookBox,
  );
  if (curve.curveType.tag === 'INSTANCE') main.append(accuracySection(context, curve));

  let drawn: DrawnChart | null = null;
  let latest = 0;
  signal.addEventListener('abort', () => drawn?.finalize());
  const show = async (s: CurveSettings): Promise<void> => {
    const seq = ++latest;
    context.showError(null);
    chartNote.textContent = 'Loading…';
    chartBox.setAttribute('aria-busy', 'true');
    try {
      let scenarios = 0;
      if (curve.curveType.hasInstances) {
        const inst = await instancesSection(context, curve, s);
        if (seq !== latest) return;
        replace(instancesBox, inst.node);
        scenarios = inst.scenarios;
      }
      const call = callFor(curve, s, curve.curveType.tag === 'INSTANCE' && scenarios > 0);
      const data = await runCall(client, curve, call, signal);
      if (seq !== latest || signal.aborted) return;
      const table = tableOf(data);
      replace(valuesBox, valuesTable(table, curve.name));
      replace(notebookBox, notebookPanel(curve, call));
      const width = Math.max(280, chartBox.clientWidth - 90);
      const chart = chartOf(data, { width, height: 300 });
      drawn?.finalize();
      drawn = null;
      if (chart === null) {
        replace(chartBox);
        chartNote.textContent = 'No values in this range.';
      } else {
        const { drawChart } = await import('../vega-view');
        if (seq !== latest || signal.aborted) return;
        replace(chartBox);
        drawn = await drawChart(chartBox, chart.spec);
        chartNote.textContent = `${table.rows.length} ${chart.kind === 'forward-curve' ? 'contracts' : table.rows.length === 1 ? 'row' : 'rows'}${
          chart.kind === 'ensemble' ? ', ensemble: band from lowest to highest scenario, line at the mean' : ''
        }. Drag to pan, scroll to zoom the time axis.`;
      }
      chartBox.setAttribute('data-kind', chart?.kind ?? 'empty');
    } catch (err) {
      if (seq !== latest || signal.aborted) return;
      chartNote.textContent = '';
      replace(chartBox);
      context.showError(err);
    } finally {
      if (seq === latest) chartBox.removeAttribute('aria-busy');
    }
  };
  const unknown = [...context.query.keys()].filter((k) => !(SETTING_PARAMS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    context.showError(new Error(`Unknown parameter${unknown.length > 1 ? 's' : ''} in the URL: ${unknown.join(', ')}`));
    return;
  }
  await show(settings);
}

registerPage({ path: '/curves/:name', title: 'Curve', render });
