import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { packageVersion, requestHeaders, USER_AGENT } from '../../../src/client/http/headers';

const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

test('User-Agent is service-ts/<package.json version>', () => {
  assert.is(packageVersion(), version);
  assert.is(USER_AGENT, `service-ts/${version}`);
});

test('request headers carry the key under the chosen header name', () => {
  assert.equal(requestHeaders('X-API-Key', 'abc'), {
    'X-API-Key': 'abc',
    'User-Agent': USER_AGENT,
    Accept: '*/*',
    'Accept-Encoding': 'gzip, deflate',
    Connection: 'keep-alive',
  });
  const partner = requestHeaders('Ocp-Apim-Subscription-Key', 'abc');
  assert.is(partner['Ocp-Apim-Subscription-Key'], 'abc');
  assert.not.ok('X-API-Key' in partner);
});

test.run();
