// test: own process
// What a fresh process has loaded after building a chart: this file runs alone, since in a
// process shared with other test files vega may already be loaded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lineChart } from '../../src/plot';

test('building specs does not load vega or vega-lite (they load on first render)', () => {
  const chart = lineChart({
    numRows: () => 1,
    columnNames: () => ['date', 'v'],
    array: (n: string) => (n === 'date' ? [new Date(0)] : [1]),
  });
  assert.is(chart.points, 1);
  const loaded = Object.keys(require.cache).filter((k) => /[\\/]node_modules[\\/](vega|vega-lite|@resvg)[\\/]/.test(k));
  assert.equal(loaded, []);
});

test.run();
