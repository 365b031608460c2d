import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PageError } from '../../src/exceptions';
import { Page, type PageLoader } from '../../src/model';
import * as s from './samples';

const PE = s.isA(PageError);

/** A fake search over 7 letters, page size 3 (pages 1-3); counts the loads per page. */
function fakeSearch() {
  const letters = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const loads: number[] = [];
  const loader: PageLoader<string> = async (page) => {
    loads.push(page);
    const items = letters.slice((page - 1) * 3, page * 3);
    return new Page(items, { page, pageSize: 3, totalItems: letters.length, lastPage: 3 });
  };
  const first = new Page(letters.slice(0, 3), { page: 1, pageSize: 3, totalItems: 7, lastPage: 3, loader });
  return { first, loads };
}

test('paging facts', () => {
  const { first } = fakeSearch();
  assert.equal([first.page, first.pageSize, first.totalItems, first.totalPages, first.firstPage, first.lastPage], [1, 3, 7, 3, 1, 3]);
  assert.equal([...first], ['a', 'b', 'c']);
  assert.ok(Array.isArray(first));
  assert.ok(first.hasNextPage());
  assert.not.ok(first.hasPreviousPage());
});

test('navigation through the loader', async () => {
  const { first, loads } = fakeSearch();
  const second = await first.getNextPage();
  assert.equal([second.page, [...second]], [2, ['d', 'e', 'f']]);
  assert.ok(second.hasPreviousPage() && second.hasNextPage());
  const third = await second.getNextPage();
  assert.equal([third.page, [...third], third.hasNextPage()], [3, ['g'], false]);
  assert.equal(loads, [2, 3]);
  assert.is(await third.getPreviousPage(), second);
});

test('pages are cached: back and forth loads each page once', async () => {
  const { first, loads } = fakeSearch();
  const second = await first.getNextPage();
  const back = await second.getPreviousPage();
  assert.is(back, first, 'page 1 is the original object');
  const again = await first.getNextPage();
  assert.is(again, second);
  const [x, y] = await Promise.all([second.getNextPage(), second.getNextPage()]);
  assert.is(x, y, 'concurrent requests share one load');
  assert.equal(loads, [2, 3]);
});

test('a failed load is not cached', async () => {
  let calls = 0;
  const loader: PageLoader<number> = async (page) => {
    calls++;
    if (calls === 1) throw new Error('network down');
    return new Page([page], { page, pageSize: 1, totalItems: 2, lastPage: 2 });
  };
  const first = new Page([1], { page: 1, pageSize: 1, totalItems: 2, lastPage: 2, loader });
  let failed = false;
  await first.getNextPage().catch(() => (failed = true));
  assert.ok(failed);
  assert.equal([...(await first.getNextPage())], [2]);
  assert.is(calls, 2);
});

test('PageError: no such page, no loader, loader returning no Page', async () => {
  const rejects = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return e;
    }
    return undefined;
  };
  const { first } = fakeSearch();
  assert.ok(PE(await rejects(first.getPreviousPage())));
  const lone = new Page(['x'], { page: 1, pageSize: 1, totalItems: 2, lastPage: 2 });
  assert.ok(PE(await rejects(lone.getNextPage())));
  const bad = new Page(['x'], { page: 1, pageSize: 1, totalItems: 2, lastPage: 2, loader: async () => ['y'] as unknown as Page<string> });
  assert.ok(PE(await rejects(bad.getNextPage())));
  assert.throws(() => new Page([], { page: -1, pageSize: 1, totalItems: 0, lastPage: 0 }), PE);
});

test('empty result: last page 1, no navigation', () => {
  const empty = new Page([], { page: 1, pageSize: 50, totalItems: 0, lastPage: 1 });
  assert.equal([empty.length, empty.hasNextPage(), empty.hasPreviousPage()], [0, false, false]);
});

test('immutable; map gives a plain array; equals, JSON, toString', () => {
  const p = s.page();
  assert.throws(() => p.push('c'), s.isA(TypeError));
  assert.not.ok(Page.isPage(p.map((x) => x)));
  assert.ok(p.equals(s.page()));
  assert.not.ok(p.equals(new Page(['a', 'b'], { page: 2, pageSize: 2, totalItems: 3, lastPage: 2 })));
  assert.is(JSON.stringify(p), '["a","b"]');
  assert.is(p.toString(), '<Page: page=1 of 2, page_size=2, total_items=3, items=2>');
  assert.ok(s.display(new Page([s.curve()], { page: 1, pageSize: 1, totalItems: 1, lastPage: 1 }))['text/html']!.includes('DE Wind Power'));
});

test.run();
