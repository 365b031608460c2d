/**
 * The import body is read as it arrives: a client writing slowly in tiny chunks, file entries and
 * multi-byte characters split across chunk boundaries, malformed JSON in the middle of a large
 * body (answered before the rest is sent), an upload cut short (the next import goes through).
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ImportBodyReader } from '../../../server/src/import/import-body';
import { ImportThread } from '../../../server/src/import/import-thread';
import { DE_WIND, hourlyCsv, startFeedService, type FeedService } from '../feed/feed-fixture';

let svc: FeedService;
test.before(async () => {
  svc = await startFeedService({ app: { events: { heartbeatMs: 0 } } });
});
test.after(async () => {
  for (const req of uploads) req.destroy();
  await svc.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const eventCount = async () => (await svc.store.eventsAfter(null)).events.length;

/** Opens an import upload (chunked: no content-length) and gives the request and its answer. */
function openUpload(key = svc.keys.all): { req: ClientRequest; answer: Promise<{ status: number; body: string }> } {
  const req = httpRequest(`${svc.apiUrl}/import/`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' } });
  uploads.push(req);
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

/** Every upload opened, destroyed after the file so that a failed test cannot keep the service open. */
const uploads: ClientRequest[] = [];

/**
 * Writes to an upload. Settles when the bytes are written, or fails when the connection closes
 * or WRITE_LIMIT_MS passes first: Node drops the callback of a write to a closed socket, so a
 * write that waited for the callback alone could wait for ever.
 */
function write(req: ClientRequest, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error | null) => {
      clearTimeout(timer);
      req.off('close', closed);
      if (err) reject(err);
      else resolve();
    };
    const closed = () => done(new Error('the connection closed during the write'));
    const timer = setTimeout(() => done(new Error(`the write took over ${WRITE_LIMIT_MS} ms`)), WRITE_LIMIT_MS);
    req.once('close', closed);
    req.write(bytes, done);
  });
}
const WRITE_LIMIT_MS = 30_000;

test('a client writing slowly, a few bytes at a time: the import is the same as in one piece', async () => {
  const before = await eventCount();
  const body = Buffer.from(
    JSON.stringify({
      files: [
        { name: 'slow-a.csv', text: hourlyCsv(DE_WIND, Date.UTC(2023, 0, 1), 24, (k) => k) },
        { name: 'slow-b.csv', text: hourlyCsv(DE_WIND, Date.UTC(2023, 0, 2), 12, () => 2) },
      ],
    }),
  );
  const { req, answer } = openUpload();
  let chunks = 0;
  for (let at = 0; at < body.length; at += 16) {
    await write(req, body.subarray(at, at + 16));
    chunks++;
    if (chunks % 8 === 0) await sleep(5); // lets each small write reach the service on its own
  }
  req.end();
  const r = await answer;
  assert.ok(chunks > 100, String(chunks));
  assert.is(r.status, 200, r.body);
  const summary = JSON.parse(r.body);
  assert.equal([summary.files, summary.blocks, summary.values, summary.events], [2, 2, 36, 2]);
  assert.is(await eventCount(), before + 2);
});

test('a file entry and a multi-byte character split across chunks: problems quote the text exactly', async () => {
  // `é` is two bytes in UTF-8, `\u00e9` an escape: every split point inside the entry is tried
  const text = `curve,date,value\n${DE_WIND},2024-03-01T00:00:00Z,1\n${DE_WIND},2024-03-01T01:00:00Z,x\u00e9\n`;
  const json = `{"files": [{"name": "spl\\u00e9t.csv", "text": ${JSON.stringify(text)}}], "dry_run": true}`;
  const body = Buffer.from(json);
  const at = body.indexOf('{"name"');
  for (let cut = at; cut < body.length; cut += 5) {
    const payload = Readable.from([body.subarray(0, cut), body.subarray(cut, cut + 3), body.subarray(cut + 3)]);
    const r = await svc.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { 'x-api-key': svc.keys.all, 'content-type': 'application/json' },
      payload,
    });
    assert.is(r.statusCode, 400, `cut at ${cut}`);
    assert.match(r.json().message, /splét\.csv:3: value: not a number: "xé"/, `cut at ${cut}`);
  }
  // and byte by byte, the good file
  const good = Buffer.from(
    JSON.stringify({ files: [{ name: 'bytes.csv', text: hourlyCsv(DE_WIND, Date.UTC(2023, 5, 1), 3, () => 1) }], dry_run: true }),
  );
  const r = await svc.app.inject({
    method: 'POST',
    url: '/api/import/',
    headers: { 'x-api-key': svc.keys.all, 'content-type': 'application/json' },
    payload: Readable.from([...good].map((b) => Buffer.of(b))),
  });
  assert.equal(r.json(), {
    files: 1,
    new_curves: [],
    curves: [DE_WIND],
    instances: 0,
    blocks: 1,
    values: 3,
    events: 0,
    last_event_id: null,
    dry_run: true,
  });
});

test('the body reader gives what JSON.parse gives, wherever the bytes are cut', () => {
  const bodies = [
    '{"files": [{"name": "a.csv", "text": "h\\u00e9\\n\\"q\\"", "x": [1, {"y": []}]}, {"text": "t", "name": "b.json"}], "other": [[1], {"files": []}], "dry_run": true}',
    '{"files": [{"name": "a", "text": "1"}], "files": [{"name": "b", "text": "2"}], "dry_run": true, "dry_run": 1}',
    '{"files": [{"name": "a.csv", "text": "x"}, {"name": "b.csv"}]}',
    '{"files": [{"name": "a.csv", "text": "x"}, 5]}',
    '{"files": [], "dry_run": true}',
    '[{"files": [{"name": "a", "text": "1"}]}]',
    '{"files": [{"name": "a.csv", "text": "x"}',
    '{"files": [{"name": "a.csv", "text": "x"}]} x',
  ];
  for (const json of bodies) {
    let expected: unknown;
    try {
      const parsed = JSON.parse(json);
      const files = parsed?.files;
      expected =
        Array.isArray(files) &&
        files.length > 0 &&
        !Array.isArray(parsed) &&
        files.every((f) => typeof f?.name === 'string' && typeof f?.text === 'string')
          ? { end: { files: files.length, dryRun: parsed.dry_run === true }, names: files.map((f: { name: string }) => f.name) }
          : 'shape';
    } catch {
      expected = 'not JSON';
    }
    const bytes = Buffer.from(json);
    for (let cut = 0; cut <= bytes.length; cut++) {
      let names: string[] = [];
      const reader = new ImportBodyReader({
        file: (s) => names.push(s.name),
        restart: () => {
          names = [];
        },
      });
      let got: unknown;
      try {
        reader.write(new Uint8Array(bytes.subarray(0, cut)));
        reader.write(new Uint8Array(bytes.subarray(cut)));
        got = { end: reader.end(), names };
      } catch (err) {
        got = /not JSON/.test((err as Error).message) ? 'not JSON' : 'shape';
      }
      assert.equal(got, expected, `${json} cut at ${cut}`);
    }
  }
});

test('malformed JSON in the middle of a large body: a 400 before the rest is sent, nothing imported', async () => {
  const before = await eventCount();
  const big = hourlyCsv(DE_WIND, Date.UTC(2022, 0, 1), 200_000, (k) => k % 97); // ~11 MB
  const { req, answer } = openUpload();
  // the write may still be under way when the answer comes: the answer decides the test, so a
  // write cut off after it is not a failure
  const sent = write(
    req,
    Buffer.from(`{"files": [{"name": "big.csv", "text": ${JSON.stringify(big)}}, {"name": "b.csv", "text": "x"} "oops"`),
  );
  sent.catch(() => undefined);
  // the answer comes while the upload is still open: the rest is never needed
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 20_000);
  });
  const r = await Promise.race([answer, late]);
  clearTimeout(timer); // else the process waits out the 20 s after the test
  await sent.catch(() => undefined);
  assert.ok(r !== null, 'answered before the end of the body');
  assert.is(r.status, 400);
  assert.equal(JSON.parse(r.body).parameter, 'files');
  assert.match(JSON.parse(r.body).message, /^The body is not JSON \(expected ',', at or before byte \d+\)\. Expected a JSON body/);
  // the client may go on sending: the rest is read and dropped
  await write(req, Buffer.alloc(4 * 1024 * 1024, 0x20)).catch(() => undefined);
  req.end();
  assert.is(await eventCount(), before);
  // the thread is free for the next import
  const ok = await svc.app.inject({
    method: 'POST',
    url: '/api/import/',
    headers: { 'x-api-key': svc.keys.all },
    payload: { files: [{ name: 'next.csv', text: hourlyCsv(DE_WIND, Date.UTC(2021, 0, 1), 2, () => 3) }] },
  });
  assert.is(ok.statusCode, 200, ok.body);
});

test('an upload cut short imports nothing and frees the thread for the next import', async () => {
  const before = await eventCount();
  const { req, answer } = openUpload();
  answer.catch(() => undefined);
  await write(
    req,
    Buffer.from(
      `{"files": [{"name": "cut.csv", "text": ${JSON.stringify(hourlyCsv(DE_WIND, Date.UTC(2020, 0, 1), 5000, () => 1))}}, {"name": "c`,
    ),
  );
  await sleep(200);
  req.destroy();
  await sleep(200);
  assert.is(await eventCount(), before);
  const ok = await svc.app.inject({
    method: 'POST',
    url: '/api/import/',
    headers: { 'x-api-key': svc.keys.all },
    payload: { files: [{ name: 'after.csv', text: hourlyCsv(DE_WIND, Date.UTC(2020, 0, 1), 2, () => 4) }] },
  });
  assert.is(ok.statusCode, 200, ok.body);
  assert.is(await eventCount(), before + 1);
});

test('a body over the limit without a declared length is refused once the limit is passed', async () => {
  // the limit is 256 MiB; a declared length over it is refused before a byte is read
  const declared = await svc.app.inject({
    method: 'POST',
    url: '/api/import/',
    headers: { 'x-api-key': svc.keys.all, 'content-type': 'application/json', 'content-length': String(257 * 1024 * 1024) },
    payload: '{}',
  });
  assert.is(declared.statusCode, 400);
  assert.is(declared.json().message, 'Request body is too large');
  // a chunked body is counted as it arrives (here with a limit of 64 bytes)
  const thread = new ImportThread(svc.store);
  try {
    const chunks = [Buffer.from('{"files": [{"name": "a.csv", '), Buffer.from('"text": "'), Buffer.alloc(64, 0x61), Buffer.from('"}]}')];
    const err = await thread.build(Readable.from(chunks), Date.now(), 64).then(
      () => null,
      (e: unknown) => e,
    );
    assert.is((err as { code?: string } | null)?.code, 'FST_ERR_CTP_BODY_TOO_LARGE');
    const fits = await thread.build(Readable.from(chunks), Date.now(), 1024).then(
      () => null,
      (e: unknown) => e,
    );
    assert.match(String(fits), /a\.csv:1: .*/); // read whole (and refused for its content, 'aaa...' is no CSV header)
  } finally {
    await thread.close();
  }
});

test.run();
