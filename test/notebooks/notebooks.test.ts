// The teaching notebooks (notebooks/01-*.ipynb and later) as files: committed without outputs,
// fit for CI (only curves of the `small` demo dataset, no hard-coded dates), a client made from
// the environment, short cells, charts through the plot builders, and a README that lists them.
// Running them is test/kernel/notebooks.test.ts's job.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCatalogue, DEMO_DENIED_AREAS } from '../../server/src/demo';

const root = resolve(__dirname, '..', '..');
const dir = join(root, 'notebooks');

interface Cell {
  id?: string;
  cell_type: 'markdown' | 'code' | 'raw';
  metadata?: { tags?: string[] };
  source: string | string[];
  outputs?: unknown[];
  execution_count?: number | null;
}

interface Notebook {
  cells: Cell[];
  metadata: { kernelspec?: { name?: string } };
}

const text = (cell: Cell): string => (Array.isArray(cell.source) ? cell.source.join('') : cell.source);
const tagsOf = (cell: Cell): string[] => cell.metadata?.tags ?? [];

/** Notebooks about the live push feed: their period is "now" by nature, so they take no endDate. */
const LIVE = new Set(['06-live-data.ipynb']);

/** A self-check: `if (condition) throw new Error(...)`, on one line or as a block. */
const CHECK_STATEMENT = /^if \(.*\) (throw new Error\(.*\);|\{\n\s+throw new Error\(.*\);\n\})$/s;

/** The teaching notebooks: every notebook but the kernel check (00-*), which has its own owner. */
const names = readdirSync(dir)
  .filter((n) => n.endsWith('.ipynb') && !n.endsWith('.nbconvert.ipynb') && !n.startsWith('00-'))
  .sort();
const notebooks = names.map((name) => ({ name, nb: JSON.parse(readFileSync(join(dir, name), 'utf8')) as Notebook }));
const codeOf = (nb: Notebook): string[] => nb.cells.filter((c) => c.cell_type === 'code').map(text);

/** Curve names of the small preset; the anchor date does not change names. */
const smallCurves = new Set(buildCatalogue('small', '2025-03-15').curves.map((c) => c.name));

/**
 * Curve names a notebook uses although the dataset has no such curve: on purpose, to show a 404,
 * or the curve a notebook creates itself (09 saves a residual load as a curve of its own).
 */
const MISSING_ON_PURPOSE = new Set(['DE Wind Power Produktion MWh/h 15min Actual', 'DE Residual Load MWh/h H Actual']);

/** A string literal that reads like a curve name: area or category words, a unit, a data type last. */
const CURVE_LITERAL =
  /"([A-Z][^"\n]*? (?:MWh\/h|MWh|MW|GWh|°C|%|EUR\/MWh|USD\/t|EUR\/t|pence\/therm)\b[^"\n]* (?:Actual|Forecast|Backcast|Normal|Climate|Scenario|Synthetic|Value|Capacity|REMIT|OHLC|Forex))"/g;

test('the teaching notebooks exist, in order, and the README lists every notebook', () => {
  assert.ok(names.length >= 3, names.join(', '));
  for (const expected of ['01-quickstart.ipynb', '02-timeseries-in-depth.ipynb', '03-capacity-remit.ipynb']) {
    assert.ok(names.includes(expected), `missing ${expected}`);
  }
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ipynb'))) {
    assert.ok(readme.includes(`\`${name}\``), `notebooks/README.md does not list ${name}`);
  }
});

for (const { name, nb } of notebooks) {
  test(`${name}: tslab kernel, unique cell ids, a title, prose between the code`, () => {
    assert.is(nb.metadata.kernelspec?.name, 'tslab');
    const ids = nb.cells.map((c) => c.id ?? '');
    assert.ok(
      ids.every((id) => /^[a-z0-9-]{1,64}$/.test(id)),
      ids.join(', '),
    );
    assert.is(new Set(ids).size, ids.length);
    assert.is(nb.cells[0]?.cell_type, 'markdown');
    assert.ok(text(nb.cells[0] as Cell).startsWith('# '), 'the first cell is a "# Title" markdown cell');
    const markdown = nb.cells.filter((c) => c.cell_type === 'markdown').length;
    // Self-check cells (tagged check) are hidden in reports: they need no prose of their own.
    const code = nb.cells.filter((c) => c.cell_type === 'code' && !tagsOf(c).includes('check')).length;
    assert.ok(markdown >= code * 0.6, `${markdown} markdown cells for ${code} code cells`);
  });

  test(`${name}: a parameters cell declaring endDate with let, used for the period's end`, () => {
    if (LIVE.has(name)) return;
    const params = nb.cells.filter((c) => tagsOf(c).includes('parameters'));
    assert.is(params.length, 1, 'one cell tagged parameters');
    const declared = [...text(params[0] as Cell).matchAll(/^let (\w+) = /gm)].map((m) => m[1]);
    assert.ok(declared.includes('endDate'), declared.join(', '));
    assert.ok(
      codeOf(nb).some((code) => code.includes('toTimezone(endDate, "CET")')),
      'endDate sets the period end',
    );
  });

  test(`${name}: cells tagged check hold only checks, and no other cell throws at top level`, () => {
    for (const cell of nb.cells.filter((c) => c.cell_type === 'code')) {
      const statements = text(cell)
        .split(/\n(?=if )/)
        .map((st) => st.trim());
      if (tagsOf(cell).includes('check')) {
        for (const st of statements) assert.match(st, CHECK_STATEMENT, `${cell.id}: ${st}`);
      } else {
        const thrown = text(cell)
          .split('\n')
          .find((l) => /^(if \(.*\) )?throw /.test(l));
        assert.is(thrown, undefined, `${cell.id} mixes a check into the analysis: ${thrown}`);
      }
    }
  });

  test(`${name}: committed without outputs`, () => {
    for (const cell of nb.cells.filter((c) => c.cell_type === 'code')) {
      assert.equal(cell.outputs, [], `cell ${cell.id} has outputs`);
      assert.is(cell.execution_count, null, `cell ${cell.id} has an execution count`);
    }
  });

  test(`${name}: the client comes from the environment in one line, no key, no \`!\` on series data`, () => {
    const code = codeOf(nb).join('\n');
    assert.ok(code.includes('new ServiceClient()'), 'the client reads SERVICE_API_KEY(_FILE) and SERVICE_API_URL itself');
    assert.not.ok(/process\.env\.SERVICE_API_KEY/.test(code), 'no key-file setup lines');
    assert.not.ok(/apiKey:\s*"/.test(code), 'no API key in a notebook');
    const bang = /\b(?:values|scenarios|timeseries|periodseries)!/.exec(code);
    assert.is(bang, null, `a non-null assertion on series data: ${bang?.[0]}`);
    assert.not.ok(/times\.indexOf\(/.test(code), 'no hand-written alignment by times.indexOf');
  });

  test(`${name}: no hard-coded dates (periods come from today or from the data)`, () => {
    for (const [i, code] of codeOf(nb).entries()) {
      const date = /\b(?:19|20)\d\d-\d\d-\d\d\b/.exec(code);
      assert.is(date, null, `code cell ${i + 1} has the date ${date?.[0]}`);
    }
  });

  test(`${name}: every curve it names exists in the small demo dataset`, () => {
    const used = [...codeOf(nb).join('\n').matchAll(CURVE_LITERAL)].map((m) => m[1] as string);
    for (const curve of used) {
      assert.ok(smallCurves.has(curve) || MISSING_ON_PURPOSE.has(curve), `${curve} is not a curve of the small dataset`);
    }
  });

  test(`${name}: short code cells, charts only through the plot builders`, () => {
    for (const [i, code] of codeOf(nb).entries()) {
      const lines = code.split('\n');
      assert.ok(lines.length <= 30, `code cell ${i + 1} has ${lines.length} lines`);
      const long = lines.find((l) => l.length > 120);
      assert.is(long, undefined, `code cell ${i + 1} has a line of ${long?.length} characters`);
      assert.not.ok(/display\.(svg|raw|png)\(|vegalite/i.test(code), `code cell ${i + 1} draws a chart by hand`);
    }
  });
}

test('GB is outside the demo subscriptions (notebook 01 shows the 403 with a GB curve)', () => {
  assert.ok(DEMO_DENIED_AREAS.includes('GB'));
  assert.ok(smallCurves.has('GB Consumption MWh/h 30min Actual'));
});

test('the curve-name pattern finds names and skips other strings', () => {
  const sample = 'load("DE Wind Power Production MWh/h 15min Actual"); x("EUR/MWh"); y("Futures EUA EUR/t ICE OHLC")';
  assert.equal(
    [...sample.matchAll(CURVE_LITERAL)].map((m) => m[1]),
    ['DE Wind Power Production MWh/h 15min Actual', 'Futures EUA EUR/t ICE OHLC'],
  );
});

test.run();
