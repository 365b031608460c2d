import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Page } from '../../../src/model';
import { parsePageHeaders, serializePageHeaders } from '../../../src/wire';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

const HEADERS = { 'X-Current-Page': '2', 'X-Page-Size': '4', 'X-First-Page': '1', 'X-Last-Page': '3', 'X-Total-Items': '10' };

test('the five headers, names in any case', () => {
  const info = { page: 2, pageSize: 4, firstPage: 1, lastPage: 3, totalItems: 10 };
  assert.equal(parsePageHeaders(HEADERS), info);
  const lower = Object.fromEntries(Object.entries(HEADERS).map(([k, v]) => [k.toLowerCase(), v]));
  assert.equal(parsePageHeaders(lower), info);
  // fetch's Headers and list values (Node's IncomingHttpHeaders) work too
  assert.equal(parsePageHeaders(new Headers(HEADERS)), info);
  assert.equal(parsePageHeaders({ ...HEADERS, 'X-Total-Items': ['10'], 'X-Page-Size': 4 }), info);
  assert.equal(serializePageHeaders(info), HEADERS);
});

test('the metadata builds a Page; an empty result may say 0 or 1 pages', () => {
  const page = new Page(['a', 'b'], parsePageHeaders(HEADERS));
  assert.ok(page.hasNextPage());
  assert.ok(page.hasPreviousPage());
  assert.equal(serializePageHeaders(page), HEADERS);
  const empty = parsePageHeaders({ ...HEADERS, 'X-Current-Page': '1', 'X-Last-Page': '0', 'X-Total-Items': '0' });
  assert.not.ok(new Page([], empty).hasNextPage());
});

test('missing or bad headers raise ParseException', () => {
  const { 'X-Last-Page': _, ...missing } = HEADERS;
  fails(() => parsePageHeaders(missing), 'header X-Last-Page: missing');
  fails(() => parsePageHeaders({ ...HEADERS, 'X-Page-Size': 'fifty' }), 'header X-Page-Size: expected a non-negative integer, got "fifty"');
  fails(() => parsePageHeaders({ ...HEADERS, 'X-Current-Page': '-1' }), 'header X-Current-Page: expected a non-negative integer, got "-1"');
  fails(() => parsePageHeaders({ ...HEADERS, 'X-Total-Items': 1.5 }), 'header X-Total-Items: expected a non-negative integer, got 1.5');
});

test.run();
