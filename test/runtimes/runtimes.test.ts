import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  packedApp,
  runProgram,
  runtimesDir,
  runtimesIn,
  thisNode,
  type PackedApp,
} from '../../bench/runtimes.js';
import { ContractViolation } from '../../src/http/contract-violation.js';
import { adapterCases, checkShape, MANAGEMENT_KEY } from '../http/adapter-cases.js';
import { BASE_PATH, type WireRequest, type WireResponse } from '../http/adapters.js';
import { exampleRequest } from '../http/example-request.js';
import * as escaped from '../http/escaped-key-requests.js';
import { parsedByGrammar } from '../../src/body/json-grammar.js';
import type { ReportedError, RuntimeAnswers, RuntimeQuestions, WireAnswer } from './answer-table.js';

/**
 * Every runtime the README names loads the package as shipped (packed, unpacked into a project's node_modules)
 * and answers exactly as the Node running the suite does: the adapters' table through the fetch entry's
 * `fetchGateway`, bodies through its `readBody`, and values through the main entry's `validate`, in both
 * profiles. The runtimes come from test/runtimes/install.sh; a missing one fails its test.
 */

const repository = fileURLToPath(new URL('../../', import.meta.url));
/** The modules that run inside each runtime, transpiled: they import types only, and each other. */
const runtimeModules = ['test/http/table-options.ts', 'test/runtimes/answer-table.ts'];

const headers = { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' };
const path = `${BASE_PATH}/presets/runtimes/messages`;
const example = JSON.parse(exampleRequest) as Record<string, unknown>;
const threeProblems = {
  model: 'anthropic/claude-4.6-sonnet',
  messages: [{ role: 'robot', content: 'Hi' }],
  temperature: 'hot',
  max_tokens: 0,
};
const withTypo = { ...example, tempreature: 0.5 };
const post = (body: unknown): WireRequest => ({ method: 'POST', path, headers, body: JSON.stringify(body) });
const postText = (slug: string, body: string): WireRequest => ({
  method: 'POST',
  path: `${BASE_PATH}/presets/${slug}/messages`,
  headers,
  body,
});

const questions: RuntimeQuestions = {
  basePath: BASE_PATH,
  first: example,
  requests: adapterCases.map((testCase) => testCase.request),
  strictRequests: [post(withTypo), post(example)],
  values: [
    { value: threeProblems },
    { value: threeProblems, options: { issues: 'first' } },
    { value: withTypo },
    { value: withTypo, options: { profile: 'strict' } },
  ],
  bodies: [
    { request: post(example) },
    { request: post(example), options: { normalize: true } },
    { request: post(threeProblems) },
    { request: post(withTypo), options: { profile: 'strict' } },
    { request: { ...post(example), headers: { 'content-type': 'text/plain' } } },
  ],
  // On Node 24, V8 decodes the second create's escaped keys wrongly unless the body guards read them
  // (contract: value-is-text).
  poisoning: [
    postText('poison', escaped.POISON),
    postText('escaped', escaped.SENT),
    { method: 'GET', path: `${BASE_PATH}/presets/escaped/versions/1`, headers },
    postText('poison', escaped.POISON),
    postText('hidden', escaped.HIDDEN_USER_ID),
  ],
};

/** Imports the three entries by the names a runtime follows, then answers the questions. */
const answering = (entry: (name: '.' | './http' | './fetch') => string) => `
  const [library, http, fetch, { answerQuestions }, { default: questions }] = await Promise.all([
    import(${entry('.')}),
    import(${entry('./http')}),
    import(${entry('./fetch')}),
    import('./test/runtimes/answer-table.js'),
    import('./questions.js'),
  ]);
  return answerQuestions({ library, http, fetch }, questions);`;

function installRunner(app: PackedApp): void {
  for (const file of runtimeModules) {
    const { outputText } = ts.transpileModule(readFileSync(join(repository, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    const target = join(app.dir, file.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  writeFileSync(join(app.dir, 'questions.js'), `export default ${JSON.stringify(questions)};\n`);
}

function wireResponse(answer: WireAnswer): WireResponse {
  return {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
    body: Buffer.from(answer.body, 'base64').toString('utf8'),
  };
}

function errorOf({ name, message, issues }: ReportedError): Error {
  if (name === 'ContractViolation') return new ContractViolation(message, issues as never);
  return Object.assign(new Error(message), { name });
}

const issuePaths = (result: unknown) =>
  (
    result as { error: { error: { metadata: { issues: Array<{ path: string }> } } } }
  ).error.error.metadata.issues.map((issue) => issue.path);

let app: PackedApp | undefined;
let baseline: RuntimeAnswers;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// A request id the gateway made is random on every run: it is compared as being a UUID, not by its value.
function withAnyUuid(answers: unknown): unknown {
  return JSON.parse(
    JSON.stringify(answers, (_key, value: unknown) =>
      Array.isArray(value) &&
      value[0] === 'x-request-id' &&
      typeof value[1] === 'string' &&
      uuid.test(value[1])
        ? ['x-request-id', 'a new random UUID']
        : value,
    ),
  );
}

beforeAll(() => {
  app = packedApp();
  installRunner(app);
  baseline = runProgram(thisNode, app, answering) as RuntimeAnswers;
}, 120_000);
afterAll(() => app?.remove());

describe(`${thisNode.name}, which the others are compared with`, () => {
  it('answers the adapters’ table as the table’s own checks expect', () => {
    expect(baseline.requests).toHaveLength(adapterCases.length);
    adapterCases.forEach(({ name, status, check }, index) => {
      const answer = baseline.requests[index]!;
      const response = wireResponse(answer);
      expect(response.status, name).toBe(status);
      checkShape(response, status);
      check?.(response, answer.errors.map(errorOf));
      if (status !== 500) expect(answer.errors, name).toEqual([]);
    });
  });

  it('validates in both profiles, every issue included, through the main and the fetch entry', () => {
    expect(baseline.firstValidate).toMatchObject({ ok: true });
    const [all, first, typoDefault, typoStrict] = baseline.values;
    expect(issuePaths(all)).toEqual(['/messages/0/role', '/temperature', '/max_tokens']);
    expect(issuePaths(first)).toHaveLength(1);
    expect(typoDefault).toMatchObject({ ok: true });
    expect(issuePaths(typoStrict)).toEqual(['']);
    const [valid, normalized, invalid, strict, notJson] = baseline.bodies;
    expect(valid).toMatchObject({ ok: true, value: { model: example.model } });
    expect(normalized).toMatchObject({ ok: true, value: { config: { model: example.model } } });
    expect(issuePaths(invalid)).toEqual(['/messages/0/role', '/temperature', '/max_tokens']);
    expect(issuePaths(strict)).toEqual(['']);
    expect(issuePaths(notJson)).toEqual(['']);
    expect(baseline.strictRequests.map((answer) => answer.status)).toEqual([400, 200]);
  });

  it('keeps the escaped keys sent after a request that poisons the key cache (contract: value-is-text)', () => {
    expect(baseline.poisoning.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 400]);
    const read = parsedByGrammar(wireResponse(baseline.poisoning[2]!).body) as {
      data: { config: { tools: escaped.Tool[] } };
    };
    expect(escaped.propertiesOf(read.data.config.tools)).toEqual(escaped.sentProperties);
  });
});

describe.each(runtimesIn(runtimesDir()))('$name', (runtime) => {
  it('loads the package as shipped and answers byte for byte as the Node running the suite', () => {
    expect(
      existsSync(runtime.binary),
      `${runtime.binary} is missing: run \`bash test/runtimes/install.sh\``,
    ).toBe(true);
    expect(withAnyUuid(runProgram(runtime, app!, answering))).toEqual(withAnyUuid(baseline));
  }, 60_000);
});
