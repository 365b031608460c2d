// The client bundled for browsers (docs/client.md#browser-use): esbuild with `platform: 'browser'` over
// the package's public entry, from the sources and from the built dist/ a user's bundler reads; no
// Node built-in may be on that path (the Node-only features reach them at run time through
// `process.getBuiltinModule`, and the optional peers through Node's `createRequire`).
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InitializationError } from '../../src/exceptions';
import { inNode, nodeProcess, processEnv } from '../../src/client/node-only';
import { utf8Length, utf8Text } from '../../src/client/http/utf8';
import { bundleForBrowser } from '../helpers/browser-bundle';

const root = join(__dirname, '..', '..');

for (const entry of ['src/index.ts', 'dist/index.mjs']) {
  test(`${entry} bundles for browsers without any Node built-in`, async () => {
    const bundle = await bundleForBrowser(join(root, entry));
    assert.equal(bundle.builtins, [], `Node built-ins on the browser path:\n${bundle.builtins.join('\n')}`);
    const inputs = bundle.inputs.join('\n');
    // the client is in it with axios' browser build, not its Node one; the Node-only peers are
    // not (loaded by name at run time), and `ws` is its browser stub
    assert.ok(bundle.code.includes('X-API-Key'), 'the client is bundled');
    assert.match(inputs, /^node_modules\/axios\/(lib\/platform\/browser|dist\/browser)\//m);
    assert.not.match(inputs, /^node_modules\/axios\/(lib\/adapters\/http\.js|dist\/node)/m);
    assert.not.match(inputs, /(nodejs-polars|danfojs)\//);
    assert.not.match(inputs, /^node_modules\/ws\/lib\//m);
  });
}

test('the charts entry (service/plot) bundles for browsers without any Node built-in', async () => {
  for (const entry of ['src/plot/index.ts', 'dist/plot/index.mjs']) {
    const bundle = await bundleForBrowser(join(root, entry));
    assert.equal(bundle.builtins, [], `${entry}: Node built-ins on the browser path:\n${bundle.builtins.join('\n')}`);
  }
});

test('the helper catches a Node built-in (the check can fail)', async () => {
  const bundle = await bundleForBrowser(join(root, 'src', 'plot', 'svg-worker.ts'));
  assert.ok(
    bundle.builtins.some((b) => b.startsWith('node:worker_threads <- src/plot/svg-worker.ts')),
    bundle.builtins.join('\n'),
  );
});

test('under Node the built-ins are at hand; without them a Node-only feature is an InitializationError naming it', () => {
  assert.ok(inNode());
  assert.is(nodeProcess('x').getBuiltinModule('node:path').join('a', 'b'), 'a/b');
  assert.is(processEnv(), process.env);
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'process');
  Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
  try {
    assert.not.ok(inNode());
    assert.equal(processEnv(), {});
    assert.throws(
      () => nodeProcess('cache.dir'),
      (err: Error) =>
        err instanceof InitializationError && /^cache\.dir needs Node\.js: it is not available in a browser/.test(err.message),
    );
  } finally {
    Object.defineProperty(globalThis, 'process', saved as PropertyDescriptor);
  }
});

test('UTF-8 text and size', () => {
  assert.is(utf8Text(new Uint8Array([0x41, 0xc3, 0x85])), 'AÅ');
  assert.is(utf8Text(new Uint8Array([0x7b, 0x7d]).buffer), '{}');
  assert.is(utf8Length('AÅ€'), 6);
});

test.run();
