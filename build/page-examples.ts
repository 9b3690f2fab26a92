import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageExample } from '../src/page/page-example.js';

interface CaseTest {
  description: string;
  data: unknown;
  valid: boolean;
}

const readJson = (repository: string, path: string): unknown =>
  JSON.parse(readFileSync(join(repository, path), 'utf8'));

/** The data of one named test of a case file: an invalid body the test suite already asserts on. */
function caseData(repository: string, file: string, description: string): unknown {
  const groups = readJson(repository, `test/fixtures/cases/${file}`) as Array<{ tests: CaseTest[] }>;
  const found = groups.flatMap((group) => group.tests).find((test) => test.description === description);
  if (found === undefined) throw new Error(`no test "${description}" in test/fixtures/cases/${file}`);
  return found.data;
}

/**
 * The documentation's example request with three mistakes a person makes: a zero `max_tokens`, a temperature
 * written as a word, and a fallback entry without its model. Every issue is reported, each at its own path.
 */
function mistakenRequest(repository: string): unknown {
  const request = readJson(repository, 'schemas/examples/messages-request.json') as Record<string, unknown>;
  return { ...request, max_tokens: 0, temperature: 'warm', fallbacks: [{}] };
}

/** The examples compiled into the page at build time: public examples that pass, and mistakes that fail. */
export function pageExamples(repository: string): PageExample[] {
  const publicExample = (file: string) => readJson(repository, `test/fixtures/public-examples/${file}`);
  return [
    {
      title: 'A messages request (the documentation example)',
      root: 'messages-request',
      valid: true,
      body: readJson(repository, 'schemas/examples/messages-request.json'),
    },
    {
      title: 'A short messages request',
      root: 'messages-request',
      valid: true,
      body: publicExample('messages-request.example-1.json'),
    },
    {
      title: 'A messages request with three mistakes',
      root: 'messages-request',
      valid: false,
      body: mistakenRequest(repository),
    },
    {
      title: 'A preset',
      root: 'preset-response',
      valid: true,
      body: publicExample('preset-response.example-1.json'),
    },
    {
      title: 'A list of providers',
      root: 'providers-response',
      valid: true,
      body: publicExample('providers-response.example-1.json'),
    },
    {
      title: 'A destination with its secrets masked',
      root: 'observability-destination-response',
      valid: true,
      body: publicExample('observability-destination-response.langfuse.example.json'),
    },
    {
      title: 'A destination that leaks a secret key',
      root: 'observability-destination-response',
      valid: false,
      body: caseData(
        repository,
        'secrets.json',
        'rejects a full secretKey, a secret name the type does not declare',
      ),
    },
    {
      title: 'An error body (404)',
      root: 'error-response',
      valid: true,
      body: publicExample('error-404.example.json'),
    },
  ];
}
