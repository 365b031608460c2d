/**
 * The code examples of README.md and docs/*.md run against a fresh demo service.
 *
 * Convention: a fenced block whose info string is `ts` or `typescript` is runnable; one marked
 * `ts no-run` (a fragment, or code that waits for something the test cannot provide) is only
 * shown. The runnable blocks of one file run in order as one ES module (so a later block can use
 * what an earlier one defined), importing the built package by its name (`service`,
 * `service/plot`), in a scratch folder whose `data/demo-api-key` holds the demo user's key, with
 * `SERVICE_API_URL` pointing at the test service and the documented default address
 * `http://127.0.0.1:7070` replaced by the test service's. The module must type-check (strict,
 * against the package's declarations, as a user's project would) and finish without an error
 * within the time limit; the compiler's or the run's output is printed when it fails.
 *
 *   node --import tsx test/e2e/doc-examples.test.ts
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startService, type StartedService } from '../helpers/start-service';

const root = join(__dirname, '..', '..');
/** The demo anchor: the README's dates (March-April 2024) fall inside the small preset's history and issues. */
const ANCHOR = '2024-04-15';
const RUN_TIMEOUT_MS = 120_000;
const DEFAULT_ORIGIN = 'http://127.0.0.1:7070';

/** One fenced code block of a markdown file. */
export interface CodeBlock {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly info: string;
  readonly code: string;
}

/**
 * The fenced blocks of a markdown text.
 *
 * @example
 * codeBlocks('a.md', 'x\n```ts\nconst a = 1;\n```\n')[0].code //=> 'const a = 1;'
 */
export function codeBlocks(file: string, markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,}|~{3,})\s*(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j] as string).startsWith(fence)) body.push(lines[j++] as string);
    blocks.push({ file, line: i + 1, info: (open[2] as string).trim(), code: body.join('\n') });
    i = j;
  }
  return blocks;
}

/** Whether a block is a runnable example: `ts` / `typescript` without `no-run`. */
export function isRunnable(block: CodeBlock): boolean {
  const words = block.info.split(/\s+/);
  return (words[0] === 'ts' || words[0] === 'typescript') && !words.includes('no-run');
}

/** The module text of a file's runnable blocks, each introduced by a comment naming its line. */
export function moduleOf(blocks: readonly CodeBlock[], origin: string): string {
  return `${blocks
    .filter(isRunnable)
    .map((b) => `// ${b.file}:${b.line}\n${b.code.split(DEFAULT_ORIGIN).join(origin)}`)
    .join('\n\n')}\nexport {};\n`;
}

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const examples = docs
  .map((file) => ({ file, blocks: codeBlocks(file, readFileSync(join(root, file), 'utf8')) }))
  .filter((d) => d.blocks.some(isRunnable));

interface Run {
  code: number | null;
  output: string;
}

/** Runs `node ARGS...` in `dir`, collecting its output, killed after the time limit. */
function runProcess(dir: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n[killed after ${RUN_TIMEOUT_MS} ms]`;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let service: StartedService | undefined;
let scratch = '';

test.before(async () => {
  service = await startService({ demo: { preset: 'small', anchor: ANCHOR } });
  scratch = mkdtempSync(join(tmpdir(), 'doc-examples-'));
  mkdirSync(join(scratch, 'data'));
  writeFileSync(join(scratch, 'data', 'demo-api-key'), `${service.apiKey}\n`);
  // `import ... from 'service'` resolves to this package (its built dist/, as users get it).
  mkdirSync(join(scratch, 'node_modules'));
  symlinkSync(root, join(scratch, 'node_modules', 'service'), 'dir');
});

test.after(async () => {
  await service?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the block reader finds runnable blocks and honours no-run', () => {
  const md = ['# x', '```ts', 'const a = 1;', '```', '```ts no-run', 'await forever();', '```', '```sh', 'npm test', '```'].join('\n');
  const blocks = codeBlocks('x.md', md);
  assert.equal(
    blocks.map((b) => [b.line, b.info, isRunnable(b)]),
    [
      [2, 'ts', true],
      [5, 'ts no-run', false],
      [8, 'sh', false],
    ],
  );
  assert.is(moduleOf(blocks, 'http://127.0.0.1:1'), '// x.md:2\nconst a = 1;\nexport {};\n');
});

test('README.md has runnable examples', () => {
  assert.ok(examples.some((d) => d.file === 'README.md'));
});

const moduleName = (file: string): string => `${file.replace(/[/.]/g, '-')}.mts`;

test('the runnable examples type-check (strict, against the built declarations)', async () => {
  const files = examples.map(({ file, blocks }) => {
    writeFileSync(join(scratch, moduleName(file)), moduleOf(blocks, DEFAULT_ORIGIN));
    return moduleName(file);
  });
  const compilerOptions = {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
  };
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }, null, 2));
  const run = await runProcess(scratch, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], process.env);
  assert.is(run.code, 0, `the examples do not type-check:\n${run.output}`);
});

for (const { file, blocks } of examples) {
  test(`${file}: every runnable example runs against the demo service`, async () => {
    const svc = service as StartedService;
    const origin = svc.apiUrl.replace(/\/api$/, '');
    const moduleFile = join(scratch, `run-${moduleName(file)}`);
    writeFileSync(moduleFile, moduleOf(blocks, origin));
    const env = { ...process.env, SERVICE_API_URL: svc.apiUrl, NO_COLOR: '1' };
    const run = await runProcess(scratch, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), moduleFile], env);
    assert.is(run.code, 0, `${file} examples failed:\n${run.output}`);
  });
}

test.run();
