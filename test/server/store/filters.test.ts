import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { categoriesOf, matchesCurve, matchesPlace, matchesText, pageOf, searchWords } from '../../../server/src/store';
import type { CurveRecord, PlaceRecord } from '../../../server/src/store';
import { curveRecord } from '../../helpers/records';

function curve(name: string, over: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, { categories: ['Wind', 'Power', 'Production'], frequency: 'PT15M', ...over });
}

const wind = curve('DE Wind Power Production MWh/h 15min Actual');
const exchange = curve('CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual', {
  area: 'CZ',
  areaSink: 'DE',
  categories: ['Exchange', 'Day-Ahead', 'Schedule'],
  frequency: 'PT1H',
});
const spot = curve('DE Price Spot EUR/MWh EPEX H Actual', {
  categories: ['Price', 'Spot'],
  unit: 'EUR',
  denominator: 'MWh',
  source: 'EPEX',
  frequency: 'PT1H',
});
const plant = curve('DE @Neurath Lignite Power Production MWh/h H Actual', {
  placeKey: 'pp-neurath',
  categories: ['Lignite', 'Power', 'Production'],
  frequency: 'PT1H',
});

test('free text: every word starts a word of the name, case-insensitively', () => {
  assert.equal(searchWords('DE>FR Exchange Day-Ahead MWh/h'), ['de', 'fr', 'exchange', 'day', 'ahead', 'mwh', 'h']);
  assert.ok(matchesText('de wind', wind.name));
  assert.ok(matchesText('WIND prod', wind.name));
  assert.not.ok(matchesText('wind fr', wind.name));
  // "de" must start a word: "Index" or "Production" do not count
  assert.not.ok(matchesText('de', 'FR Consumption Index Actual'));
  assert.ok(matchesText('day-ahead', exchange.name));
  assert.ok(matchesText('', wind.name));
});

test('curve filters narrow the result', () => {
  assert.ok(matchesCurve(wind, { area: 'de', curveType: 'timeseries', dataType: 'Actual', frequency: 'pt15m', commodity: 'power' }));
  assert.not.ok(matchesCurve(wind, { area: 'FR' }));
  // an exchange curve is found by its source and its sink area
  assert.ok(matchesCurve(exchange, { area: 'CZ' }));
  assert.ok(matchesCurve(exchange, { area: 'DE' }));
  assert.ok(matchesCurve(wind, { categories: ['wind', 'Production'] }));
  assert.not.ok(matchesCurve(wind, { categories: ['Wind', 'Solar'] }));
  assert.ok(matchesCurve(wind, { exactCategory: 'wind power production' }));
  assert.not.ok(matchesCurve(wind, { exactCategory: 'Wind Power' }));
  assert.ok(matchesCurve(spot, { sources: ['epex'] }));
  assert.not.ok(matchesCurve(wind, { sources: ['EPEX'] }));
  assert.ok(matchesCurve(wind, { sources: ['EPEX', null] }));
  assert.ok(matchesCurve(plant, { hasPlace: true, placeKey: 'pp-neurath' }));
  assert.not.ok(matchesCurve(wind, { hasPlace: true }));
  assert.ok(matchesCurve(wind, { hasPlace: false }));
  assert.ok(matchesCurve(wind, { grants: [{ package: 'power', area: 'DE' }] }));
  assert.not.ok(matchesCurve(wind, { grants: [{ package: 'gas', area: '*' }] }));
});

test('place filters', () => {
  const unit: PlaceRecord = {
    key: 'pp-neurath-f',
    kind: 'producer',
    name: 'Neurath F',
    unit: 'F',
    fuels: ['Lignite'],
    latitude: 51,
    longitude: 6.6,
    areas: ['DE'],
    parentKey: 'pp-neurath',
  };
  assert.ok(matchesPlace(unit, { q: 'neurath', area: 'de', fuels: ['lignite', 'Coal'], kinds: ['PRODUCER'] }));
  assert.ok(matchesPlace(unit, { q: 'pp-neurath-f' }));
  assert.not.ok(matchesPlace(unit, { kinds: ['river'] }));
  assert.not.ok(matchesPlace(unit, { parentKey: null }));
  assert.ok(matchesPlace(unit, { parentKey: 'pp-neurath' }));
});

test('pages: 1-based, total and last page, empty past the end', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  assert.equal(pageOf(items, { page: 2, pageSize: 2 }), { items: ['c', 'd'], total: 5, page: 2, pageSize: 2, lastPage: 3 });
  assert.equal(pageOf(items, {}).pageSize, 50);
  // the reference's empty search: X-Total-Items 0, X-Last-Page 1
  assert.equal(pageOf([], { page: 1, pageSize: 50 }), { items: [], total: 0, page: 1, pageSize: 50, lastPage: 1 });
  // a page past the end (wire fixture: page 5 of 3 items): empty, totals still reported
  assert.equal(pageOf(['x', 'y', 'z'], { page: 5, pageSize: 50 }), { items: [], total: 3, page: 5, pageSize: 50, lastPage: 1 });
});

test('categories and exact categories, distinct and sorted', () => {
  const { categories, exact } = categoriesOf([wind, exchange, spot, plant]);
  assert.equal(categories, ['Day-Ahead', 'Exchange', 'Lignite', 'Power', 'Price', 'Production', 'Schedule', 'Spot', 'Wind']);
  assert.equal(exact, ['Exchange Day-Ahead Schedule', 'Lignite Power Production', 'Price Spot', 'Wind Power Production']);
});

test.run();
