// One `service import` in a child process for bench/import-sources.ts: runs the command from the
// sources and prints, on its last line, the time inside the command (module loading excluded) and
// the process's peak resident set as JSON.
import { main } from '../server/src/cli/main';

const t0 = performance.now();
void main(process.argv.slice(2)).then((code) => {
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ code, ms, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
  process.exitCode = code;
});
