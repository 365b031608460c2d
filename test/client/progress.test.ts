// The progress display of many-curve calls: a live notebook bar (one display entry, updated in
// place through tslab's display updates), a terminal bar when stderr is a TTY, nothing otherwise.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { progressDisplay } from '../../src/client/progress';

interface Message {
  data: Record<string, string>;
  transient: { display_id?: string };
}

test('no notebook and no TTY (as under the test runner): nothing is written', () => {
  const writes: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => {
    writes.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  try {
    const p = progressDisplay('curves', 3, true);
    p.step(true);
    p.done();
  } finally {
    process.stderr.write = original;
  }
  assert.equal(writes, []);
});

test('a terminal: one line redrawn with \\r, failures counted, a newline at the end', () => {
  const writes: string[] = [];
  const stream = process.stderr as NodeJS.WriteStream & { isTTY: boolean };
  const original = stream.write.bind(stream);
  const wasTTY = stream.isTTY;
  stream.isTTY = true;
  stream.write = ((chunk: string) => {
    writes.push(String(chunk));
    return true;
  }) as typeof stream.write;
  try {
    const p = progressDisplay('curves', 2, true);
    p.step(true);
    p.step(false);
    p.done();
  } finally {
    stream.write = original;
    stream.isTTY = wasTTY;
  }
  assert.is(writes.length, 4);
  assert.ok(writes.slice(0, 3).every((w) => w.startsWith('\r')));
  assert.match(writes[0] as string, /curves: 0\/2$/);
  assert.match(writes[2] as string, /^\r█{30} curves: 2\/2 \(1 failed\)$/);
  assert.is(writes[3], '\n');
});

test('a tslab notebook: one display entry, then updates of the same display id', () => {
  const jupyter = require('tslab/dist/jupyter') as { lastWriteDisplayData: unknown };
  const sent: [Message, boolean][] = [];
  jupyter.lastWriteDisplayData = (message: Message, update: boolean) => sent.push([message, update]);
  try {
    const p = progressDisplay('curves', 4, true);
    p.step(true);
    p.step(false);
    p.done();
  } finally {
    jupyter.lastWriteDisplayData = null;
  }
  assert.equal(
    sent.map(([, update]) => update),
    [false, true, true],
  );
  const ids = new Set(sent.map(([m]) => m.transient.display_id));
  assert.is(ids.size, 1);
  assert.ok([...ids][0]);
  assert.match(sent[2]?.[0].data['text/html'] as string, /<progress value="2" max="4"/);
  assert.match(sent[2]?.[0].data['text/plain'] as string, /curves: 2\/4 \(1 failed\)/);
});

test.run();
