import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inNotebook, sendBundle, tslabWriter, type MimeBundle } from '../../src/model/notebook-output';

const bundle: MimeBundle = { 'application/vnd.vegalite.v5+json': { mark: 'point' }, 'image/svg+xml': '<svg/>', 'text/plain': '<Chart>' };

function capturingConsole<T>(run: () => T): { result: T; lines: unknown[] } {
  const lines: unknown[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(...args);
  };
  try {
    return { result: run(), lines };
  } finally {
    console.log = original;
  }
}

test('outside a notebook: prints text/plain', () => {
  assert.is(tslabWriter(), null);
  assert.is(inNotebook(), false);
  const { result, lines } = capturingConsole(() => sendBundle(bundle));
  assert.is(result, 'console');
  assert.equal(lines, ['<Chart>']);
});

test("in a tslab kernel: one display_data message with every MIME type, through tslab's writer", () => {
  const jupyter = require('tslab/dist/jupyter') as { lastWriteDisplayData: unknown };
  const sent: unknown[] = [];
  jupyter.lastWriteDisplayData = (message: unknown, update: boolean) => sent.push([message, update]);
  try {
    assert.is(typeof tslabWriter(), 'function');
    assert.is(inNotebook(), true);
    assert.is(sendBundle(bundle), 'tslab');
    assert.equal(sent, [[{ data: bundle, metadata: {}, transient: {} }, false]]);
  } finally {
    jupyter.lastWriteDisplayData = null;
  }
  assert.is(tslabWriter(), null);
});

test('tslab installed but not running a cell: its display is not ready, so the text is printed', () => {
  const before = new Set(Object.keys(require.cache));
  require('tslab');
  try {
    const { result, lines } = capturingConsole(() => sendBundle(bundle));
    assert.is(result, 'console');
    assert.equal(lines, ['<Chart>']);
  } finally {
    // unloaded again: a loaded tslab makes inNotebook() true for the files run after this one
    for (const k of Object.keys(require.cache)) if (!before.has(k)) delete require.cache[k];
  }
});

test("only tslab's public display reachable: the most portable single MIME type is sent", () => {
  const path = '/nowhere/node_modules/tslab/dist/public.js';
  const raw: unknown[] = [];
  const html: unknown[] = [];
  const fake = {
    exports: { display: { raw: (mime: string, content: unknown) => raw.push([mime, content]), html: (h: string) => html.push(h) } },
  };
  const cache = require.cache as Record<string, unknown>;
  const real = Object.keys(cache).filter((k) => /[\\/]tslab[\\/]dist[\\/]public\.js$/.test(k));
  const saved = real.map((k) => [k, cache[k]] as const);
  for (const k of real) delete cache[k];
  cache[path] = fake;
  try {
    assert.is(sendBundle(bundle), 'tslab-display');
    assert.equal(raw, [['image/svg+xml', '<svg/>']]);
    assert.is(sendBundle({ 'text/html': '<b>x</b>', 'text/plain': 'x' }), 'tslab-display');
    assert.equal(html, ['<b>x</b>']);
    assert.is(sendBundle({ 'text/plain': 'only text' }), 'tslab-display');
    assert.equal(raw[1], ['text/plain', 'only text']);
  } finally {
    delete cache[path];
    for (const [k, v] of saved) cache[k] = v;
  }
});

test("in Deno's kernel: the whole bundle through Deno.jupyter.display, raw", async () => {
  const sent: unknown[] = [];
  const g = globalThis as { Deno?: unknown };
  g.Deno = { jupyter: { display: async (b: unknown, o: unknown) => void sent.push([b, o]) } };
  try {
    assert.is(sendBundle(bundle), 'deno');
    await Promise.resolve();
    assert.equal(sent, [[bundle, { raw: true }]]);
  } finally {
    delete g.Deno;
  }
});

test.run();
