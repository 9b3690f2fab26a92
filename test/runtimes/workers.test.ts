import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedApp, runtimesDir, runtimesIn, type EntryName, type PackedApp } from '../../bench/runtimes.js';
import { recipeFile, wranglerBundle, workerPrograms } from '../../bench/worker-bundles.js';
import { exampleRequest } from '../http/example-request.js';
import { repositoryRoot } from '../support/repository-root.js';

/**
 * Each documented kind of Worker, one program per entry, imports that entry alone (contract: every-entry-alone)
 * and runs in workerd without `nodejs_compat`, from the package as shipped: bundled as wrangler bundles it
 * (esbuild), and as miniflare gathers a Worker's modules itself. Each answers a valid messages request with 200,
 * and a bad role and a repeated key with the interface's 400.
 */

const workerd = runtimesIn(runtimesDir()).find((runtime) => runtime.kind === 'workerd')!;

const programs: Record<string, string> = {
  ...workerPrograms,
  'main entry: the documented recipe (parseJsonBody and validateMessagesRequest)': transformSync(
    readFileSync(join(repositoryRoot, recipeFile), 'utf8'),
    { loader: 'ts', format: 'esm' },
  ).code,
};

const valid = exampleRequest;
const badRole = JSON.stringify({
  ...(JSON.parse(exampleRequest) as object),
  messages: [{ role: 'robot', content: 'Hi' }],
});
const repeatedKey = `{"model":"openai/gpt-5",${exampleRequest.slice(exampleRequest.indexOf('{') + 1)}`;

/** Sends each body to the Worker at argv[2] in workerd through miniflare, and prints each answer. */
const driver = `
const { createRequire } = require('node:module');
const [home, script, bodies] = process.argv.slice(1);
const { Miniflare } = createRequire(require('node:path').join(home, 'package.json'))('miniflare');
(async () => {
  const worker = new Miniflare({
    modules: true,
    modulesRules: [{ type: 'ESModule', include: ['**/*.js', '**/*.mjs'] }],
    scriptPath: script,
    compatibilityDate: '2026-01-01',
  });
  try {
    const answers = [];
    for (const body of JSON.parse(bodies)) {
      const response = await worker.dispatchFetch('http://worker.test/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      answers.push({ status: response.status, body: await response.text() });
    }
    process.stdout.write(JSON.stringify(answers));
  } finally {
    await worker.dispose();
  }
})();
`;

interface Answer {
  status: number;
  body: string;
}

function runWorker(app: PackedApp, script: string): Answer[] {
  const run = spawnSync(
    workerd.binary,
    [
      '--input-type=commonjs',
      '--eval',
      driver,
      workerd.home!,
      script,
      JSON.stringify([valid, badRole, repeatedKey]),
    ],
    { cwd: app.dir, encoding: 'utf8', timeout: 60_000 },
  );
  if (run.status !== 0) throw new Error(`workerd exited ${run.status ?? run.signal}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Answer[];
}

const issuesOf = (answer: Answer) =>
  (
    JSON.parse(answer.body) as {
      error: { code: number; metadata?: { issues: { path: string; message: string }[] } };
    }
  ).error;

/** 200 for the valid body; the interface's 400 naming the role, and the repeated key. */
function expectAnswers(answers: Answer[]): void {
  expect(answers.map((answer) => answer.status)).toEqual([200, 400, 400]);
  expect(JSON.parse(answers[0]!.body)).toMatchObject({ model: 'anthropic/claude-4.6-sonnet' });
  const role = issuesOf(answers[1]!);
  expect(role.code).toBe(400);
  expect(role.metadata?.issues.map((issue) => issue.path)).toContain('/messages/0/role');
  const repeated = issuesOf(answers[2]!);
  expect(repeated.code).toBe(400);
  expect(repeated.metadata?.issues[0]?.message).toMatch(/^has a repeated key at byte \d+$/);
}

/** The program with each package name written as the file miniflare follows: it resolves no package name. */
function withFilePaths(app: PackedApp, source: string): string {
  return source
    .replace(/from ['"](gateway-contract(?:\/fetch)?)['"]/g, (_match, name: string) => {
      const entry = (
        name === 'gateway-contract' ? '.' : `.${name.slice('gateway-contract'.length)}`
      ) as EntryName;
      return `from ${app.entry('workerd', entry)}`;
    })
    .replace(/from ['"]hono['"]/g, `from './node_modules/hono/dist/index.js'`);
}

let app: PackedApp;

beforeAll(() => {
  app = packedApp();
  // Hono as a Worker's project installs it: a copy, so miniflare reads its files inside the project.
  cpSync(join(repositoryRoot, 'node_modules/hono'), join(app.dir, 'node_modules/hono'), { recursive: true });
}, 120_000);
afterAll(() => app?.remove());

describe.each(Object.entries(programs))('a Worker of the %s, alone', (name, source) => {
  const file = name.replace(/[^a-z]+/gi, '-').toLowerCase();

  it('bundled as wrangler does, answers 200 and the two 400s in workerd', async () => {
    expect(existsSync(workerd.binary), `${workerd.binary} is missing: run test/runtimes/install.sh`).toBe(
      true,
    );
    writeFileSync(join(app.dir, `${file}.source.js`), source);
    const bundle = await wranglerBundle(
      app.dir,
      `${file}.source.js`,
      join(app.dir, 'node_modules/gateway-contract'),
    );
    writeFileSync(join(app.dir, `${file}.bundled.js`), bundle.code);
    expectAnswers(runWorker(app, `${file}.bundled.js`));
  }, 120_000);

  it('gathered by miniflare itself, answers the same in workerd', () => {
    writeFileSync(join(app.dir, `${file}.gathered.js`), withFilePaths(app, source));
    expectAnswers(runWorker(app, `${file}.gathered.js`));
  }, 120_000);
});
