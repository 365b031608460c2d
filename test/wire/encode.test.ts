import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { decodePath, decodePathSegment, encodePathSegment, encodeQueryComponent, QueryBuilder, QueryValues } from '../../src/wire/encode';
import { listParam, optionalParam, STRING } from '../../src/wire/params';

test('path segments keep only A-Z a-z 0-9 _ . - ~ literal (docs/protocol.md#path-encoding)', () => {
  // The observed request of metadata.curve("DE>FR ... / 50% & ?#+ °C").
  assert.is(
    encodePathSegment('DE>FR Exchange Day-Ahead Schedule MWh/h H Actual / 50% & ?#+ °C'),
    'DE%3EFR%20Exchange%20Day-Ahead%20Schedule%20MWh%2Fh%20H%20Actual%20%2F%2050%25%20%26%20%3F%23%2B%20%C2%B0C',
  );
  assert.is(encodePathSegment("@!'()*"), '%40%21%27%28%29%2A');
  assert.is(encodePathSegment('az_AZ.09-~'), 'az_AZ.09-~');
  assert.is(encodePathSegment('2020-06-01 00:00:00+00:00'), '2020-06-01%2000%3A00%3A00%2B00%3A00');
  assert.is(encodePathSegment('a/b c'), 'a%2Fb%20c');
  assert.is(encodePathSegment('€'), '%E2%82%AC');
  assert.is(encodePathSegment('😀'), '%F0%9F%98%80');
});

test('query components are form-encoded like quote_plus (docs/protocol.md#query-encoding)', () => {
  assert.is(encodeQueryComponent('2020-06-01 00:00:00+02:00'), '2020-06-01+00%3A00%3A00%2B02%3A00');
  assert.is(encodeQueryComponent('12.35%'), '12.35%25');
  assert.is(encodeQueryComponent('GWh/h'), 'GWh%2Fh');
  assert.is(encodeQueryComponent('°C'), '%C2%B0C');
  assert.is(encodeQueryComponent('a*b~c'), 'a%2Ab~c');
  assert.is(encodeQueryComponent('Wind Power Production'), 'Wind+Power+Production');
  assert.is(encodeQueryComponent(''), '');
});

test('text with a lone surrogate cannot be encoded', () => {
  assert.throws(
    () => encodePathSegment('a\uD800b'),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => encodeQueryComponent('\uDC00'),
    (e: unknown) => e instanceof ValueError,
  );
});

test('QueryBuilder keeps order, repeats list keys and omits absent values', () => {
  const q = new QueryBuilder()
    .add('tags', ['ec', 'gfs'])
    .add('exclude-tags', [])
    .add('area', [''])
    .put(optionalParam('unit', STRING), undefined)
    .put(listParam('source', STRING, { nullText: 'null' }), ['EEX', null])
    .add('limit', ['10']);
  assert.is(q.toString(), 'tags=ec&tags=gfs&area=&source=EEX&source=null&limit=10');
  assert.equal(q.entries(), [
    ['tags', 'ec'],
    ['tags', 'gfs'],
    ['area', ''],
    ['source', 'EEX'],
    ['source', 'null'],
    ['limit', '10'],
  ]);
  assert.is(new QueryBuilder().toString(), '');
});

test('path segments decode leniently, without turning + into a space', () => {
  assert.is(decodePathSegment('DE%20Wind%20MWh%2Fh'), 'DE Wind MWh/h');
  assert.is(decodePathSegment('a+b'), 'a+b');
  assert.is(decodePathSegment('50%'), '50%');
  assert.is(decodePathSegment('%zz%4'), '%zz%4');
  assert.is(decodePathSegment('%C2%B0C'), '°C');
  assert.is(decodePathSegment('%c2%b0C'), '°C');
  assert.is(decodePathSegment('%C3%28'), '\uFFFD(');
});

test('decodePath splits on literal / before decoding', () => {
  assert.equal(decodePath('/timeseries/DE%20Price%20EUR%2FMWh/'), ['timeseries', 'DE Price EUR/MWh']);
  assert.equal(decodePath('/instances/X%20Y/get/2020-06-01%2000%3A00%3A00/a%2Fb%20c/'), [
    'instances',
    'X Y',
    'get',
    '2020-06-01 00:00:00',
    'a/b c',
  ]);
  assert.equal(decodePath('/user/'), ['user']);
  assert.equal(decodePath('/'), []);
  assert.equal(decodePath('metadata/categories'), ['metadata', 'categories']);
});

test('QueryValues reads raw query strings', () => {
  const q = QueryValues.from('?q=de+wind&begin=2020-06-01+00%3A00%3A00%2B02%3A00&tags=ec&tags=gfs&area=&flag&threshold=5.00%25');
  assert.is(q.get('q'), 'de wind');
  assert.is(q.get('begin'), '2020-06-01 00:00:00+02:00');
  assert.equal(q.getAll('tags'), ['ec', 'gfs']);
  assert.is(q.get('tags'), 'gfs');
  assert.is(q.get('area'), '');
  assert.is(q.get('flag'), '');
  assert.is(q.get('threshold'), '5.00%');
  assert.is(q.get('missing'), undefined);
  assert.equal(q.getAll('missing'), []);
  assert.equal(q.names(), ['q', 'begin', 'tags', 'area', 'flag', 'threshold']);
  assert.equal(QueryValues.from('').names(), []);
  assert.equal(QueryValues.from('a=1&&b=%ZZ').names(), ['a', 'b']);
  assert.is(QueryValues.from('b=%ZZ').get('b'), '%ZZ');
});

test('QueryValues also takes URLSearchParams, parsed records and itself', () => {
  const fromSearch = QueryValues.from(new URLSearchParams('tags=ec&tags=gfs&unit=GWh%2Fh'));
  assert.equal(fromSearch.getAll('tags'), ['ec', 'gfs']);
  assert.is(fromSearch.get('unit'), 'GWh/h');
  const fromRecord = QueryValues.from({ tags: ['ec', 'gfs'], unit: 'GWh/h', skipped: undefined });
  assert.equal(fromRecord.getAll('tags'), ['ec', 'gfs']);
  assert.equal(fromRecord.names(), ['tags', 'unit']);
  assert.ok(QueryValues.from(fromRecord) === fromRecord);
});

test('encoding then decoding gives the text back', () => {
  const samples = ['', ' ', '+', '%', '%25', 'a b+c', 'DE>FR / 50% & ?#+ °C', "!'()*~", '€😀', 'x=y&z', '2020-06-01 00:00:00+02:00'];
  for (const text of samples) {
    assert.is(decodePathSegment(encodePathSegment(text)), text);
    const query = new QueryBuilder().add(text, [text]).toString();
    assert.is(QueryValues.from(query).get(text), text);
    assert.is(new URLSearchParams(query).get(text), text);
  }
});

test.run();
