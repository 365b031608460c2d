// Curve definitions of a save: tags normalised, optional fields kept only when given, a Curve
// taken as its definition, and each bad field a ValidationError naming it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../src/exceptions';
import { Area, Curve, CurveType, DataType } from '../../../src/model';
import { Frequency } from '../../../src/time';
import { curveDefinitionJson, curveOfDefinition } from '../../../src/wire';

const BASE = {
  name: ' DE X MWh/h H Actual ',
  curveType: 'timeseries',
  dataType: 'actual',
  frequency: 'pt60m',
  timezone: 'cet',
  unit: 'MWh/h',
};

test('a definition is written with the import field names and canonical tags', () => {
  assert.equal(curveDefinitionJson({ ...BASE, area: 'de', categories: [' Residual', 'Load'], instanceIssuedTimezone: null, source: '' }), {
    name: 'DE X MWh/h H Actual',
    curve_type: 'TIMESERIES',
    data_type: 'ACTUAL',
    frequency: 'PT1H',
    timezone: 'CET',
    unit: 'MWh/h',
    area: 'DE',
    categories: ['Residual', 'Load'],
  });
});

test('a Curve is its own definition, and the definition makes the same Curve back', () => {
  const curve = new Curve({
    name: 'DE Y MWh/h 15min Forecast',
    curveType: CurveType.INSTANCE,
    dataType: DataType.FORECAST,
    frequency: Frequency.PT15M,
    timezone: 'Europe/Berlin',
    unit: 'MWh/h',
    area: Area.byTag('DE'),
    categories: ['Wind'],
  });
  const json = curveDefinitionJson(curve);
  assert.equal(json, {
    name: 'DE Y MWh/h 15min Forecast',
    curve_type: 'INSTANCE',
    data_type: 'FORECAST',
    frequency: 'PT15M',
    timezone: 'Europe/Berlin',
    unit: 'MWh/h',
    area: 'DE',
    instance_issued_timezone: 'UTC',
    categories: ['Wind'],
  });
  assert.ok(curveOfDefinition(json).equals(curve));
});

test('each bad field is a ValidationError naming it', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['name', { name: '' }],
    ['curveType', { curveType: 'SERIES' }],
    ['dataType', { dataType: undefined }],
    ['frequency', { frequency: 'PT2H' }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['unit', { unit: 3 }],
    ['areaSink', { areaSink: 'XX' }],
    ['commodity', { commodity: 5 }],
    ['instanceIssuedTimezone', { instanceIssuedTimezone: 'nowhere' }],
    ['categories', { categories: 'Wind Power' }],
  ];
  for (const [field, change] of cases) {
    const err = (() => {
      try {
        curveDefinitionJson({ ...BASE, ...change } as never);
      } catch (e) {
        return e;
      }
      return null;
    })();
    assert.instance(err, ValidationError, field);
    assert.is((err as ValidationError).parameter, field);
  }
});

test.run();
