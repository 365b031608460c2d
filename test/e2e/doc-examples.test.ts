/**
 * The code examples of the Markdown guides (README.md, ARCHITECTURE.md, CONTRIBUTING.md and every
 * file under docs/) compile, run against a fresh demo service, and return data.
 *
 * Convention: a fenced block whose info string is `ts` or `typescript` is an example. Every one is
 * type-checked (strict, against the package's built declarations, as a user's project would):
 * a file's blocks make one ES module, in order, so a later block can use what an earlier one
 * defined; a block marked `ts no-run` (a fragment, or code that waits for something the test
 * cannot provide) is compiled in a scope of its own, its imports hoisted, and not run. The runnable
 * blocks of one file run in order as one module, importing the built package by its name
 * (`service`, `service/plot`), in a scratch folder whose `data/demo-api-key` holds the demo user's
 * key, with `SERVICE_API_URL` pointing at the test service and the documented default address
 * `http://127.0.0.1:7070` replaced by the test service's. The service is seeded as `npm start`
 * seeds it, on today's date (the default anchor), so examples must ask for dates relative to
 * today; after the blocks have run, every series, list or result a block's top-level names hold
 * must have data: a loaded series with no values fails the test, naming the file and the name.
 *
 *   node --import tsx test/e2e/doc-examples.test.ts
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startService, type StartedService } from '../helpers/start-service';

const root = join(__dirname, '..', '..');
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
 * The fenced blocks of a markdown text (a fence may be indented, as in a list item).
 *
 * @example
 * codeBlocks('a.md', 'x\n```ts\nconst a = 1;\n```\n')[0].code //=> 'const a = 1;'
 */
export function codeBlocks(file: string, markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const fence = open[2] as string;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j] as string).trim().startsWith(fence)) body.push((lines[j++] as string).slice(indent));
    blocks.push({ file, line: i + 1, info: (open[3] as string).trim(), code: body.join('\n') });
    i = j;
  }
  return blocks;
}

/** Whether a block is a TypeScript example: info `ts` or `typescript`, with or without `no-run`. */
export function isExample(block: CodeBlock): boolean {
  const first = block.info.split(/\s+/)[0];
  return first === 'ts' || first === 'typescript';
}

/** Whether a block is a runnable example: `ts` / `typescript` without `no-run`. */
export function isRunnable(block: CodeBlock): boolean {
  return isExample(block) && !block.info.split(/\s+/).includes('no-run');
}

/** One binding an import declaration makes: its key (module, imported name, local name) and its text. */
interface ImportBinding {
  readonly key: string;
  readonly text: string;
}

/** The bindings of an import declaration, each as the one-name import statement that makes it. */
function importBindings(decl: ts.ImportDeclaration): ImportBinding[] {
  const from = (decl.moduleSpecifier as ts.StringLiteral).text;
  const clause = decl.importClause;
  const type = clause?.isTypeOnly ? 'type ' : '';
  const at = JSON.stringify(from);
  if (!clause) return [{ key: `${from}::`, text: `import ${at};` }];
  const out: ImportBinding[] = [];
  if (clause.name) out.push({ key: `${from}::default::${clause.name.text}`, text: `import ${type}${clause.name.text} from ${at};` });
  const named = clause.namedBindings;
  if (named && ts.isNamespaceImport(named))
    out.push({ key: `${from}::*::${named.name.text}`, text: `import ${type}* as ${named.name.text} from ${at};` });
  if (named && ts.isNamedImports(named)) {
    for (const el of named.elements) {
      const imported = el.propertyName?.text ?? el.name.text;
      const spec = `${el.isTypeOnly ? 'type ' : ''}${el.propertyName ? `${imported} as ` : ''}${el.name.text}`;
      out.push({ key: `${from}::${imported}::${el.name.text}`, text: `import ${type}{ ${spec} } from ${at};` });
    }
  }
  return out;
}

/** A block's import bindings and the text of its other top-level statements. */
function splitImports(code: string): { imports: ImportBinding[]; body: string } {
  const source = ts.createSourceFile('block.mts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const imports: ImportBinding[] = [];
  const body: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) imports.push(...importBindings(statement));
    else body.push(code.slice(statement.getFullStart(), statement.getEnd()));
  }
  return { imports, body: body.join('') };
}

/** The names a block declares at its top level (`const a`, `const [b, c]`, `const { d }`). */
export function topLevelNames(code: string): string[] {
  const source = ts.createSourceFile('block.mts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const names: string[] = [];
  const collect = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.push(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) collect(d.name);
  }
  return names;
}

const withOrigin = (code: string, origin: string): string => code.split(DEFAULT_ORIGIN).join(origin);

/**
 * The module that type-checks every example of a file: runnable blocks as they run, each `no-run`
 * block in a scope of its own, so it may reuse a name. A `no-run` block's imports go to the top
 * level, less the bindings an earlier block already made (a block that repeats
 * `import { ServiceClient } from 'service'` to stand alone is fine).
 */
export function checkModuleOf(blocks: readonly CodeBlock[]): string {
  const imported = new Set<string>();
  const parts = blocks.filter(isExample).map((b) => {
    const { imports, body } = splitImports(b.code);
    const fresh = imports.filter((i) => !imported.has(i.key));
    for (const i of imports) imported.add(i.key);
    if (isRunnable(b)) return `// ${b.file}:${b.line}\n${b.code}`;
    return `// ${b.file}:${b.line} (no-run)\n${fresh.map((i) => `${i.text}\n`).join('')}{\n${body.trim()}\n}`;
  });
  return `${parts.join('\n\n')}\nexport {};\n`;
}

/** The module text of a file's runnable blocks, each introduced by a comment naming its line. */
export function moduleOf(blocks: readonly CodeBlock[], origin: string): string {
  return `${blocks
    .filter(isRunnable)
    .map((b) => `// ${b.file}:${b.line}\n${withOrigin(b.code, origin)}`)
    .join('\n\n')}\nexport {};\n`;
}

/**
 * The check appended to a run: every top-level name of the runnable blocks that holds a series
 * (or a list of them, OHLC rows, an absolute result) must hold data. A series is empty when it
 * has no item, or only missing values and no scenarios.
 */
export function dataCheckOf(blocks: readonly CodeBlock[], file: string): string {
  const names = blocks.filter(isRunnable).flatMap((b) => topLevelNames(b.code));
  return `
import * as __docModel from 'service/model';
{
  const __empty: string[] = [];
  const __seen = (name: string, value: unknown): void => {
    if (value instanceof __docModel.Timeseries) {
      const values = value.valuesOrNull();
      const hasValue = value.length > 0 && (values === null ? value.hasScenarios() : values.some((v) => !Number.isNaN(v)));
      if (!hasValue) __empty.push(name);
    } else if (value instanceof __docModel.Periodseries) {
      if (value.length === 0) __empty.push(name);
    } else if (value instanceof __docModel.AbsoluteResult) {
      if (value.isEmpty()) __empty.push(name);
    } else if (value instanceof __docModel.TimeseriesList || value instanceof __docModel.PeriodseriesList || value instanceof __docModel.OHLCList) {
      if (value.length === 0) __empty.push(name);
      value.forEach((member: unknown, i: number) => __seen(\`\${name}[\${i}]\`, member));
    } else if (Array.isArray(value)) {
      value.forEach((member: unknown, i: number) => __seen(\`\${name}[\${i}]\`, member));
    }
  };
${names.map((n) => `  __seen(${JSON.stringify(n)}, ${n});`).join('\n')}
  if (__empty.length > 0) {
    console.error(\`${file}: these examples returned no data (empty series): \${__empty.join(', ')}\`);
    process.exit(3);
  }
}
`;
}

const DOC_DIRS = ['docs'];
/** The Markdown files whose examples are checked: the top-level guides and everything under docs/. */
function docFiles(): string[] {
  const out = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(root, f)));
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const rel = `${dir}/${name}`;
      if (statSync(join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.md')) out.push(rel);
    }
  };
  for (const dir of DOC_DIRS) walk(dir);
  return out;
}

const examples = docFiles()
  .map((file) => ({ file, blocks: codeBlocks(file, readFileSync(join(root, file), 'utf8')) }))
  .filter((d) => d.blocks.some(isExample));

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
  // seeded as `npm start` seeds: no anchor, so the data ends today (and no forecast is issued after now)
  service = await startService({ demo: { preset: 'small' } });
  scratch = mkdtempSync(join(tmpdir(), 'doc-examples-'));
  mkdirSync(join(scratch, 'data'));
  writeFileSync(join(scratch, 'data', 'demo-api-key'), `${service.apiKey}\n`);
  // `import ... from 'service'` resolves to this package (its built dist/, as users get it).
  mkdirSync(join(scratch, 'node_modules'));
  symlinkSync(root, join(scratch, 'node_modules', 'service'), 'dir');
  // the package's own dependencies that examples import directly, as a user's install has them
  for (const dep of ['arquero', 'luxon']) symlinkSync(join(root, 'node_modules', dep), join(scratch, 'node_modules', dep), 'dir');
});

test.after(async () => {
  await service?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the block reader finds examples, honours no-run and scopes no-run blocks for the compiler', () => {
  const md = [
    '# x',
    '```ts',
    'const a = 1;',
    '```',
    '```ts no-run',
    "import { b } from 'b';",
    'const a = b;',
    '```',
    '```sh',
    'npm test',
    '```',
  ].join('\n');
  const blocks = codeBlocks('x.md', md);
  assert.equal(
    blocks.map((b) => [b.line, b.info, isExample(b), isRunnable(b)]),
    [
      [2, 'ts', true, true],
      [5, 'ts no-run', true, false],
      [9, 'sh', false, false],
    ],
  );
  assert.is(moduleOf(blocks, 'http://127.0.0.1:1'), '// x.md:2\nconst a = 1;\nexport {};\n');
  assert.is(
    checkModuleOf(blocks),
    '// x.md:2\nconst a = 1;\n\n// x.md:5 (no-run)\nimport { b } from "b";\n{\nconst a = b;\n}\nexport {};\n',
  );
  // a no-run block that repeats an earlier import to stand alone keeps only what is new
  const twice = ['```ts', "import { S, type T } from 's';", '```', '```ts no-run', "import { S, U as V } from 's';", 'new S();', '```'];
  assert.is(
    checkModuleOf(codeBlocks('z.md', twice.join('\n'))),
    '// z.md:1\nimport { S, type T } from \'s\';\n\n// z.md:4 (no-run)\nimport { U as V } from "s";\n{\nnew S();\n}\nexport {};\n',
  );
  const indented = codeBlocks('y.md', ['1. step', '   ```ts no-run', '   const c = 2;', '   ```'].join('\n'));
  assert.equal([indented[0]?.info, indented[0]?.code], ['ts no-run', 'const c = 2;']);
});

test('the data check finds every top-level name, destructured ones too', () => {
  assert.equal(topLevelNames('const a = 1, [b, , c] = d;\nlet { e, f: g } = h;\nfunction i() {}\n'), ['a', 'b', 'c', 'e', 'g']);
  assert.ok(dataCheckOf(codeBlocks('x.md', '```ts\nconst wind = 1;\n```'), 'x.md').includes('__seen("wind", wind);'));
});

test('README.md has runnable examples', () => {
  assert.ok(examples.some((d) => d.file === 'README.md' && d.blocks.some(isRunnable)));
});

const moduleName = (file: string): string => `${file.replace(/[/.]/g, '-')}.mts`;

test('every example type-checks, no-run ones included (strict, against the built declarations)', async () => {
  const files = examples.map(({ file, blocks }) => {
    writeFileSync(join(scratch, moduleName(file)), checkModuleOf(blocks));
    return moduleName(file);
  });
  const compilerOptions = {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    lib: ['es2023', 'dom'],
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
  };
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }, null, 2));
  const run = await runProcess(
    scratch,
    [join(root, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', 'tsconfig.json'],
    process.env,
  );
  assert.is(run.code, 0, `the examples do not type-check:\n${run.output}`);
});

for (const { file, blocks } of examples.filter((d) => d.blocks.some(isRunnable))) {
  test(`${file}: every runnable example runs against the demo service and returns data`, async () => {
    const svc = service as StartedService;
    const origin = svc.apiUrl.replace(/\/api$/, '');
    const moduleFile = join(scratch, `run-${moduleName(file)}`);
    writeFileSync(moduleFile, moduleOf(blocks, origin) + dataCheckOf(blocks, file));
    const env = { ...process.env, SERVICE_API_URL: svc.apiUrl, SERVICE_API_KEY_FILE: join(scratch, 'data', 'demo-api-key'), NO_COLOR: '1' };
    const run = await runProcess(scratch, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), moduleFile], env);
    assert.is(run.code, 0, `${file} examples failed:\n${run.output}`);
  });
}

test.run();
