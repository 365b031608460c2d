import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { parseStringList, serializeStringList } from '../../../src/wire';

test('categories and tags are arrays of strings', () => {
  assert.equal(parseStringList(['Wind', 'Power']), ['Wind', 'Power']);
  assert.equal(parseStringList('["ec", "gfs"]'), ['ec', 'gfs']);
  assert.equal(serializeStringList(new Set(['ec', 'gfs'])), ['ec', 'gfs']);
  assert.equal(serializeStringList(parseStringList([])), []);
});

test('anything else raises ParseException', () => {
  assert.throws(
    () => parseStringList({ tags: [] }),
    (e: unknown) => e instanceof ParseException && e.message === 'response: expected an array, got {"tags":[]}',
  );
  assert.throws(
    () => parseStringList(['ec', null]),
    (e: unknown) => e instanceof ParseException && e.message === '[1]: expected a string, got null',
  );
});

test.run();
