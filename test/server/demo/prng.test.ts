import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ar1, base64Url, createRng, hashString } from '../../../server/src/demo/prng';

test('streams are deterministic per seed and key', () => {
  const a = createRng(1, 'DE');
  const b = createRng(1, 'DE');
  for (let i = 0; i < 5; i++) assert.is(a.next(), b.next());
  assert.is.not(createRng(1, 'DE').next(), createRng(2, 'DE').next());
  assert.is.not(createRng(1, 'DE').next(), createRng(1, 'FR').next());
  assert.is(hashString('x'), hashString('x'));
});

test('uniform and normal draws have the right moments', () => {
  const r = createRng(3, 'moments');
  let s = 0;
  let s2 = 0;
  let u = 0;
  const n = 20000;
  for (let i = 0; i < n; i++) {
    const z = r.normal();
    s += z;
    s2 += z * z;
    u += r.next();
  }
  assert.ok(Math.abs(s / n) < 0.03);
  assert.ok(Math.abs(s2 / n - 1) < 0.05);
  assert.ok(Math.abs(u / n - 0.5) < 0.01);
  for (let i = 0; i < 100; i++) {
    const k = r.int(7);
    assert.ok(k >= 0 && k < 7 && Number.isInteger(k));
  }
});

test('AR(1) keeps its standard deviation and autocorrelation', () => {
  const x = ar1(createRng(4, 'ar'), 50000, 0.9, 2);
  let s2 = 0;
  let c = 0;
  for (let i = 0; i < x.length; i++) {
    s2 += x[i]! * x[i]!;
    if (i) c += x[i]! * x[i - 1]!;
  }
  assert.ok(Math.abs(Math.sqrt(s2 / x.length) - 2) < 0.15);
  assert.ok(Math.abs(c / s2 - 0.9) < 0.02);
});

test('base64url', () => {
  assert.is(base64Url(new Uint8Array([251, 255])), '-_8');
  assert.is(base64Url(createRng(1, 't').bytes(16)).length, 22);
});

test.run();
