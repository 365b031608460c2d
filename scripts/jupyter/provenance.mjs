// The provenance of a report: when it ran, where its data came from (the service's address, or
// the snapshot it replayed), the package, kernel, converter and chart-library versions, the
// parameters, the requests the notebook's clients made (operation, curve, range and the answer's
// ETag, read from the client's request log: SERVICE_REQUEST_LOG) and the data version they saw. It
// is shown in a footer at the end of the report and kept, as JSON, in the page's metadata
// (`<meta name="service-provenance">` and `<script type="application/json" id="service-provenance">`).
//
// The data version: the service gives every answer an ETag made from the data version of what it
// read (any import naming a curve changes it), the caller and the request. The report's data
// version is a digest of the requests with their tags (encoding suffixes removed): the same
// requests answered from the same data give the same version, a replay of a recording too, and
// any change of data behind one of the answers gives another.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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

/** The sections whose second path segment is a curve name. */
const CURVE_SECTIONS = new Set(['timeseries', 'periods', 'instances', 'period-instances', 'ohlc', 'srmc']);

/**
 * What a request line asked for: the operation (the path without the curve), the curve, and the
 * range (`begin` to `end`, as sent).
 * @param {string} path the path and query below the API root
 * @returns {{ operation: string, curve: string | null, range: string | null }}
 * @example
 * describeRequest('/timeseries/DE%20Wind/?begin=2024-01-01&end=2024-01-08&frequency=P1D')
 * //=> { operation: 'timeseries', curve: 'DE Wind', range: '2024-01-01 to 2024-01-08' }
 */
export function describeRequest(path) {
  const [pathname, query = ''] = path.split('?');
  const segments = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  let curve = null;
  let operation = segments.join(' ');
  if (CURVE_SECTIONS.has(segments[0]) && segments.length >= 2) {
    curve = segments[1];
    operation = [segments[0], ...segments.slice(2)].join(' ');
  } else if (segments[0] === 'metadata' && segments[1] === 'curves' && segments.length >= 3) {
    curve = segments[2];
    operation = 'metadata curve';
  }
  const q = new URLSearchParams(query);
  const begin = q.get('begin');
  const end = q.get('end');
  const range = begin === null && end === null ? null : `${begin ?? '…'} to ${end ?? '…'}`;
  return { operation, curve, range };
}

/**
 * The requests of a report from the client's request log (one JSON line per request), sorted by
 * operation, curve and request line: requests made concurrently are logged in whatever order they
 * end, and the list (and the data version made from it) must not depend on that.
 * @param {string} file the log (missing: no requests)
 * @returns {{ operation: string, curve: string | null, range: string | null, path: string, etag: string | null }[]}
 */
export function readRequests(file) {
  if (!existsSync(file)) return [];
  const key = (r) => `${r.operation}\u0000${r.curve ?? ''}\u0000${r.path}`;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
    .map((r) => ({ ...describeRequest(r.path), path: r.path, etag: typeof r.etag === 'string' ? r.etag.replace(/-(gzip|br|zstd)"$/, '"') : null }))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * The data version of a report's answers: the first 16 hex digits of a SHA-256 over its requests
 * and their ETags, or null when no answer had a tag.
 * @param {{ path: string, etag: string | null }[]} requests
 * @returns {string | null}
 */
export function dataVersion(requests) {
  const tagged = requests.filter((r) => r.etag !== null);
  if (tagged.length === 0) return null;
  const hash = createHash('sha256');
  for (const r of tagged) hash.update(`${r.path} ${r.etag}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The provenance record of one report.
 * @param {{ root: string, notebook: string, kernel: string, kernelVersion: string, nbconvert: string,
 *   params: Record<string, unknown>, ran: string, source: { service?: string, snapshot?: string, recorded?: string, recordedFrom?: string },
 *   requests: ReturnType<typeof readRequests>, charts: Record<string, string> }} o
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
    charts: o.charts,
    parameters: o.params,
    dataVersion: dataVersion(o.requests),
    requests: o.requests,
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
    ['Charts', Object.entries(p.charts).map(([k, v]) => `${k} ${v}`).join(', ')],
    ['Data version', p.dataVersion === null ? 'none (no answer had an ETag)' : `${p.dataVersion} (digest of the ${p.requests.filter((r) => r.etag !== null).length} answers' ETags)`],
  ];
  const cell = (v) => `<td style="padding-right:1em">${escapeHtml(v ?? '')}</td>`;
  const requests = p.requests.length === 0 ? '<p>No requests.</p>' : `<details><summary>${p.requests.length} requests (operation, curve, range, ETag)</summary>
<table><tr><th style="text-align:left">Operation</th><th style="text-align:left">Curve</th><th style="text-align:left">Range</th><th style="text-align:left">ETag</th></tr>
${p.requests.map((r) => `<tr>${cell(r.operation)}${cell(r.curve)}${cell(r.range)}${cell(r.etag ?? 'none (error answer)')}</tr>`).join('\n')}
</table></details>`;
  const footer = `<footer id="service-provenance-footer" style="margin:2em 1em;padding-top:1em;border-top:1px solid #ccc;font:12px sans-serif;color:#444">
<table>${rows.map(([k, v]) => `<tr><th style="text-align:left;padding-right:1em">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
${requests}
</footer>
`;
  const head = `<meta name="service-provenance" content="${escapeHtml(json)}">
<script type="application/json" id="service-provenance">${json.replace(/</g, '\\u003c')}</script>
`;
  if (!html.includes('</head>') || !html.includes('</body>')) throw new Error('provenance: the report page has no </head> or </body>');
  // Functions as replacements: a `$&` in the record must stay as it is.
  return html.replace('</head>', () => `${head}</head>`).replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${footer}</body>`);
}
