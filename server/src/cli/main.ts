/**
 * The `service` command (`bin/service.js` calls {@link main}): `serve`, `seed`, `keys`, `import` and `export`.
 *
 * @module
 */
import { ValidationError } from 'service/exceptions';
import { processIO, type CliIO } from './cli-io';
import { parseExport, runExportCommand } from './export';
import { parseImport, runImport } from './import';
import { parseKeys, runKeys } from './keys';
import { parseSeed, runSeed } from './seed';
import { parseServe, runServe } from './serve';

/** The usage text. */
export const USAGE = `Usage: service <command> [options]

Commands:
  serve  [--host 127.0.0.1] [--port 7070] [--data DIR | --store URL] [--demo small|full] [--seed N] [--anchor YYYY-MM-DD] [--live] [--no-console] [--cors-origin URL]...
         Serve the API at http://HOST:PORT/api from the store in DIR (default ./data), and the web
         console at http://HOST:PORT/ (--no-console turns it off). With --demo,
         an empty store is first seeded with the demo dataset; the demo user's key is printed and
         written to DIR/demo-api-key. --live issues new forecast instances and revises actuals every
         few seconds (pushed on the events feed). Stops cleanly on Ctrl+C (SIGINT) or SIGTERM.
         --cors-origin URL (repeatable; default none) lets pages of that origin call the API from
         a browser (CORS, docs/client.md#browser-use). Connections: --keep-alive-timeout MS
         (default 5000), --max-connection-requests N (default 1000) and --max-connection-age MS
         (default 10000) recycle kept-alive connections so a restarted node gets its share;
         --drain-timeout MS (default 25000) bounds the wait on SIGTERM (docs/deploy.md).
  seed   (--data DIR | --store URL) --demo small|full [--seed N] [--anchor YYYY-MM-DD] [--history-years N --curves PATTERN]
         Seed the demo dataset into an empty store; prints the demo user's key. --history-years N
         --curves 'DE * 15min Actual' gives the matching time-series curves N years (1-30) of
         history before the anchor (* any text, ? one character; deterministic for --seed).
  keys create [--data DIR | --store URL] --user ID [--name NAME] [--email E] [--organization O] [--grant PKG:AREA]... [--label L]
         Create a key (and the user, if new); prints the key, which is stored only as a hash.
         --grant power:DE gives the power package in DE; power:* in every area.
  keys list  [--data DIR | --store URL]
         List keys: hash prefix, id, user, creation time, last use, state, label.
  keys block [--data DIR | --store URL] (KEY | --hash PREFIX | --id ID | --user ID) [--unblock]
         Block (or unblock) a key or a whole user. While the service runs, the administrator
         manages keys through the API instead (/api/keys/, docs/service.md#managing-keys).
  import [--data DIR | --store URL | --url API_URL (--key KEY | --key-file F)] [--dry-run] FILE...
         Import CSV/JSON files (docs/import-formats.md) in one atomic batch; bad files are reported
         with file, line and field and nothing is imported. --url sends them to a running service.
  export [--data DIR | --store URL | --url API_URL (--key KEY | --key-file F)] --curves PATTERN --format parquet|csv --out DIR [--begin D] [--end D] [--long] [--chunk-steps N]
         Write the whole history (default 1950-01-01 to 2050-01-01) of the time-series curves whose
         names match PATTERN (* any text, ? one character) to DIR, one file per curve (--long: one
         file with a curve column), read and written in chunks of N steps (default 100000), with
         DIR/curves.csv, so DIR imports as it is (docs/data-out.md#export).
  help   Show this text.

--store postgres://USER@HOST:PORT/DB uses a shared PostgreSQL store (any number of serve nodes,
and keys/import/seed while they run) instead of the embedded store in DIR (docs/deploy.md);
serve then also takes --pool-size N (default 10), --statement-timeout MS (default 30000),
--read-store URL (a streaming standby of the --store primary for the reads) with --read-wait MS
(default 100).

Exit status: 0 success, 1 failure, 2 bad arguments.`;

type Run = () => Promise<number>;

function parse(argv: readonly string[], io: CliIO): Run {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve': {
      const options = parseServe(args);
      return () => runServe(options, io);
    }
    case 'seed': {
      const options = parseSeed(args);
      return () => runSeed(options, io);
    }
    case 'import': {
      const options = parseImport(args);
      return () => runImport(options, io);
    }
    case 'export': {
      const options = parseExport(args);
      return () => runExportCommand(options, io);
    }
    case 'keys': {
      const cmd = parseKeys(args);
      return () => runKeys(cmd, io);
    }
    case 'help':
    case '--help':
    case '-h':
      return async () => {
        io.out(USAGE);
        return 0;
      };
    default:
      throw new ValidationError(command === undefined ? 'No command given' : `Unknown command ${JSON.stringify(command)}`, 'command');
  }
}

function isArgumentError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof ValidationError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
}

/**
 * Runs the `service` command.
 *
 * @param argv - The arguments after the program name (`process.argv.slice(2)`).
 * @param io - Output streams and an optional stop signal for `serve` (default: the process's).
 * @returns The exit status: 0 success, 1 failure, 2 bad arguments (with a message and a usage hint).
 * @example
 * await main(['serve', '--port', 'x']) //=> 2   // prints: service: --port must be an integer from 0 to 65535, got "x"
 */
export async function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  let run: Run;
  try {
    run = parse(argv, io);
  } catch (err) {
    if (!isArgumentError(err)) throw err;
    io.err(`service: ${err instanceof ValidationError ? err.reason : (err as Error).message}`);
    io.err("Run 'service help' for usage.");
    return 2;
  }
  try {
    return await run();
  } catch (err) {
    io.err(`service: ${(err as Error)?.message ?? String(err)}`);
    return 1;
  }
}
