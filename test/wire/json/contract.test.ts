import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { ContinuousContract, ContractPeriod, OHLCField, SpecificContract } from '../../../src/model';
import { parseContract, serializeContract } from '../../../src/wire';

const fails = (json: unknown, message: string) =>
  assert.throws(
    () => parseContract(json),
    (e: unknown) => e instanceof ParseException && e.message === message,
    message,
  );

test('both kinds of docs/protocol.md#contract-json round-trip exactly', () => {
  const continuous = { type: 'CONTINUOUS', period: 'month', front: 1, field: 'close' };
  const specific = { type: 'SPECIFIC', period: 'month', delivery: '2020-06-01', field: 'close' };
  const c = parseContract(continuous);
  assert.ok(ContinuousContract.isContinuousContract(c));
  assert.is(c.period, ContractPeriod.MONTH);
  assert.is(c.field, OHLCField.CLOSE);
  assert.equal(serializeContract(c), continuous);
  const s = parseContract(specific);
  assert.ok(SpecificContract.isSpecificContract(s));
  assert.equal(serializeContract(s), specific);
});

test('front and field are optional; delivery keeps its date part', () => {
  assert.equal(serializeContract(parseContract({ type: 'CONTINUOUS', period: 'MONTH' })), {
    type: 'CONTINUOUS',
    period: 'month',
    front: null,
  });
  const s = parseContract({ type: 'SPECIFIC', period: 'quarter', delivery: '2021-03-01T00:00:00+01:00', field: 'Settlement' });
  assert.equal(serializeContract(s), { type: 'SPECIFIC', period: 'quarter', delivery: '2021-03-01', field: 'settlement' });
});

test('type is exact upper case; period and SPECIFIC delivery are required', () => {
  fails({ type: 'continuous', period: 'month' }, 'contract.type: expected "CONTINUOUS" or "SPECIFIC", got "continuous"');
  fails({ period: 'month' }, 'contract.type: expected "CONTINUOUS" or "SPECIFIC", got nothing');
  fails({ type: 'CONTINUOUS' }, 'contract.period: expected a ContractPeriod tag, got nothing');
  fails({ type: 'SPECIFIC', period: 'month' }, 'contract.delivery: expected an ISO 8601 date, got nothing');
  fails({ type: 'CONTINUOUS', period: 'fortnight' }, 'contract.period: unknown ContractPeriod tag, got "fortnight"');
  fails({ type: 'CONTINUOUS', period: 'month', field: 'median' }, 'contract.field: unknown OHLCField tag, got "median"');
  fails({ type: 'CONTINUOUS', period: 'month', front: 'x' }, 'contract.front: expected a non-negative integer or null, got "x"');
});

test.run();
