/**
 * `POST {api}/import/`: the import of files into a running service (what `service import --url`
 * uses, since the embedded store allows one process at a time). The body is JSON
 * `{"files": [{"name": "wind.csv", "text": "..."}], "dry_run": false}`; all files go in one
 * atomic batch, and the events reach push-feed subscribers at once. Only a key whose user may read
 * every package in every area (grant `*:*`) may import. Answers the import summary, or 400 with
 * every problem (`file:line: field: message`).
 *
 * @module
 */
import type { Readable } from 'node:stream';
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import { ForbiddenError, TooManyRequestsError, ValidationError, ValueError } from 'service/exceptions';
import type { ImportSummaryJson } from '#wire';
import type { RouteModule } from '../http/route-module';
import { userOf } from '../auth';
import type { UserRecord } from '../store';
import { importBuilt, type ImportSummary } from './import-files';
import { ImportThread } from './import-thread';

/**
 * Largest accepted request body (256 MiB).
 *
 * @example
 * IMPORT_BODY_LIMIT //=> 268435456
 */
const IMPORT_BODY_LIMIT = 256 * 1024 * 1024;

/**
 * Import requests received or built at once; one more is refused with a 429 until one is done.
 *
 * @example
 * MAX_IMPORTS_IN_FLIGHT //=> 2
 */
const MAX_IMPORTS_IN_FLIGHT = 2;

/** The request body of an import, handed to the route unread. */
class UnreadBody {
  constructor(readonly stream: Readable) {}
}

/**
 * After an import failed before the end of its body: a body too large (or an upload cut short)
 * is not read further and the connection closes after the answer; the rest of a body refused for
 * what it holds (malformed JSON) is read and dropped, so that the client, still sending, gets the
 * answer on a connection that stays usable (the limit still applies).
 */
function leaveUnread(body: Readable, reply: FastifyReply, err: unknown): void {
  if (!(err instanceof ValidationError) || body.destroyed) {
    reply.header('connection', 'close');
    return;
  }
  let left = IMPORT_BODY_LIMIT;
  body.on('data', (chunk: Buffer) => {
    left -= chunk.byteLength;
    if (left < 0) body.destroy();
  });
  body.on('error', () => undefined);
  body.resume();
}

/**
 * Whether a user may import: one grant covers every package in every area.
 *
 * @param user - The user.
 * @returns True for an all-access user.
 * @example
 * mayImport({ ...user, subscriptions: [{ package: '*', area: '*' }] }) //=> true
 */
export function mayImport(user: UserRecord): boolean {
  return user.subscriptions.some((g) => g.package === '*' && g.area === '*');
}

/**
 * The import route module.
 *
 * @example
 * createApp({ store, routes: [...SECTION_ROUTES, importRoutes] });
 */
export const importRoutes: RouteModule = {
  section: 'import',
  register(api, context) {
    const thread = new ImportThread(context.store);
    api.addHook('onClose', async () => thread.close());
    // the grant is checked on `onRequest` (after the scope's key check), before a byte of the
    // body is read: a caller who may not import never gets a body parsed
    const permission = async (request: FastifyRequest) => {
      if (!mayImport(userOf(request)))
        throw new ForbiddenError('Importing needs a key of a user with access to every package in every area (grant *:*)');
    };
    // at most MAX_IMPORTS_IN_FLIGHT bodies are received or built at once (imports run one at a
    // time anyway): more would only hold their bodies in memory; the others get a 429
    const inFlight = new WeakSet<FastifyRequest>();
    let activeImports = 0;
    const admit = async (request: FastifyRequest) => {
      if (activeImports >= MAX_IMPORTS_IN_FLIGHT) {
        throw new TooManyRequestsError(
          `${activeImports} imports are in progress (at most ${MAX_IMPORTS_IN_FLIGHT} at once); retry after 1 s`,
          1,
        );
      }
      activeImports++;
      inFlight.add(request);
    };
    const release = async (request: FastifyRequest) => {
      if (inFlight.delete(request)) activeImports--;
    };
    // the body is not read here: the JSON content-type parser of this route hands its stream on
    // unread (a declared length over the limit is refused first), and the import thread parses
    // it as it arrives, reads and checks the files and builds the batch; only the store write,
    // which is asynchronous, runs here
    api.register(async (scope) => {
      scope.addContentTypeParser('application/json', (request, payload, done) => {
        if (Number(request.headers['content-length']) > IMPORT_BODY_LIMIT)
          return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
        done(null, new UnreadBody(payload));
      });
      const hooks = { onRequest: [permission, admit], onResponse: release, onRequestAbort: release };
      scope.post('/import/', { bodyLimit: IMPORT_BODY_LIMIT, ...hooks }, async (request, reply): Promise<ImportSummaryJson> => {
        if (!(request.body instanceof UnreadBody))
          throw new ValidationError('Expected a JSON body {"files": [{"name": "...", "text": "..."}]}', 'files');
        const body = request.body.stream;
        let summary: ImportSummary & { dryRun: boolean };
        try {
          const { built, files, dryRun } = await thread.build(body, context.clock(), IMPORT_BODY_LIMIT);
          summary = { ...(await importBuilt(context.store, built, files, { dryRun })), dryRun };
        } catch (err) {
          if (!body.readableEnded) leaveUnread(body, reply, err);
          if (err instanceof ValueError && !(err instanceof ValidationError)) throw new ValidationError(err.message, 'files');
          throw err;
        }
        return {
          files: summary.files,
          new_curves: summary.newCurves,
          curves: summary.curves,
          instances: summary.instances,
          blocks: summary.blocks,
          values: summary.values,
          events: summary.events.length,
          last_event_id: summary.events.at(-1)?.id ?? null,
          dry_run: summary.dryRun,
        };
      });
    });
  },
};
