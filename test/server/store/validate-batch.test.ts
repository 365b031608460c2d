import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../../src/exceptions';
import { validateBatch, type BatchContext, type CurveRecord, type ImportBatch } from '../../../server/src/store';
import { curveRecord } from '../../helpers/records';

function curve(name: string, over: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, { categories: ['Wind'], ...over });
}

const stored = curve('DE Stored MWh/h H Actual');
const context: BatchContext = {
  curve: (name) => (name === stored.name ? stored : undefined),
  hasPlace: (key) => key === 'pp-stored',
  hasUser: (id) => id === 'stored-user',
};

function refused(batch: unknown, pattern: RegExp): void {
  try {
    validateBatch(batch as ImportBatch, context);
  } catch (err) {
    assert.instance(err, ValueError);
    assert.match((err as Error).message, pattern);
    return;
  }
  assert.unreachable(`accepted: ${pattern}`);
}

const t = (...v: number[]) => Float64Array.from(v);
const block = (name: string, times: Float64Array, values: Float64Array | null, extra = {}) => ({
  curve: name,
  issued: null,
  tag: null,
  times,
  values,
  scenarios: [],
  scenarioNames: [],
  ...extra,
});

test('a well-formed batch passes, referring to stored records', () => {
  validateBatch(
    {
      curves: [curve('DE New MWh/h H Actual', { placeKey: 'pp-stored' })],
      keys: [{ hash: 'f'.repeat(64), userId: 'stored-user', label: '', created: 0, blocked: false }],
      series: [block(stored.name, t(0, 3600000), t(1, NaN)), block('DE New MWh/h H Actual', t(0), t(1))],
    },
    context,
  );
  validateBatch({}, context);
});

test('bad records and references are refused before anything is written', () => {
  refused(null, /batch: must be an object/);
  refused({ curves: {} }, /curves: must be an array/);
  refused({ curves: [curve('X', { curveType: 'SERIES' })] }, /unknown curveType SERIES/);
  refused({ curves: [curve('X', { dataType: 'actual' })] }, /unknown dataType actual/);
  refused({ curves: [curve('X', { frequency: 'PT7M' })] }, /unknown frequency/);
  refused({ curves: [curve('X', { timezone: 'Mars/Base' })] }, /unknown timezone/);
  refused({ curves: [curve(' X')] }, /surrounding blanks/);
  refused({ curves: [curve('X'), curve('X')] }, /duplicate X/);
  refused({ curves: [curve('X', { placeKey: 'pp-nowhere' })] }, /unknown place pp-nowhere/);
  refused({ keys: [{ hash: 'abc', userId: 'stored-user', label: '', created: 0, blocked: false }] }, /64 lower-case hex/);
  refused({ keys: [{ hash: 'f'.repeat(64), userId: 'ghost', label: '', created: 0, blocked: false }] }, /unknown user "ghost"/);
  refused(
    { users: [{ id: 'u', name: 'U', email: null, organization: null, blocked: false, subscriptions: [{ package: 'power' }] }] },
    /subscription area/,
  );
  refused(
    { instances: [{ curve: stored.name, issued: 0, tag: 'ec', created: null, modified: null, scenarioNames: [] }] },
    /has no instances/,
  );
});

test('bad blocks are refused', () => {
  refused({ series: [block('nope', t(0), t(1))] }, /unknown curve/);
  refused({ series: [block(stored.name, t(0, 0), t(1, 2))] }, /strictly increase/);
  refused({ series: [block(stored.name, t(0, NaN), t(1, 2))] }, /not finite/);
  refused({ series: [block(stored.name, t(0, 1), t(1))] }, /length 2/);
  refused({ series: [block(stored.name, t(0), null)] }, /no values and no scenarios/);
  refused({ series: [block(stored.name, t(0), null, { scenarios: [t(1)], scenarioNames: [] })] }, /one name per scenario/);
  refused({ series: [block(stored.name, t(0), t(1), { issued: 0, tag: 'ec' })] }, /only for instance curves/);
  refused(
    { periods: [{ curve: stored.name, issued: null, tag: null, begins: t(0), ends: t(1), values: t(1), capacities: null }] },
    /does not take this block/,
  );
  const cap = curve('DE Cap MW Capacity', { curveType: 'PERIOD', dataType: 'CAPACITY', frequency: 'NONE' });
  refused(
    {
      curves: [cap],
      periods: [{ curve: cap.name, issued: null, tag: null, begins: t(0, 5), ends: t(10, 20), values: t(1, 2), capacities: null }],
    },
    /overlap/,
  );
  refused(
    { curves: [cap], periods: [{ curve: cap.name, issued: null, tag: null, begins: t(5), ends: t(5), values: t(1), capacities: null }] },
    /end after it begins/,
  );
});

test.run();
