import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { statusName } from '../../../src/client/events';

test('status names of close codes and HTTP statuses', () => {
  assert.is(statusName(1000), 'CLOSE_NORMAL');
  assert.is(statusName(1013), 'TRY_AGAIN_LATER');
  assert.is(statusName(401), 'UNAUTHORIZED');
  assert.is(statusName(429), 'TOO_MANY_REQUESTS');
  assert.is(statusName(503), 'SERVICE_UNAVAILABLE');
  assert.is(statusName(508), 'LOPP_DETECTED');
  assert.is(statusName(418), 'I_M_A_TEAPOT');
  assert.is(statusName(4000), 'CONNECTION_ERROR');
  assert.is(statusName(null), 'CONNECTION_ERROR');
});

test.run();
