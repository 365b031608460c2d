// The `service` command line.
export { main } from './main';
export type { CliIO } from './cli-io';
