/**
 * Import (`/import`, the administrator's key only): files picked or dropped go to the import
 * endpoint in one request (docs/protocol.md#import). A good import lists what it wrote with links
 * to the curves; a bad one lists every problem with its file and line, and nothing was written.
 * "Check only" asks for a dry run.
 *
 * @module
 */
import { postJson } from '../api-post';
import type { ImportSummaryJson as ImportAnswer } from '../client-package';
import { ValidationError } from '../client-package';
import { el, replace } from '../dom';
import { registerPage } from '../router';

/** One problem line of a refused import: `file:line: field: message`. */
interface Problem {
  where: string;
  message: string;
}

/**
 * The problems of a refused import, one per line of the service's message after its first line.
 *
 * @param message - The 400's message.
 * @returns The problems (the whole message as one when it has no problem lines).
 */
function problemsOf(message: string): Problem[] {
  const lines = message.split('\n').slice(1);
  const problems = lines
    .map((line) => /^\s*(.+?:\d+):\s*(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ where: m[1]!, message: m[2]! }));
  return problems.length ? problems : [{ where: '', message }];
}

function curveLink(name: string, isNew: boolean): HTMLLIElement {
  return el('li', {}, el('a', { href: `/curves/${encodeURIComponent(name)}` }, name), isNew ? ' (new)' : null);
}

function summary(answer: ImportAnswer): HTMLElement {
  const fresh = new Set(answer.new_curves);
  const numbers: [string, number][] = [
    ['Files', answer.files],
    ['Curves', answer.curves.length],
    ['New curves', answer.new_curves.length],
    ['Instances', answer.instances],
    ['Values', answer.values],
    ['Events', answer.events],
  ];
  return el(
    'section',
    { class: 'import-result', 'aria-labelledby': 'import-result-title' },
    el('h2', { id: 'import-result-title' }, answer.dry_run ? 'Checked: the files are good (nothing was written)' : 'Imported'),
    el('dl', { class: 'counts' }, ...numbers.flatMap(([label, n]) => [el('dt', {}, label), el('dd', {}, n.toLocaleString('en'))])),
    el('h3', {}, answer.dry_run ? 'Curves the import would write' : 'Curves written'),
    el('ul', { class: 'curve-links' }, ...answer.curves.map((name) => curveLink(name, fresh.has(name)))),
  );
}

function refusal(err: ValidationError): HTMLElement {
  const problems = problemsOf(err.reason);
  return el(
    'section',
    { class: 'import-problems error', 'aria-labelledby': 'import-problems-title' },
    el('h2', { id: 'import-problems-title' }, 'Nothing was imported'),
    el('p', {}, `${problems.length} problem${problems.length === 1 ? '' : 's'} (file:line):`),
    el(
      'ul',
      { class: 'problems' },
      ...problems.map((p) => el('li', {}, p.where ? el('code', {}, p.where) : null, p.where ? ' ' : null, p.message)),
    ),
  );
}

registerPage({
  path: '/import',
  title: 'Import',
  nav: 'Import',
  administrator: true,
  render({ main, client, signal, showError }) {
    let chosen: File[] = [];
    const input = el('input', { id: 'import-files', name: 'files', type: 'file', multiple: true, accept: '.csv,.json' });
    const dryRun = el('input', { id: 'import-dry-run', name: 'dry_run', type: 'checkbox' });
    const list = el('ul', { id: 'import-chosen', class: 'chosen', 'aria-label': 'Chosen files' });
    const button = el('button', { type: 'submit', disabled: true }, 'Import');
    const status = el('p', { id: 'import-status', class: 'status', role: 'status', 'aria-live': 'polite' });
    const result = el('div', { id: 'import-result' });
    const choose = (files: File[]) => {
      chosen = files;
      replace(list, ...files.map((f) => el('li', {}, `${f.name} (${f.size.toLocaleString('en')} bytes)`)));
      button.disabled = files.length === 0;
      status.textContent = files.length ? `${files.length} file${files.length === 1 ? '' : 's'} chosen` : '';
    };
    input.addEventListener('change', () => choose([...(input.files ?? [])]));
    const zone = el(
      'div',
      { class: 'drop-zone', id: 'import-drop' },
      el('label', { for: 'import-files' }, 'Files (CSV or JSON, docs/import-formats.md)'),
      input,
      el('p', { class: 'help' }, 'Or drop the files here.'),
    );
    zone.addEventListener('dragover', (event) => {
      event.preventDefault();
      zone.classList.add('dragging');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
    zone.addEventListener('drop', (event) => {
      event.preventDefault();
      zone.classList.remove('dragging');
      choose([...(event.dataTransfer?.files ?? [])]);
    });
    const form = el(
      'form',
      { class: 'import', 'aria-labelledby': 'import-title' },
      zone,
      list,
      el('p', {}, dryRun, ' ', el('label', { for: 'import-dry-run' }, 'Check only (nothing is written)')),
      button,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (chosen.length === 0) return;
      button.disabled = true;
      showError(null);
      replace(result);
      status.textContent = dryRun.checked ? 'Checking…' : 'Importing…';
      void (async () => {
        try {
          const files = await Promise.all(chosen.map(async (f) => ({ name: f.name, text: await f.text() })));
          const answer = await postJson<ImportAnswer>(client, '/import/', { files, dry_run: dryRun.checked }, signal);
          status.textContent = answer.dry_run ? 'Checked.' : `Imported ${answer.values.toLocaleString('en')} values.`;
          replace(result, summary(answer));
        } catch (err) {
          if (signal.aborted) return;
          status.textContent = '';
          if (err instanceof ValidationError && err.parameter === 'files') replace(result, refusal(err));
          else showError(err);
        } finally {
          button.disabled = chosen.length === 0;
        }
      })();
    });
    main.append(
      el('h1', { id: 'import-title' }, 'Import data'),
      el(
        'p',
        { class: 'help' },
        'All files go in one import: either every file is good and all of it is written, or nothing is and every problem is listed with its file and line.',
      ),
      form,
      status,
      result,
    );
  },
});
