// How the loopback runner judges what a test file left open (scripts/left-open.mjs): resources
// beyond those open before the file, a server, socket or timer reported once the grace has
// passed, and requests in flight (an fs call of the moment on a busy machine) waited for longer
// while nothing else is left.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error: a plain ES module of the test runner, without type declarations
import { openBeyond, waitLonger } from '../../scripts/left-open.mjs';

const limits = { graceMs: 500, requestGraceMs: 10_000 };

test('what is open beyond what was open before, counted by kind', () => {
  const before = ['TTYWrap', 'Timeout'];
  assert.equal(openBeyond(before, ['TTYWrap', 'Timeout']), []);
  assert.equal(openBeyond(before, ['TTYWrap', 'Timeout', 'Timeout', 'TCPServerWrap']), ['1 Timeout', '1 TCPServerWrap']);
  // one closed that was open before does not hide one opened
  assert.equal(openBeyond(before, ['TTYWrap', 'FSReqCallback']), ['1 FSReqCallback']);
});

test('nothing left: the verdict at once', () => {
  assert.is(waitLonger([], 0, limits), false);
});

test('a server, socket or timer is waited for during the grace, then reported', () => {
  assert.is(waitLonger(['1 TCPServerWrap'], 100, limits), true);
  assert.is(waitLonger(['1 TCPServerWrap'], 501, limits), false);
  assert.is(waitLonger(['1 Timeout'], 501, limits), false);
  // beside a request: still reported after the grace
  assert.is(waitLonger(['1 TCPSocketWrap', '1 FSReqCallback'], 501, limits), false);
});

test('only requests in flight: waited for up to the longer grace, then reported', () => {
  for (const kind of ['FSReqCallback', 'FSReqPromise', 'GetAddrInfoReqWrap', 'WriteWrap', 'ShutdownWrap']) {
    assert.is(waitLonger([`1 ${kind}`], 501, limits), true, kind);
    assert.is(waitLonger([`1 ${kind}`], 10_001, limits), false, kind);
  }
  assert.is(waitLonger(['2 FSReqCallback', '1 WriteWrap'], 5_000, limits), true);
});

test.run();
