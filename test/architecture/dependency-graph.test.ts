/**
 * The import-graph rules (`.dependency-cruiser.cjs`, ARCHITECTURE.md#layers) hold over `src/` and
 * `server/src/`: `npx depcruise src server/src --config .dependency-cruiser.cjs` finds no
 * violation. A made-up tree that breaks each rule once, in a temporary folder, shows that every
 * rule can fail and that type-only imports do not make a cycle.
 *
 *   node --import tsx test/architecture/dependency-graph.test.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = join(__dirname, '..', '..');
const config = join(root, '.dependency-cruiser.cjs');
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Cruise {
  readonly status: number | null;
  readonly output: string;
}

function cruise(cwd: string, outputType: 'err' | 'json', ...folders: string[]): Cruise {
  const r = spawnSync(process.execPath, [depcruise, ...folders, '--config', config, '--output-type', outputType], {
    cwd,
    encoding: 'utf8',
    timeout: 5 * 60 * 1000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

test('npx depcruise src server/src finds no violation of the rules', () => {
  const r = cruise(root, 'err', 'src', 'server/src');
  assert.is(r.status, 0, r.output);
  const counted = /\((\d+) modules, (\d+) dependencies cruised\)/.exec(r.output);
  assert.ok(counted !== null, r.output);
  assert.ok(Number(counted[1]) > 300 && Number(counted[2]) > 1000, `cruised ${counted[0]}`);
});

/** A made-up tree: each file breaks the rules named beside it (none: it breaks no rule). */
const MADE_UP: Readonly<Record<string, readonly [string, readonly string[]]>> = {
  'src/exceptions.ts': ["import { b } from './frame/b';\nexport const e = b;", ['exceptions-imports-nothing']],
  'src/index.ts': ["export * from './frame/b';", []],
  'src/time/c.ts': ["import { d } from './d';\nexport const c = (): number => d();", ['no-circular']],
  'src/time/d.ts': ["import { c } from './c';\nexport const d = (): number => c();", []],
  'src/time/t1.ts': ["import { type T2 } from './t2';\nexport type T1 = T2 | 1;", []],
  'src/time/t2.ts': ["import type { T1 } from './t1';\nexport type T2 = T1 | 2;", []],
  'src/model/a.ts': ["import { b } from '../frame/b';\nexport const a = b;", ['layer-model']],
  'src/engine/c.ts': ["import type { FastifyInstance } from 'fastify';\nexport type C = FastifyInstance;", ['confined-server-only']],
  'src/frame/b.ts': [
    "import type { DataFrame } from 'danfojs';\nimport * as pl from 'nodejs-polars';\nexport const b = 1;\nexport type D = DataFrame | typeof pl;",
    ['confined-danfojs', 'confined-polars'],
  ],
  'src/plot/index.ts': ["import type { TopLevelSpec } from 'vega-lite';\nexport type P = TopLevelSpec;", ['confined-vega']],
  'src/wire/index.ts': ["import { e } from '../exceptions';\nexport const w = e;", []],
  'src/client/a.ts': [
    [
      "import axios from 'axios';",
      "import { b } from '..';",
      "import { w } from '#wire';",
      "import { z } from '../../server/src/http/app';",
      'export const a = [axios, b, w, z];',
    ].join('\n'),
    ['client-by-relative-path', 'client-not-server', 'confined-axios', 'nothing-imports-the-root'],
  ],
  'src/util/x.ts': ["import { b } from '../frame/b';\nexport const x = b;", ['known-place']],
  'server/src/http/app.ts': ["import { s } from '../cli/main';\nexport const z = s;", ['server-app']],
  'server/src/cli/main.ts': ['export const s = 1;', []],
  'server/src/store/s.ts': [
    [
      "import { q } from '../queries/q';",
      "import { w } from '../../../src/wire/index';",
      "import type { P } from 'service/plot';",
      "import { y } from 'service/wire';",
      'export const s = [q, w, y];',
      'export type S = P;',
    ].join('\n'),
    ['server-by-name', 'server-entry-points', 'server-shared-vocabulary', 'server-store'],
  ],
  'server/src/queries/q.ts': ['export const q = 1;', []],
  'server/src/routes/ok.ts': [
    "import { w } from '#wire';\nimport { q } from '../queries/q';\nimport Fastify from 'fastify';\nexport const ok = [w, q, Fastify];",
    [],
  ],
};

test('each rule fails on a made-up tree that breaks it, and type-only cycles do not count', () => {
  const dir = mkdtempSync(join(tmpdir(), 'depcruise-'));
  try {
    for (const [path, [text]] of Object.entries(MADE_UP)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), `${text}\n`);
    }
    copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const r = cruise(dir, 'json', 'src', 'server/src');
    const result = JSON.parse(r.output.slice(r.output.indexOf('{'))) as {
      summary: { violations: { from: string; rule: { name: string } }[] };
    };
    const found = [...new Set(result.summary.violations.map((v) => `${v.from} ${v.rule.name}`))].sort();
    const expected = Object.entries(MADE_UP)
      .flatMap(([path, [, rules]]) => rules.map((rule) => `${path} ${rule}`))
      .sort();
    assert.equal(found, expected);
    const config = require(join(root, '.dependency-cruiser.cjs')) as { forbidden: { name: string }[] };
    const tried = new Set(expected.map((e) => e.split(' ')[1]));
    const untried = config.forbidden.map((rule) => rule.name).filter((name) => !tried.has(name) && !/^(layer|server)-/.test(name));
    assert.equal(untried, [], 'every rule but the per-layer ones has a case above');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
