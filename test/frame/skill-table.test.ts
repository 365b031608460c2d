import { inspect } from 'node:util';
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateSkill } from '../../src/engine';
import { headerLevels, skillTable } from '../../src/frame';
import { Instance, Timeseries } from '../../src/model';
import { Frequency, Resolution } from '../../src/time';

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 2);
const resolution = new Resolution(Frequency.PT1H, 'UTC');
const forecast = (tag: string, values: number[]) =>
  new Timeseries({
    resolution,
    name: 'X Forecast',
    instance: new Instance({ issued: DateTime.fromMillis(T0, { zone: 'UTC' }), tag }),
    times: values.map((_, i) => T0 + i * H),
    values,
  });
const actual = new Timeseries({ resolution, name: 'X Actual', times: [T0 - H, T0, T0 + H], values: [10, 10, 10] });
const result = evaluateSkill([forecast('ec', [11, 13]), forecast('gfs', [9, 10])], actual, {
  leadTimes: { step: 'PT1H', max: 'PT2H' },
  metrics: ['mae', 'bias'],
  curve: 'X Forecast',
});

test('rows of tag x lead, a column per metric, two header levels', () => {
  const table = result.toTable();
  assert.equal(table.columnNames(), ['tag', 'lead', 'X Forecast | lead_start', 'X Forecast | n', 'X Forecast | mae', 'X Forecast | bias']);
  assert.equal(table.array('tag'), ['ec', 'ec', 'gfs', 'gfs']);
  assert.equal(table.array('lead'), ['0-1h', '1-2h', '0-1h', '1-2h']);
  assert.equal(Array.from(table.array('X Forecast | mae') as ArrayLike<number>), [1, 3, 1, 0]);
  assert.equal(Array.from(table.array('X Forecast | bias') as ArrayLike<number>), [1, 3, -1, 0]);
  assert.equal(headerLevels(table).get('X Forecast | mae'), ['X Forecast', 'mae']);
});

test('single-level header and the notebook display', () => {
  assert.equal(skillTable(result, { singleLevelHeader: true }).columnNames(), ['tag', 'lead', 'lead_start', 'n', 'mae', 'bias']);
  const bundle = (result as unknown as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!();
  assert.ok(bundle['text/html']!.includes('<table'));
  assert.ok(bundle['text/html']!.includes('gfs'));
  assert.ok(bundle['text/plain']!.startsWith('<SkillResult'));
  // outside a notebook, Node's inspect prints the summary over a text table
  const text = inspect(result);
  assert.ok(text.startsWith('<SkillResult'), text);
  assert.ok(text.includes('gfs'), text);
});

test.run();
