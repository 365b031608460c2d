import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Allocation } from '../../src/model/enums';
import { Area, Border } from '../../src/model/areas';

const { EXPLICIT: E, IMPLICIT: I, FLOW_BASED: F, NO_COMMERCIAL_CAPACITY: N } = Allocation;

function border(source: string, sink: string): Border {
  const found = Area.byTag(source).borders.find((b) => b.sink.tag === sink);
  if (found === undefined) throw new Error(`no border ${source} -> ${sink}`);
  return found;
}

const tags = (areas: readonly Area[]): string[] => areas.map((a) => a.tag);

test('85 areas in definition order, starting with the "no area" entry', () => {
  const all = Area.all();
  assert.is(all.length, 85);
  assert.is(all[0]!.tag, '');
  assert.is(all[0]!.name, '');
  assert.equal(tags(all.slice(1, 5)), ['IS', 'NP', 'NO', 'NO1']);
  assert.is(all[21], Area.DE);
  assert.is(all[30], Area.FR_COR);
  assert.is(all[84], Area.DZ);
  assert.ok(Object.isFrozen(all));
});

test('224 one-way borders, each with its reverse carrying the same allocations', () => {
  const borders = Area.all().flatMap((a) => [...a.borders]);
  assert.is(borders.length, 224);
  const undirected = new Set(borders.map((b) => [b.source.tag, b.sink.tag].sort().join('|')));
  assert.is(undirected.size, 112);
  for (const b of borders) {
    const back = border(b.sink.tag, b.source.tag);
    assert.equal(back.allocations, b.allocations, `${b.source.tag}-${b.sink.tag}`);
    assert.is(b.source.borders.includes(b), true);
  }
});

test('known borders and their allocations (docs/model.md#areas)', () => {
  // Germany: 11 borders, sorted by sink tag; CH is the only explicit one.
  assert.equal(tags(Area.DE.borders.map((b) => b.sink)), ['AT', 'BE', 'CH', 'CZ', 'DK1', 'DK2', 'FR', 'NL', 'NO2', 'PL', 'SE4']);
  assert.equal(border('DE', 'CH').allocations, [E]);
  assert.equal(border('DE', 'FR').allocations, [F]);
  // FR–ES "EI": explicit and implicit, in E, I order.
  assert.equal(border('FR', 'ES').allocations, [E, I]);
  assert.equal(border('ES', 'FR').allocations, [E, I]);
  // SI–HR "EF": explicit and flow-based.
  assert.equal(border('SI', 'HR').allocations, [E, F]);
  assert.equal(border('HR', 'SI').allocations, [E, F]);
  // Russia's exclave: no commercial capacity.
  assert.equal(border('LT', 'RU-KGD').allocations, [N]);
  assert.equal(border('NO2', 'GB').allocations, [I]);
  assert.equal(border('FR-COR', 'IT-SARD').allocations, [I]);
  assert.equal(border('IT-NORD', 'AT').allocations, [E, I]);
  assert.equal(tags(Area.GB.exchangeNeighbours), ['BE', 'DK1', 'FR', 'IE', 'NIE', 'NL', 'NO2']);
  assert.equal(tags(Area.byTag('RS').exchangeNeighbours), ['BA', 'BG', 'HR', 'HU', 'ME', 'MK', 'RO', 'XK']);
});

test('areas without borders of their own', () => {
  for (const tag of ['', 'IS', 'NP', 'NO', 'SE', 'DK', 'IT', 'SEM', 'DE-Amprion', 'FR-IDF', 'LU', 'MA', 'LY', 'DZ']) {
    assert.is(Area.byTag(tag).borders.length, 0, tag);
    assert.is(Area.byTag(tag).exchangeNeighbours.length, 0, tag);
  }
});

test('border predicates, equality and tuple', () => {
  const frEs = border('FR', 'ES');
  assert.equal([frEs.isExplicit(), frEs.isImplicit(), frEs.isFlowBased()], [true, true, false]);
  const deFr = border('DE', 'FR');
  assert.equal([deFr.isExplicit(), deFr.isImplicit(), deFr.isFlowBased()], [false, false, true]);
  const ltKgd = border('LT', 'RU-KGD');
  assert.equal([ltKgd.isExplicit(), ltKgd.isImplicit(), ltKgd.isFlowBased()], [false, false, false]);

  assert.ok(new Border(Area.DE, Area.FR, [F]).equals(deFr));
  assert.is(new Border(Area.FR, Area.DE, [F]).equals(deFr), false);
  assert.is(new Border(Area.DE, Area.FR, [E, F]).equals(deFr), false);
  assert.is(deFr.equals('DE>FR'), false);
  // Allocations are kept in E, I, F, N order whatever order they are given in.
  assert.equal(new Border(Area.SI, Area.HR, [F, E]).allocations, [E, F]);
  assert.ok(new Border(Area.SI, Area.HR, [F, E]).equals(border('SI', 'HR')));

  const [source, sink, allocations] = frEs.toTuple();
  assert.is(source, Area.FR);
  assert.is(sink, Area.ES);
  assert.equal(allocations, [E, I]);
  assert.is(String(frEs), '<Border: FR – ES, allocations=[E, I]>');
  assert.equal(frEs.toJSON(), { source: 'FR', sink: 'ES', allocations: ['E', 'I'] });
  assert.ok(Border.isBorder(frEs));
  assert.is(Border.isBorder({ source: Area.FR }), false);
});

test('Border rejects a missing or repeated allocation and a loop', () => {
  assert.throws(
    () => new Border(Area.DE, Area.FR, []),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => new Border(Area.DE, Area.FR, [F, F]),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => new Border(Area.DE, Area.DE, [F]),
    (e: unknown) => e instanceof ValueError,
  );
});

test('getFamily: the area and all descendants, depth-first', () => {
  assert.equal(tags(Area.NP.getFamily()), [
    'NP',
    'NO',
    'NO1',
    'NO2',
    'NO3',
    'NO4',
    'NO5',
    'SE',
    'SE1',
    'SE2',
    'SE3',
    'SE4',
    'DK',
    'DK1',
    'DK2',
    'FI',
  ]);
  assert.equal(tags(Area.DE.getFamily()), ['DE', 'DE-50Hertz', 'DE-Amprion', 'DE-TenneT', 'DE-TransnetBW']);
  // FR has 12 regions; Corsica (FR-COR) is deliberately not one of them.
  const fr = tags(Area.FR.getFamily());
  assert.is(fr.length, 13);
  assert.not.ok(fr.includes('FR-COR'));
  assert.equal(tags(Area.SE3.getFamily()), ['SE3']);
});

test('parent, children and flags', () => {
  assert.is(Area.DE_Amprion.parent, Area.DE);
  assert.is(Area.DE_Amprion.shortTag, 'Amprion');
  assert.is(Area.DE.shortTag, null);
  assert.is(Area.FR_COR.parent, null);
  assert.is(Area.FR_COR.shortTag, 'COR');
  assert.is(Area.NO.parent, Area.NP);
  assert.is(Area.NP.parent, null);
  assert.equal(tags(Area.SEM.children), ['NIE', 'IE']);
  assert.equal(tags(Area.IT.children), ['IT-NORD', 'IT-CNOR', 'IT-CSUD', 'IT-SUD', 'IT-CALA', 'IT-SARD', 'IT-SICI']);
  const flags = (a: Area) => [a.country, a.priceArea, a.controlArea, a.external];
  assert.equal(flags(Area.IS), [true, false, false, true]); // C X
  assert.equal(flags(Area.NIE), [true, true, true, false]); // C P T
  assert.equal(flags(Area.DE_Amprion), [false, false, true, false]); // T
  assert.equal(flags(Area.NP), [false, true, false, false]); // P
  assert.equal(flags(Area.byTag('')), [false, false, false, false]);
});

test('names are byte-exact (en dash, non-ASCII letters)', () => {
  assert.is(Area.NO4.name, 'NO4 \u2013 Troms\u00f8');
  assert.is(Area.FR_IDF.name, 'France \u2013 \u00cele-de-France');
  assert.is(Area.FR_PAC.name, "France \u2013 Provence-Alpes-C\u00f4te d'Azur");
  assert.is(Area.RU_KGD.name, 'Kaliningrad (Russia)');
});

test('lookup by tag is case-insensitive; "" is the no-area entry', () => {
  assert.is(Area.byTag('de-amprion'), Area.DE_Amprion);
  assert.is(Area.byTag('DE-AMPRION'), Area.DE_Amprion);
  assert.is(Area.byTag('it-nord'), Area.IT_NORD);
  assert.is(Area.byTag('DE_50HERTZ'.replace('_', '-')), Area.DE_50Hertz);
  assert.is(Area.byTag(''), Area.all()[0]);
  assert.equal(tags(Area.byTags(['de', 'Fr', 'se3'])), ['DE', 'FR', 'SE3']);
  assert.equal(Area.byTags([]), []);
  assert.ok(Area.isValidTag(''));
  assert.ok(Area.isValidTag('ru-kgd'));
  assert.is(Area.isValidTag('XX'), false);
  assert.is(Area.isValidTag('DE_Amprion'), false);
  assert.is(Area.isValidTag(null), false);
  assert.throws(
    () => Area.byTag('XX'),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => Area.byTags(['DE', 'XX']),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => Area.byTag(undefined as unknown as string),
    (e: unknown) => e instanceof ValueError,
  );
});

test('every area with a tag is a static constant named after it', () => {
  for (const area of Area.all().slice(1)) {
    assert.is((Area as unknown as Record<string, Area>)[area.tag.replace(/-/g, '_')], area, area.tag);
  }
});

test('areas are frozen values', () => {
  for (const area of Area.all()) {
    assert.ok(Object.isFrozen(area), area.tag);
    assert.ok(Object.isFrozen(area.borders) && Object.isFrozen(area.children));
    assert.ok(Object.isFrozen(area.exchangeNeighbours));
  }
  assert.is(Reflect.set(Area.DE, 'name', 'x'), false);
  assert.is(Area.DE.name, 'Germany');
  assert.throws(() => {
    (Area.DE.borders as Border[]).push(border('FR', 'ES'));
  }, TypeError);
  assert.is(Reflect.set(Area, 'DE', null), false);
  assert.is(Area.byTag('DE'), Area.DE);
  assert.ok(Object.isFrozen(border('DE', 'FR')));
});

test('text forms, JSON and brand', () => {
  assert.is(String(Area.DE_Amprion), 'DE-Amprion');
  assert.is(JSON.stringify({ area: Area.SE3 }), '{"area":"SE3"}');
  assert.is(inspect(Area.DE), '<Area: DE>');
  assert.ok(Area.isArea(Area.DE));
  assert.is(Area.isArea('DE'), false);
  const show = (x: unknown) => (x as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!();
  assert.is(show(Area.NO4)['text/plain'], '<Area: NO4>');
  assert.ok(show(Area.NO4)['text/html']!.includes('<td>FI:F, NO3:F, SE1:F, SE2:F</td>'));
  assert.ok(show(border('FR', 'ES'))['text/html']!.includes('<td>Explicit, Implicit</td>'));
  assert.ok(Area.DE.equals(Area.byTag('de')));
  assert.is(Area.DE.equals(Area.FR), false);
});

test.run();
