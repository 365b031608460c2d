// The provenance of a report: when it ran, where its data came from (the service's address, or
// the snapshot it replayed), the package, kernel and converter versions, and the parameters. It
// is shown in a footer at the end of the report and kept, as JSON, in the page's metadata
// (`<meta name="service-provenance">` and `<script type="application/json" id="service-provenance">`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './report-index.mjs';

/**
 * The version of the kernel a notebook ran on: tslab's package version, or `deno --version`.
 * @param {string} kernel the kernelspec name (`tslab` or `deno`)
 * @param {string} root the project root
 * @returns {string}
 */
export function kernelVersion(kernel, root) {
  if (kernel === 'deno') {
    const deno = join(root, 'node_modules', '.bin', 'deno');
    const r = spawnSync(existsSync(deno) ? deno : 'deno', ['--version'], { encoding: 'utf8' });
    return r.status === 0 ? r.stdout.split('\n')[0].trim() : 'deno (version unknown)';
  }
  const file = join(root, 'node_modules', kernel, 'package.json');
  return existsSync(file) ? `${kernel} ${JSON.parse(readFileSync(file, 'utf8')).version}` : kernel;
}

/**
 * The provenance record of one report.
 * @param {{ root: string, notebook: string, kernel: string, kernelVersion: string, nbconvert: string,
 *   params: Record<string, unknown>, ran: string, source: { service?: string, snapshot?: string, recorded?: string, recordedFrom?: string } }} o
 * @returns {object}
 */
export function provenance(o) {
  const pkg = JSON.parse(readFileSync(join(o.root, 'package.json'), 'utf8'));
  return {
    notebook: o.notebook,
    ran: o.ran,
    source: o.source,
    package: `${pkg.name} ${pkg.version}`,
    kernel: o.kernel,
    kernelVersion: o.kernelVersion,
    node: process.version,
    nbconvert: o.nbconvert,
    parameters: o.params,
  };
}

function sourceText(source) {
  if (source.snapshot) return `snapshot ${source.snapshot} (recorded ${source.recorded} from ${source.recordedFrom})`;
  return `service ${source.service}${source.recordedInto ? ` (answers recorded into ${source.recordedInto})` : ''}`;
}

/**
 * The report page with its provenance: metadata in the head, a footer before `</body>`.
 * @param {string} html the page nbconvert wrote
 * @param {object} p from {@link provenance}
 * @returns {string}
 * @throws {Error} when the page has no `</head>` or `</body>`
 */
export function addProvenance(html, p) {
  const json = JSON.stringify(p);
  const params = Object.entries(p.parameters);
  const rows = [
    ['Ran', p.ran],
    ['Data', sourceText(p.source)],
    ['Package', p.package],
    ['Kernel', `${p.kernel} (${p.kernelVersion}), Node ${p.node}, nbconvert ${p.nbconvert}`],
    ['Parameters', params.length === 0 ? 'none (the notebook\'s defaults)' : params.map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ')],
  ];
  const footer = `<footer id="service-provenance-footer" style="margin:2em 1em;padding-top:1em;border-top:1px solid #ccc;font:12px sans-serif;color:#444">
<table>${rows.map(([k, v]) => `<tr><th style="text-align:left;padding-right:1em">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
</footer>
`;
  const head = `<meta name="service-provenance" content="${escapeHtml(json)}">
<script type="application/json" id="service-provenance">${json.replace(/</g, '\\u003c')}</script>
`;
  if (!html.includes('</head>') || !html.includes('</body>')) throw new Error('provenance: the report page has no </head> or </body>');
  // Functions as replacements: a `$&` in the record must stay as it is.
  return html.replace('</head>', () => `${head}</head>`).replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${footer}</body>`);
}
