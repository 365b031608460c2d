import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ForbiddenError } from '../../../src/exceptions';
import { assertCanRead, canRead, curveSubscription, grantFor, serializeGrant } from '../../../server/src/auth';
import type { CurveRecord, UserRecord } from '../../../server/src/store';
import { curveRecord } from '../../helpers/records';

function curve(name: string, area: string, pkg: string, areaSink: string | null = null): CurveRecord {
  return curveRecord(name, { area, areaSink, categories: [], package: pkg });
}

const ada: UserRecord = {
  id: 'ada',
  name: 'Ada',
  email: null,
  organization: null,
  blocked: false,
  subscriptions: [
    { package: 'power', area: 'DE' },
    { package: 'market', area: '*' },
  ],
};

const deWind = curve('DE Wind Power Production MWh/h 15min Actual', 'DE', 'power');
const esWind = curve('ES Wind Power Production MWh/h 15min Actual', 'ES', 'power');
const coal = curve('Futures Coal API-2 USD/t ICE OHLC', '', 'market');
const frDe = curve('FR>DE Exchange Day-Ahead Schedule MWh/h H Actual', 'FR', 'power', 'DE');

test('a grant covers its package in its area; area * covers every area', () => {
  assert.ok(canRead(ada, deWind));
  assert.not.ok(canRead(ada, esWind));
  assert.ok(canRead(ada, coal));
  assert.equal(grantFor(ada, coal), { package: 'market', area: '*' });
  // an exchange curve counts for its sink area too
  assert.ok(canRead(ada, frDe));
  // package and area compare case-insensitively
  assert.ok(canRead({ ...ada, subscriptions: [{ package: 'POWER', area: 'de' }] }, deWind));
  assert.not.ok(canRead({ ...ada, subscriptions: [] }, deWind));
});

test('assertCanRead refuses with a ForbiddenError naming the curve', () => {
  assert.not.throws(() => assertCanRead(ada, deWind));
  try {
    assertCanRead(ada, esWind);
    assert.unreachable();
  } catch (err) {
    assert.instance(err, ForbiddenError);
    assert.ok((err as ForbiddenError).reason.includes("'ES Wind Power Production MWh/h 15min Actual'"));
    assert.match((err as ForbiddenError).reason, /package 'power' in area 'ES'/);
  }
});

test('grants serialise as wire Subscriptions', () => {
  assert.equal(serializeGrant({ package: 'power', area: 'DE' }), {
    access: 'PAYING',
    type: 'PACKAGE_AREA',
    label: 'Power – Germany',
    package: 'power',
    area: 'DE',
  });
  assert.equal(serializeGrant({ package: 'market', area: '*' }), { access: 'PAYING', type: 'PACKAGE', label: 'Market', package: 'market' });
  assert.equal(curveSubscription(ada, esWind), {
    access: 'NONE',
    type: 'PACKAGE_AREA',
    label: 'Power – Spain',
    package: 'power',
    area: 'ES',
  });
  assert.is(curveSubscription(ada, deWind).access, 'PAYING');
});

test.run();
