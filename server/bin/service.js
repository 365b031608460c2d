#!/usr/bin/env node

// The `service` command: serve, seed, import, keys. The logic lives in dist/cli.
require('../dist/cli/main.js')
  .main(process.argv.slice(2))
  .then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (err) => {
      console.error(err?.message ? err.message : err);
      process.exitCode = 1;
    },
  );
