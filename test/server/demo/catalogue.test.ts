import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCatalogue, DATA_TYPE_LABELS, FREQUENCY_SHORT } from '../../../server/src/demo';
import type { CurveRecord } from '../../../server/src/store/types';
import { ValueError } from '../../../src/exceptions';

const small = buildCatalogue('small', '2025-04-10');
const full = buildCatalogue('full', '2025-04-10');

// Independent parser of the naming grammar (docs/demo-data.md#curve-names):
// <area>[ @<Place>] <Category>… <unit>[ <source>][ <freq>] <DataType>
const SOURCES = new Set([
  'EPEX',
  'NordPool',
  'N2EX',
  'OMIE',
  'GME',
  'POLPX',
  'OTE',
  'HUPX',
  'OPCOM',
  'IBEX',
  'HEnEx',
  'EEX',
  'Nasdaq',
  'ICE',
  'ICE-TTF',
  'ICE-NBP',
  'EEX-THE',
  'EEX-ETF',
  'ECB',
]);
const SHORTS = new Set(Object.values(FREQUENCY_SHORT).filter(Boolean));
const LABEL_TO_TAG = new Map(Object.entries(DATA_TYPE_LABELS).map(([tag, label]) => [label, tag]));

function checkName(c: CurveRecord): string | null {
  const words = c.name.split(' ');
  if (words.some((w) => w === '')) return 'double blank';
  const label = words.pop() as string;
  if (LABEL_TO_TAG.get(label) !== c.dataType) return `last word ${label} is not the data type ${c.dataType}`;
  if (c.curveType !== 'OHLC' && c.frequency !== 'NONE') {
    const short = words.pop() as string;
    if (!SHORTS.has(short) || FREQUENCY_SHORT[c.frequency] !== short) return `frequency word ${short} for ${c.frequency}`;
  }
  if (c.source !== null) {
    const src = words.pop();
    if (src !== c.source || !SOURCES.has(src)) return `source ${src} vs ${c.source}`;
  }
  const unit = words.pop() as string;
  const expected = c.denominator === null ? c.unit : `${c.unit}/${c.denominator}`;
  if (unit !== expected) return `unit ${unit} vs ${expected}`;
  if (c.area !== '') {
    const head = words.shift();
    const want = c.areaSink ? `${c.area}>${c.areaSink}` : c.area;
    if (head !== want) return `area word ${head} vs ${want}`;
  }
  if (c.placeKey !== null) {
    const place = words.shift() as string;
    if (!/^@[A-Za-z0-9][A-Za-z0-9-]*$/.test(place)) return `place token ${place}`;
  }
  if (words.join(' ') !== c.categories.join(' ')) return `categories ${words.join(' ')} vs ${c.categories.join(' ')}`;
  if (c.categories.some((w) => !/^[A-Z0-9]/.test(w) || w.includes(' '))) return 'category not a capitalised word';
  return null;
}

test('every curve name of both presets follows the grammar; the last word is the data type', () => {
  for (const cat of [small, full]) {
    for (const c of cat.curves) {
      const problem = checkName(c);
      assert.is(problem, null, `${c.name}: ${problem}`);
    }
  }
});

test('names are unique and the records are complete', () => {
  for (const cat of [small, full]) {
    assert.is(new Set(cat.curves.map((c) => c.name)).size, cat.curves.length);
    for (const c of cat.curves) {
      assert.ok(['power', 'gas', 'market'].includes(c.package), c.name);
      const instances = c.curveType === 'INSTANCE' || c.curveType === 'INSTANCE_PERIOD';
      assert.is(c.instanceIssuedTimezone !== null, instances, c.name);
      if (c.curveType === 'PERIOD' || c.curveType === 'INSTANCE_PERIOD') assert.is(c.frequency, 'NONE', c.name);
    }
  }
});

test('small has every curve type and data type', () => {
  const types = new Set(small.curves.map((c) => c.curveType));
  const dataTypes = new Set(small.curves.map((c) => c.dataType));
  assert.equal([...types].sort(), ['INSTANCE', 'INSTANCE_PERIOD', 'OHLC', 'PERIOD', 'SCENARIO_TIMESERIES', 'TIMESERIES']);
  assert.equal([...dataTypes].sort(), Object.keys(DATA_TYPE_LABELS).sort());
});

test('names the public material shows exist (docs/demo-data.md#curve-names)', () => {
  const names = new Set(small.curves.map((c) => c.name));
  for (const n of [
    'DE Wind Power Production MWh/h 15min Actual',
    'DE Wind Power Production MWh/h 15min Forecast',
    'DE Wind Power Production MWh/h 15min Climate',
    'DE Wind Power Production MWh/h 15min Normal',
    'DE Wind Power Production Offshore MWh/h 15min Actual',
    'DE Solar Photovoltaic Production MWh/h 15min Actual',
    'FR Residual Load MWh/h 30min Actual',
    'DE Consumption Temperature °C H Actual',
    'DE Price Spot EUR/MWh EPEX H Actual',
    'GB Price Spot EUR/MWh N2EX H Actual',
    'NO2 Hydro Reservoir Production MWh/h H Synthetic',
    'DE Hydro Snow-and-Groundwater MWh D Normal',
    'DE Consumption MWh/h 15min Backcast',
    'DE Wind Power Installed MW Capacity',
    'DE @Mainz-3 Natural Gas Power Capacity Available MW REMIT',
    'DE @Goldisthal Hydro Pumped-storage Capacity Available MW REMIT',
    'DE @Weser-Porta River Temperature °C H Actual',
    'DE Exchange Day-Ahead Schedule Net Import MWh/h H Actual',
    'NP Futures Power Base EUR/MWh Nasdaq OHLC',
    'DE Futures Power Base EUR/MWh EEX OHLC',
    'NL Futures Natural Gas EUR/MWh ICE-TTF OHLC',
    'Futures Coal API-2 USD/t ICE OHLC',
    'Futures EUA EUR/t ICE OHLC',
    'DE>FR Exchange Day-Ahead Schedule MWh/h H Actual',
    'DE>FR Exchange Net Transfer Capacity MW 15min REMIT',
    'Currency Rate EUR-USD USD/EUR ECB D Forex',
    'DE Price Spot Long-term EUR/MWh M Scenario',
    'DE @Weisweiler-F Lignite Power Production MWh/h H Actual',
  ])
    assert.ok(names.has(n), n);
  const fullNames = new Set(full.curves.map((c) => c.name));
  for (const n of [
    'DE-50Hertz Wind Power Production MWh/h 15min Actual',
    'NO2 Price Spot EUR/MWh NordPool 15min Actual',
    'DE Price Spot Ensemble EUR/MWh H Forecast',
    'DK1 Hard Coal Power Production MWh/h H Actual',
    'NO2 Hydro Reservoir Water Filling % D Forecast',
    'SE3 Nuclear Capacity Available MW REMIT',
    'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual',
    'NP Consumption MWh/h H Actual',
    'DE Futures Natural Gas EUR/MWh EEX-THE OHLC',
  ])
    assert.ok(fullNames.has(n), n);
});

test('metadata: units split, zones, sources, commodities, instance zones', () => {
  const get = (n: string) => small.curves.find((c) => c.name === n) as CurveRecord;
  const spot = get('DE Price Spot EUR/MWh EPEX H Actual');
  assert.equal([spot.unit, spot.denominator, spot.source, spot.frequency, spot.timezone], ['EUR', 'MWh', 'EPEX', 'PT1H', 'CET']);
  const nbp = get('GB Futures Natural Gas pence/therm ICE-NBP OHLC');
  assert.equal([nbp.unit, nbp.denominator, nbp.commodity, nbp.frequency], ['pence', 'therm', 'Gas', 'P1D']);
  const wind = get('DE Wind Power Production MWh/h 15min Actual');
  assert.equal([wind.unit, wind.denominator, wind.source, wind.categories], ['MWh/h', null, null, ['Wind', 'Power', 'Production']]);
  assert.is(get('GB Consumption MWh/h 30min Actual').timezone, 'WET');
  assert.is(get('DE @Rehden Gas Storage Filling GWh D Actual').timezone, 'Europe/Gas_Day');
  assert.is(get('DE Price Spot EUR/MWh H Forecast').instanceIssuedTimezone, 'CET');
  assert.is(get('DE Wind Power Production MWh/h 15min Forecast').instanceIssuedTimezone, 'UTC');
  const fx = get('Currency Rate EUR-USD USD/EUR ECB D Forex');
  assert.equal([fx.area, fx.unit, fx.denominator, fx.commodity, fx.curveType], ['', 'USD', 'EUR', 'Currency', 'TIMESERIES']);
  const ex = get('DE>FR Exchange Day-Ahead Schedule MWh/h H Actual');
  assert.equal([ex.area, ex.areaSink], ['DE', 'FR']);
});

test('areas, borders and what each area has', () => {
  assert.equal(
    small.areas.map((a) => a.tag),
    ['DE', 'FR', 'NL', 'NO2', 'GB'],
  );
  assert.is(full.areas.length, 26);
  assert.is(small.curves.filter((c) => c.categories.join(' ') === 'Exchange Day-Ahead Schedule' && c.dataType === 'ACTUAL').length, 14);
  assert.is(full.curves.filter((c) => c.categories.join(' ') === 'Exchange Day-Ahead Schedule' && c.dataType === 'ACTUAL').length, 108);
  assert.is(small.curves.filter((c) => c.dataType === 'REMIT' && c.categories[0] === 'Exchange').length, 6);
  const names = full.curves.map((c) => c.name);
  assert.not.ok(
    names.some((n) => n.startsWith('DE Nuclear')),
    'no nuclear in DE',
  );
  assert.not.ok(
    names.some((n) => n.startsWith('NO4 Solar')),
    'no solar in NO4',
  );
  assert.not.ok(
    names.some((n) => n.startsWith('FR Wind Power Production Offshore')),
    'no offshore wind in FR',
  );
});

test('places: producers with units, every place kind, keys and parents', () => {
  const kinds = new Set(small.places.map((p) => p.kind));
  assert.equal([...kinds].sort(), [
    'city',
    'consumer',
    'gas-interconnector',
    'gas-lng-terminal',
    'gas-storage',
    'other',
    'producer',
    'river',
    'weatherstation',
  ]);
  const unit = small.places.find((p) => p.key === 'pp-weisweiler-f');
  assert.equal(unit && [unit.name, unit.unit, unit.parentKey, unit.fuels, unit.areas], [
    'Weisweiler F',
    'F',
    'pp-weisweiler',
    ['Lignite'],
    ['DE'],
  ]);
  const gi = small.places.find((p) => p.kind === 'gas-interconnector');
  assert.equal(gi?.areas, ['NL', 'DE']);
  const keys = new Set(small.places.map((p) => p.key));
  for (const c of small.curves) if (c.placeKey) assert.ok(keys.has(c.placeKey), c.name);
  for (const p of small.places) assert.ok(/^(pp|river|ws|city|cons|gs|lng|gi|oth)-[a-z0-9-]+$/.test(p.key), p.key);
});

test('the demo user lacks GB power, so a 403 can be shown', () => {
  const [user] = small.users;
  assert.ok(user!.subscriptions.some((g) => g.package === 'power' && g.area === 'DE'));
  assert.not.ok(user!.subscriptions.some((g) => g.package === 'power' && g.area === 'GB'));
  assert.ok(user!.subscriptions.some((g) => g.package === 'market' && g.area === '*'));
});

test('buildCatalogue is pure and checks its input', () => {
  assert.equal(buildCatalogue('small', '2025-04-10').curves, small.curves);
  assert.throws(
    () => buildCatalogue('huge' as 'small', '2025-04-10'),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => buildCatalogue('small', '2025-02-30'),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
