import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/core/validators.js';
import { JSON_CONTENT_TYPE } from '../../../src/http/http-response.js';
import { servedThrough, type WireResponse } from '../adapters.js';
import { middlewareCases } from './cases.js';
import { frameworks } from './frameworks.js';

/** Every framework's answer to every case, by case name, for the comparison across frameworks at the end. */
const answers = new Map<string, Array<{ framework: string; response: WireResponse }>>();

describe.each(frameworks)('$name', (framework) => {
  const running = servedThrough(() => framework.start());

  it.each(middlewareCases)('$name', async ({ name, request, status, expected }) => {
    const response = await running.send(request);
    answers.set(name, [...(answers.get(name) ?? []), { framework: framework.name, response }]);
    expect(response.status).toBe(status);
    const body: unknown = JSON.parse(response.body);
    expect(body).toEqual(expected);
    if (status >= 400) {
      expect(response.headers['content-type']).toBe(JSON_CONTENT_TYPE);
      expect(validate('error-response', body).ok).toBe(true);
    }
  });
});

describe('the error bodies', () => {
  it('are identical across frameworks, byte for byte, with the same status and content type', () => {
    const failures = middlewareCases.filter((testCase) => testCase.status >= 400);
    expect(failures.length).toBeGreaterThan(10);
    for (const { name } of failures) {
      const seen = answers.get(name) ?? [];
      expect(seen.map(({ framework }) => framework)).toEqual(frameworks.map(({ name }) => name));
      const [first] = seen;
      for (const { framework, response } of seen) {
        expect({
          framework,
          status: response.status,
          type: response.headers['content-type'],
          body: response.body,
        }).toEqual({
          framework,
          status: first?.response.status,
          type: first?.response.headers['content-type'],
          body: first?.response.body,
        });
      }
    }
  });
});
