/**
 * "Use in a notebook" on a curve page: the code of notebook-code.ts to copy, and the notebook to
 * download.
 *
 * @module
 */
import type { Curve } from './client-package';
import type { CurveCall } from './curve-call';
import { el } from './dom';
import { notebookOf, pythonCode, typescriptCode } from './notebook-code';
import { apiUrl } from './session';

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
  const ts = typescriptCode(curve, call, apiUrl());
  const href = URL.createObjectURL(new Blob([notebookOf(ts)], { type: 'application/x-ipynb+json' }));
  const file = `${curve.name.replace(/[^A-Za-z0-9._-]+/g, '_')}.ipynb`;
  return el(
    'details',
    { class: 'notebook' },
    el('summary', {}, 'Use in a notebook'),
    el('p', {}, 'The call that loads what the chart shows. The key comes from the SERVICE_API_KEY environment variable.'),
    codeBlock('code-typescript', 'TypeScript', ts),
    el('div', { class: 'actions' }, el('a', { class: 'button secondary', href, download: file }, 'Download notebook (.ipynb, tslab)')),
    codeBlock('code-python', 'Python (reference client)', pythonCode(curve, call, apiUrl())),
  );
}
