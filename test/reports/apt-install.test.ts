// How the report scripts install Debian's packages when Jupyter or chromium is missing
// (scripts/jupyter/apt-install.mjs, docs/notebooks.md#jupyter-and-chromium): the package lists
// are refreshed once per process, recommended packages are left out, and a failed command stops
// the install with an error naming it. The commands are recorded here, not run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error: a plain ES module of the report scripts, without type declarations
import { aptInstall } from '../../scripts/jupyter/apt-install.mjs';

interface Call {
  cmd: string;
  args: string[];
  env: Record<string, string | undefined>;
}

function recorder(fail: (args: string[]) => boolean = () => false) {
  const calls: Call[] = [];
  const run = (cmd: string, args: string[], options: { env: Record<string, string | undefined> }) => {
    calls.push({ cmd, args, env: options.env });
    return { status: fail(args) ? 100 : 0, signal: null };
  };
  return { calls, run };
}

const quiet = <T>(f: () => T): T => {
  const log = console.log;
  console.log = () => {};
  try {
    return f();
  } finally {
    console.log = log;
  }
};

test('a failed update stops before installing, naming the command', () => {
  const { calls, run } = recorder((args) => args[0] === 'update');
  assert.throws(
    () => quiet(() => aptInstall(['chromium'], { aptGet: '/usr/bin/apt-get', label: 'report-browser', run })),
    /report-browser: '\/usr\/bin\/apt-get update' failed \(exit 100\)/,
  );
  assert.equal(
    calls.map((c) => c.args[0]),
    ['update'],
  );
});

test('the lists are refreshed once, then each install leaves recommended packages out', () => {
  const { calls, run } = recorder();
  quiet(() => aptInstall(['jupyter-nbconvert', 'python3-ipykernel'], { aptGet: '/x/apt-get', label: 'ensure-jupyter', run }));
  quiet(() => aptInstall(['chromium'], { aptGet: '/x/apt-get', label: 'report-browser', run }));
  assert.equal(
    calls.map((c) => [c.cmd, ...c.args].join(' ')),
    [
      '/x/apt-get update',
      '/x/apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends jupyter-nbconvert python3-ipykernel',
      '/x/apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends chromium',
    ],
  );
  for (const c of calls) assert.is(c.env.DEBIAN_FRONTEND, 'noninteractive');
});

test('a failed install throws with the packages in the message', () => {
  const { run } = recorder((args) => args.includes('install'));
  assert.throws(
    () => quiet(() => aptInstall(['no-such-package'], { label: 'ensure-jupyter', run })),
    /ensure-jupyter: '\/usr\/bin\/apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends no-such-package' failed/,
  );
});

test.run();
