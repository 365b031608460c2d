import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  APIError,
  errorFromResponse,
  ForbiddenError,
  HTTPError,
  ImportError,
  InitializationError,
  INTERNAL_SERVER_ERROR_MESSAGE,
  InternalServerError,
  NotFoundError,
  PageError,
  ParseException,
  parseRetryAfter,
  ServiceError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  ValueError,
  WebSocketsError,
} from '../src/exceptions';
import { bodyOfError, GENERIC_SERVER_ERROR_MESSAGE, headersOfError, statusOfError } from '../server/src/http/errors';

test('every class derives from ServiceError and Error, with its own name', () => {
  const all = [
    new APIError('a'),
    new HTTPError('h'),
    new ValidationError('v', 'p'),
    new NotFoundError('n'),
    new UnauthorizedError('u'),
    new ForbiddenError('f'),
    new TooManyRequestsError('t', 1),
    new InternalServerError(),
    new InitializationError('i'),
    new PageError('p'),
    new ParseException('x'),
    new WebSocketsError('w'),
    new ValueError('v'),
    new ImportError('m'),
  ];
  const names = [
    'APIError',
    'HTTPError',
    'ValidationError',
    'NotFoundError',
    'UnauthorizedError',
    'ForbiddenError',
    'TooManyRequestsError',
    'InternalServerError',
    'InitializationError',
    'PageError',
    'ParseException',
    'WebSocketsError',
    'ValueError',
    'ImportError',
  ];
  all.forEach((err, i) => {
    assert.ok(err instanceof ServiceError, names[i]);
    assert.ok(err instanceof Error, names[i]);
    assert.is(err.name, names[i]);
    assert.ok(typeof err.stack === 'string');
  });
});

test('API-call errors derive from APIError; the others do not (reference hierarchy)', () => {
  for (const err of [
    new HTTPError(),
    new ValidationError('v'),
    new NotFoundError(),
    new UnauthorizedError(),
    new ForbiddenError(),
    new TooManyRequestsError(),
    new InternalServerError(),
  ])
    assert.ok(err instanceof APIError, err.name);
  for (const err of [
    new InitializationError(),
    new PageError(),
    new ParseException(),
    new WebSocketsError('w'),
    new ValueError(),
    new ImportError(),
  ])
    assert.not.ok(err instanceof APIError, err.name);
});

test('ValidationError renders Field="<parameter>", message: <reason>', () => {
  const err = new ValidationError('begin must be before end', 'begin');
  assert.is(err.message, 'Field="begin", message: begin must be before end');
  assert.is(err.reason, 'begin must be before end');
  assert.is(err.parameter, 'begin');
  assert.is(String(err), 'ValidationError: Field="begin", message: begin must be before end');
  const bare = new ValidationError('bad combination');
  assert.is(bare.message, 'bad combination');
  assert.is(bare.parameter, undefined);
});

test('reason classes keep reason and use it as message; empty when missing', () => {
  for (const Cls of [NotFoundError, UnauthorizedError, ForbiddenError, InitializationError, PageError]) {
    const err = new Cls('why');
    assert.is(err.reason, 'why');
    assert.is(err.message, 'why');
    assert.is(new Cls().reason, '');
  }
});

test('InternalServerError has a fixed default text', () => {
  assert.is(new InternalServerError().message, INTERNAL_SERVER_ERROR_MESSAGE);
  assert.is(new InternalServerError('custom').message, 'custom');
});

test('HTTPError keeps status, code and cause', () => {
  const cause = new Error('connect ECONNREFUSED');
  const err = new HTTPError('failed', { code: 'ECONNREFUSED', cause });
  assert.is(err.code, 'ECONNREFUSED');
  assert.is(err.status, undefined);
  assert.is(err.cause, cause);
  assert.is(new HTTPError('x', { status: 409 }).status, 409);
});

test('WebSocketsError: four fields joined by single spaces, defaults ""', () => {
  const err = new WebSocketsError('Subscribe rejected by server', 400, 'ERROR', ['bad filter', 'too many']);
  assert.is(err.message, 'Subscribe rejected by server 400 ERROR bad filter; too many');
  assert.is(err.statusCode, 400);
  assert.is(err.status, 'ERROR');
  assert.equal(err.description, ['bad filter', 'too many']);
  const bare = new WebSocketsError('Please connect before subscribing');
  assert.is(bare.message, 'Please connect before subscribing   ');
  assert.is(bare.statusCode, '');
  assert.is(bare.status, '');
  assert.is(bare.description, '');
});

test('errorFromResponse maps each status to its class and fields', () => {
  const v = errorFromResponse(400, { message: 'begin must be before end', parameter: 'begin' });
  assert.instance(v, ValidationError);
  assert.is((v as ValidationError).reason, 'begin must be before end');
  assert.is((v as ValidationError).parameter, 'begin');
  const u = errorFromResponse(401, { message: 'Invalid API key' });
  assert.instance(u, UnauthorizedError);
  assert.is((u as UnauthorizedError).reason, 'Invalid API key');
  const f = errorFromResponse(403, { message: 'No access to curve X' });
  assert.instance(f, ForbiddenError);
  assert.is((f as ForbiddenError).reason, 'No access to curve X');
  const n = errorFromResponse(404, { message: "Curve 'X' not found" });
  assert.instance(n, NotFoundError);
  assert.is(n?.message, "Curve 'X' not found");
  // 400 without parameter: plain message; parameter is only read for 400
  assert.is(errorFromResponse(400, { message: 'bad' })?.message, 'bad');
  assert.is(errorFromResponse(404, { message: 'gone', parameter: 'curve' })?.message, 'gone');
});

test('errorFromResponse: 5xx ignores the body; 429 reads Retry-After; others are HTTPError', () => {
  for (const status of [500, 502, 503, 599]) {
    const err = errorFromResponse(status, { message: 'Traceback (most recent call last)' });
    assert.instance(err, InternalServerError);
    assert.is(err?.message, INTERNAL_SERVER_ERROR_MESSAGE);
  }
  const t = errorFromResponse(429, { message: 'Too many requests' }, { 'Retry-After': '3' });
  assert.instance(t, TooManyRequestsError);
  assert.is((t as TooManyRequestsError).retryAfter, 3);
  assert.is((t as TooManyRequestsError).reason, 'Too many requests');
  assert.is((errorFromResponse(429, {}, {}) as TooManyRequestsError).retryAfter, undefined);
  const h = errorFromResponse(409, { message: 'conflict' });
  assert.instance(h, HTTPError);
  assert.is((h as HTTPError).status, 409);
  assert.is(h?.message, 'Unexpected HTTP status 409: conflict');
  assert.is(errorFromResponse(200, []), undefined);
  assert.is(errorFromResponse(204, ''), undefined);
});

test('errorFromResponse accepts JSON text, bytes and non-JSON text', () => {
  const fromText = errorFromResponse(400, '{"message":"limit too big","parameter":"limit"}');
  assert.is((fromText as ValidationError).parameter, 'limit');
  const fromBytes = errorFromResponse(404, Buffer.from('{"message":"nope"}'));
  assert.is(fromBytes?.message, 'nope');
  assert.is(errorFromResponse(403, '<html>Forbidden</html>')?.message, '<html>Forbidden</html>');
  assert.is(errorFromResponse(401, '')?.message, 'HTTP status 401');
  assert.is(errorFromResponse(404, { detail: 'x' })?.message, 'HTTP status 404');
});

test('parseRetryAfter reads seconds and HTTP dates', () => {
  assert.is(parseRetryAfter('2'), 2);
  assert.is(parseRetryAfter(' 0.5 '), 0.5);
  assert.is(parseRetryAfter(undefined), undefined);
  assert.is(parseRetryAfter('soon'), undefined);
  // Wed, 21 Oct 2015 07:28:00 GMT = 1445412480000 ms; "now" 10 s earlier
  assert.is(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', 1445412470000), 10);
  assert.is(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', 1445412490000), 0);
});

test('statusOfError and bodyOfError: known classes', () => {
  assert.is(statusOfError(new ValidationError('r', 'begin')), 400);
  assert.equal(bodyOfError(new ValidationError('r', 'begin')), { message: 'r', parameter: 'begin' });
  assert.equal(bodyOfError(new ValidationError('r')), { message: 'r' });
  assert.is(statusOfError(new ValueError('bad value')), 400);
  assert.equal(bodyOfError(new ValueError('bad value')), { message: 'bad value' });
  assert.is(statusOfError(new UnauthorizedError('k')), 401);
  assert.is(statusOfError(new ForbiddenError('f')), 403);
  assert.is(statusOfError(new NotFoundError('n')), 404);
  assert.equal(bodyOfError(new NotFoundError('n')), { message: 'n' });
  assert.is(statusOfError(new TooManyRequestsError('slow', 1.2)), 429);
  assert.equal(headersOfError(new TooManyRequestsError('slow', 1.2)), { 'Retry-After': '2' });
  assert.equal(headersOfError(new TooManyRequestsError('slow')), {});
  assert.equal(headersOfError(new NotFoundError('n')), {});
});

test('anything unknown is a 500 with a generic message and no details', () => {
  const secret = new Error('connection string postgres://user:pw@db');
  for (const err of [
    secret,
    new TypeError('x is undefined'),
    new InternalServerError('detail'),
    new ParseException('p'),
    new HTTPError('h'),
    'a string',
    null,
    undefined,
    { message: 'obj' },
  ]) {
    assert.is(statusOfError(err), 500);
    const body = bodyOfError(err);
    assert.equal(body, { message: GENERIC_SERVER_ERROR_MESSAGE });
    assert.not.match(JSON.stringify(body), /postgres|at |undefined/);
  }
});

test('round trip: server mapping then client mapping gives back class and fields', () => {
  const cases: APIError[] = [
    new ValidationError('begin must be before end', 'begin'),
    new ValidationError('bad combination'),
    new UnauthorizedError('Invalid API key'),
    new ForbiddenError("No access to 'DE Wind'"),
    new NotFoundError("Curve 'X' not found"),
    new TooManyRequestsError('Rate limit exceeded', 2),
    new InternalServerError(),
  ];
  for (const err of cases) {
    const status = statusOfError(err);
    const wire = JSON.stringify(bodyOfError(err));
    const back = errorFromResponse(status, wire, headersOfError(err));
    assert.ok(back, err.name);
    assert.is(back!.constructor, err.constructor, err.name);
    assert.is(back!.message, err.message, err.name);
    for (const field of ['reason', 'parameter', 'retryAfter'] as const) {
      assert.is(
        (back as unknown as Record<string, unknown>)[field],
        (err as unknown as Record<string, unknown>)[field],
        `${err.name}.${field}`,
      );
    }
  }
  // ValueError travels as a 400 and comes back as a ValidationError with the same text
  const back = errorFromResponse(statusOfError(new ValueError('bad')), bodyOfError(new ValueError('bad')));
  assert.instance(back, ValidationError);
  assert.is(back?.message, 'bad');
});

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (name.endsWith('.ts')) out.push(full);
  }
  return out;
}

test('"extends Error" appears only in src/exceptions.ts (of both packages)', () => {
  const root = join(__dirname, '..');
  const offenders = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'server', 'src'))]
    .filter((file) => !file.endsWith(join('src', 'exceptions.ts')))
    .filter((file) => /extends\s+(Error|TypeError|RangeError)\b/.test(readFileSync(file, 'utf8')));
  assert.equal(offenders, []);
});

test.run();
