// Runs the `service` command from the TypeScript sources in a child process, for tests that
// need a real process to kill: `node --import tsx test/helpers/cli-child.ts serve --port 0 ...`.
import { main } from '../../server/src/cli/main';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
