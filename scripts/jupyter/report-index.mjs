// The index page of a batch of reports (`npm run report -- NOTEBOOK --params-file FILE`): one
// row per report, with its notebook and parameter values, linking the report's HTML file.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML.
 * @param {string} text
 * @returns {string}
 * @example
 * escapeHtml('<a & b>') //=> '&lt;a &amp; b&gt;'
 */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * The index page.
 * @param {{ name: string, notebook: string, params: Record<string, unknown> }[]} reports in run order
 * @param {{ paramsFile: string }} source where the parameter sets came from
 * @returns {string} an HTML document (no scripts, no external resources)
 */
export function indexPage(reports, { paramsFile }) {
  const names = [...new Set(reports.flatMap((r) => Object.keys(r.params)))];
  const cell = (v) => `<td>${v === undefined ? '' : escapeHtml(typeof v === 'string' ? v : JSON.stringify(v))}</td>`;
  const rows = reports.map((r) => `<tr><td><a href="${encodeURIComponent(r.name)}.html">${escapeHtml(r.name)}</a></td><td>${escapeHtml(r.notebook)}</td>${names.map((n) => cell(r.params[n])).join('')}</tr>`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Reports (${reports.length})</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>
</head>
<body>
<h1>Reports</h1>
<p>${reports.length} report${reports.length === 1 ? '' : 's'}, one per parameter set of <code>${escapeHtml(paramsFile)}</code>.</p>
<table>
<thead><tr><th>Report</th><th>Notebook</th>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`;
}
