/**
 * Wire JSON is written only by `src/wire` (docs/model.md#snapshots): a model object's `toJSON()`
 * is a snapshot for logs and `JSON.stringify`, not the wire format, so no code outside the model
 * (and the time vocabulary it nests) calls it: the service and the client write and read the wire
 * through the `serializeX`/`parseX` pairs of `src/wire`.
 *
 *   node --import tsx test/architecture/wire-writers.test.ts
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findPattern, listTsFiles, readSource, sourceOf } from './source-scan';

const root = join(__dirname, '..', '..');
/** Folders whose `toJSON()` methods build snapshots of nested model objects. */
const SNAPSHOT_FOLDERS = ['src/model/', 'src/time/'];
const CALL = /\.toJSON\s*\(/g;

function calls(path: string, text?: string): string[] {
  if (SNAPSHOT_FOLDERS.some((folder) => path.startsWith(folder))) return [];
  const file = text === undefined ? readSource(root, path) : sourceOf(path, text);
  return findPattern(file, CALL).map((hit) => `${path}:${hit.line}`);
}

test('the rule sees a call and ignores comments, strings and the model itself', () => {
  assert.equal(calls('server/src/http/x.ts', 'reply.send(JSON.stringify(ts.toJSON()));'), ['server/src/http/x.ts:1']);
  assert.equal(calls('server/src/http/x.ts', "// ts.toJSON()\nconst s = 'x.toJSON()';"), []);
  assert.equal(calls('src/model/x.ts', 'curve.toJSON()'), []);
});

test('no code outside the model calls a snapshot toJSON() to write JSON', () => {
  const found = listTsFiles(root, 'src').flatMap((path) => calls(path));
  assert.equal(found, []);
});

test.run();
