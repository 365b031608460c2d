/**
 * "Use in a notebook": the TypeScript call that loads what a curve page shows (the same
 * {@link CurveCall} the page ran), the equivalent call of the reference's Python client, and a
 * one-cell notebook for the tslab kernel that runs it as it is (the key comes from the
 * `SERVICE_API_KEY` environment variable, never from the page).
 *
 * @module
 */
import type { Curve } from './client-package';
import type { CurveCall } from './curve-call';
import { el } from './dom';
import { apiUrl } from './session';

/** The chart builder (service/plot) for what a call returns. */
function chartBuilder(curve: Curve, call: CurveCall): string {
  if (call.options.ensembles === true) return 'scenarioFanChart';
  if (call.section === 'timeseries' || call.section === 'instances')
    return curve.curveType.tag === 'SCENARIO_TIMESERIES' ? 'scenarioFanChart' : 'lineChart';
  return 'forwardCurveChart';
}

/**
 * The TypeScript cell.
 *
 * @param curve - The curve.
 * @param call - The call the page ran.
 * @param url - The API URL.
 * @returns The code.
 */
export function typescriptCode(curve: Curve, call: CurveCall, url: string = apiUrl()): string {
  const chart = chartBuilder(curve, call);
  const options = Object.entries(call.options).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  const args = options.length === 0 ? '' : `, { ${options.join(', ')} }`;
  return [
    "import { ServiceClient } from 'service';",
    `import { ${chart} } from 'service/plot';`,
    '',
    '// The key is read from the SERVICE_API_KEY environment variable.',
    `const client = new ServiceClient({ apiUrl: ${JSON.stringify(url)} });`,
    `const data = await client.${call.section}.${call.method}(${JSON.stringify(curve.name)}${args});`,
    `${chart}(data);`,
  ].join('\n');
}

const PY_SECTIONS: Record<CurveCall['section'], string> = {
  timeseries: 'timeseries',
  instances: 'instances',
  periods: 'periods',
  periodInstances: 'period_instances',
  ohlc: 'ohlc',
};

const PY_NAMES: Record<string, string> = { issuedAtLatest: 'issued_at_latest', timeZone: 'time_zone' };

function pyValue(name: string, value: string | boolean): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (name === 'frequency') return `Frequency.${value}`;
  if (name === 'aggregation') return `Aggregation.${value}`;
  if (name === 'tags') return `[${JSON.stringify(value)}]`;
  return JSON.stringify(value);
}

/**
 * The equivalent call of the reference's Python client (`energyquantified`).
 *
 * @param curve - The curve.
 * @param call - The call the page ran.
 * @param url - The API URL.
 * @returns The code.
 */
export function pythonCode(curve: Curve, call: CurveCall, url: string = apiUrl()): string {
  const names = Object.keys(call.options);
  const imports = ['from energyquantified import EnergyQuantified'];
  if (names.includes('frequency')) imports.push('from energyquantified.time import Frequency');
  if (names.includes('aggregation')) imports.push('from energyquantified.metadata import Aggregation');
  const args = Object.entries(call.options).map(([k, v]) => `${PY_NAMES[k] ?? k}=${pyValue(k, v)}`);
  return [
    ...imports,
    '',
    `eq = EnergyQuantified(api_key_file="service-key.txt", api_url=${JSON.stringify(url)})`,
    `data = eq.${PY_SECTIONS[call.section]}.${call.method}(${[JSON.stringify(curve.name), ...args].join(', ')})`,
  ].join('\n');
}

/**
 * A one-cell notebook for the tslab kernel.
 *
 * @param code - The TypeScript cell.
 * @returns The `.ipynb` text (nbformat 4).
 */
export function notebookOf(code: string): string {
  const source = code.split('\n').map((line, i, all) => (i < all.length - 1 ? `${line}\n` : line));
  return `${JSON.stringify(
    {
      cells: [{ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source }],
      metadata: {
        kernelspec: { display_name: 'TypeScript (service)', language: 'typescript', name: 'tslab' },
        language_info: { name: 'typescript', file_extension: '.ts', mimetype: 'text/typescript' },
      },
      nbformat: 4,
      nbformat_minor: 5,
    },
    null,
    1,
  )}\n`;
}

function codeBlock(id: string, title: string, code: string): HTMLElement {
  const status = el('span', { class: 'help', role: 'status' });
  const copy = el(
    'button',
    {
      type: 'button',
      class: 'secondary',
      'aria-describedby': id,
      onclick: () => {
        navigator.clipboard
          .writeText(code)
          .then(() => {
            status.textContent = 'Copied.';
          })
          .catch(() => {
            status.textContent = 'Copying is not allowed here: select the code and copy it.';
          });
      },
    },
    `Copy ${title}`,
  );
  return el(
    'div',
    {},
    el('h3', {}, title),
    el('pre', { class: 'code', id, tabindex: '0' }, el('code', {}, code)),
    el('div', { class: 'actions' }, copy, status),
  );
}

/**
 * The "Use in a notebook" panel.
 *
 * @param curve - The curve.
 * @param call - The call the page ran.
 * @returns The panel.
 */
export function notebookPanel(curve: Curve, call: CurveCall): HTMLElement {
  const ts = typescriptCode(curve, call);
  const href = URL.createObjectURL(new Blob([notebookOf(ts)], { type: 'application/x-ipynb+json' }));
  const file = `${curve.name.replace(/[^A-Za-z0-9._-]+/g, '_')}.ipynb`;
  return el(
    'details',
    { class: 'notebook' },
    el('summary', {}, 'Use in a notebook'),
    el('p', {}, 'The call that loads what the chart shows. The key comes from the SERVICE_API_KEY environment variable.'),
    codeBlock('code-typescript', 'TypeScript', ts),
    el('div', { class: 'actions' }, el('a', { class: 'button secondary', href, download: file }, 'Download notebook (.ipynb, tslab)')),
    codeBlock('code-python', 'Python (reference client)', pythonCode(curve, call)),
  );
}
