import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ProblemList, checkAgainstStored, curveFromDefinition, sameCurve, type RawCurve } from '../../../src/wire/sources';

const raw = (fields: Record<string, unknown>): RawCurve => ({ at: { file: 'c.csv', line: 2 }, fields, lines: {} });
const BASE = {
  name: 'NO2 Spot Price EUR/MWh H Actual',
  curve_type: 'timeseries',
  data_type: 'Actual',
  frequency: 'pt1h',
  timezone: 'CET',
  unit: 'EUR',
};

test('a definition becomes a record: canonical tags, defaults for the rest', () => {
  const problems = new ProblemList();
  const r = curveFromDefinition(raw({ ...BASE, area: 'no2', denominator: 'MWh', categories: 'Spot  Price', commodity: 'Power' }), problems);
  assert.equal(problems.items, []);
  assert.equal(r, {
    name: 'NO2 Spot Price EUR/MWh H Actual',
    curveType: 'TIMESERIES',
    area: 'NO2',
    areaSink: null,
    placeKey: null,
    categories: ['Spot', 'Price'],
    frequency: 'PT1H',
    timezone: 'CET',
    unit: 'EUR',
    denominator: 'MWh',
    dataType: 'ACTUAL',
    source: null,
    commodity: 'Power',
    instanceIssuedTimezone: null,
    package: 'power',
  });
  assert.is(curveFromDefinition(raw({ ...BASE, curve_type: 'INSTANCE' }), problems)?.instanceIssuedTimezone, 'UTC');
  assert.is(curveFromDefinition(raw({ ...BASE, data_type: 'FOREX' }), problems)?.package, 'market');
  assert.is(curveFromDefinition(raw({ ...BASE, commodity: 'Gas' }), problems)?.package, 'gas');
});

test('every bad field is a problem with its field name', () => {
  const problems = new ProblemList();
  assert.is(
    curveFromDefinition(
      raw({ name: 'X', curve_type: 'SERIES', data_type: 7, frequency: 'PT1H', timezone: 'CET', area: 'ZZ', colour: 'red', categories: 5 }),
      problems,
    ),
    null,
  );
  assert.equal(
    problems.items.map((p) => `${p.field}: ${p.message}`),
    [
      'colour: unknown curve field',
      'curve_type: unknown curve type "SERIES"',
      'data_type: expected a string, got 7',
      'unit: required field is missing',
      'area: unknown area "ZZ"',
      'categories: expected a list of strings (CSV: words separated by spaces)',
    ],
  );
});

test('against the stored curve: fields given must agree; fields left out are not compared', () => {
  const problems = new ProblemList();
  const stored = curveFromDefinition(raw({ ...BASE, area: 'NO2' }), problems);
  if (stored === null) throw new Error('no record');
  const partial = raw(BASE);
  assert.ok(
    checkAgainstStored(partial, curveFromDefinition(partial, problems) ?? stored, stored, problems),
    'area not given: not compared',
  );
  const other = raw({ ...BASE, area: 'NO1' });
  assert.not.ok(checkAgainstStored(other, curveFromDefinition(other, problems) ?? stored, stored, problems));
  assert.match(problems.items.at(-1)?.message ?? '', /stored "NO2", file "NO1"/);
  assert.ok(sameCurve(stored, { ...stored, categories: [...stored.categories] }));
  assert.not.ok(sameCurve(stored, { ...stored, unit: 'NOK' }));
});

test.run();
