// Help (Shift+Tab) on the tslab kernel (kernel/tslab-kernel.mjs, kernel/inspect-callee.mjs): the
// kernel is started through its kernelspec by jupyter_client and sent inspect_request messages
// as the Notebook sends them. Inside a call's parentheses the answer is the called function's
// signature and docs; on a name it is that name's, as tslab gives it.
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type KernelClient, kernelClient, START_KERNEL } from '../helpers/kernel-client';

const root = resolve(__dirname, '..', '..');
const RUN_TIMEOUT_MS = 5 * 60_000;

/** Sends each JSON case `[code, cursor]` of argv[1] as an inspect_request; prints one JSON line per reply. */
const CLIENT = `${START_KERNEL}
import json, sys
km, kc, _, _ = start_kernel("tslab", 60)
try:
    for i, (code, cursor) in enumerate(json.loads(sys.argv[1])):
        reply = kc.inspect(code, cursor, reply=True, timeout=180)
        content = reply["content"]
        print(json.dumps({"case": i, "found": content.get("found"), "text": content.get("data", {}).get("text/plain", "")}), flush=True)
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)
`;

const HEAD = "import { ServiceClient } from 'service';\ndeclare const client: ServiceClient;\n";
/** [code, cursor] pairs; the cursor is where `|` stood in the code. */
const CASES: readonly (readonly [string, number])[] = [
  // inside the parentheses of an unfinished call
  ...[`${HEAD}client.timeseries.load(|`, `${HEAD}client.timeseries.load('DE Price Spot EUR/MWh EPEX H Actual', { begin: |`].map(cursorCase),
  // on the method's name, as tslab answers it itself
  cursorCase(`${HEAD}client.timeseries.lo|ad('x')`),
  // the innermost call holding the cursor, and a finished call
  cursorCase('/** Adds one. */\nfunction inc(n: number): number { return n + 1; }\nMath.max(1, inc(|2));'),
  cursorCase('/** Adds one. */\nfunction inc(n: number): number { return n + 1; }\nMath.max(1, inc(2)|);'),
  // nowhere near a call: still nothing
  cursorCase('const a = 1;\n|'),
];

function cursorCase(marked: string): readonly [string, number] {
  const at = marked.indexOf('|');
  return [marked.slice(0, at) + marked.slice(at + 1), at];
}

interface Reply {
  case: number;
  found: boolean;
  text: string;
}

let output = '';
let replies: Reply[] = [];
let kernels: KernelClient | null = null;

test.before(async () => {
  kernels = await kernelClient('kernel-inspect');
  output = await kernels.run(CLIENT, [JSON.stringify(CASES)], root, RUN_TIMEOUT_MS);
  replies = output
    .split('\n')
    .filter((line) => line.startsWith('{"case"'))
    .map((line) => JSON.parse(line) as Reply);
});

test.after(() => kernels?.remove());

test('every inspect_request is answered', () => {
  assert.is(replies.length, CASES.length, output.slice(-4000));
});

test("inside load's parentheses, Shift+Tab shows load's signature and docs", () => {
  for (const reply of replies.slice(0, 2)) {
    assert.ok(reply.found, JSON.stringify(reply));
    assert.match(reply.text, /TimeseriesSection\.load\(curve: CurveInput, options: /);
    assert.match(reply.text, /\n\nLoads a time series in `\[begin, end\)`\./, reply.text);
    assert.match(reply.text, /@param curve - /, reply.text);
  }
});

test("on the method's name, the same help as before", () => {
  assert.ok(replies[2]?.found, JSON.stringify(replies[2]));
  assert.match(replies[2]?.text ?? '', /TimeseriesSection\.load\(curve: CurveInput/);
});

test('the innermost call holding the cursor is the one shown', () => {
  assert.match(replies[3]?.text ?? '', /^function inc\(n: number\): number\n\nAdds one\./);
  assert.match(replies[4]?.text ?? '', /Math\.max\(/);
});

test('away from any call there is still nothing to show', () => {
  assert.equal(replies[5], { case: 5, found: false, text: '' });
});

test.run();
