// The `service` command line.
export { main, USAGE } from './main';
export { processIO, progressStreamOf, type CliIO } from './cli-io';
export { DEMO_KEY_FILE } from './seed';
