import { describe, expect, it } from 'vitest';
import { MAX_ISSUES, validate, validateErrorResponse } from '../../src/index.js';

/** Every issue in one answer (docs/contract.md#every-issue). */

const request = { model: 'anthropic/claude-4.6-sonnet', messages: [{ role: 'user', content: 'Hi' }] };

function issuesOf(value: unknown, options?: Parameters<typeof validate>[2]) {
  const result = validate('messages-request', value, options);
  if (result.ok) throw new Error('expected a rejection');
  expect(validateErrorResponse(result.error)).toBe(true);
  return result.error.error.metadata?.issues;
}

describe('every issue of a failing body (contract: every-issue)', () => {
  const threeProblems = {
    model: 'anthropic/claude-4.6-sonnet',
    messages: [{ role: 'robot', content: 'Hi' }],
    temperature: 'hot',
    max_tokens: 0,
  };

  it('reports each problem with its own path and sentence, in document order', () => {
    expect(issuesOf(threeProblems)).toEqual([
      { path: '/messages/0/role', message: 'must be one of: user, assistant, system' },
      { path: '/temperature', message: 'must be a number' },
      { path: '/max_tokens', message: 'must be at least 1' },
    ]);
  });

  it('follows the order the body was written in, not the schema', () => {
    const { messages, temperature, max_tokens, model } = threeProblems;
    expect(issuesOf({ max_tokens, temperature, model, messages })?.map((issue) => issue.path)).toEqual([
      '/max_tokens',
      '/temperature',
      '/messages/0/role',
    ]);
  });

  it('puts a missing property at its object, after the properties sent', () => {
    const body = { messages: [{ content: 'Hi', role: 'robot' }], temperature: 'hot' };
    expect(issuesOf(body)?.map((issue) => issue.path)).toEqual([
      '/messages/0/role',
      '/temperature',
      '/model',
    ]);
  });

  it('reports the first failing rule alone with issues: first', () => {
    expect(issuesOf(threeProblems, { issues: 'first' })).toHaveLength(1);
  });

  it('stops at 20 issues however many the body holds', () => {
    const messages = Array.from({ length: 100_000 }, () => ({ role: 'robot', content: 'Hi' }));
    const issues = issuesOf({ ...request, messages });
    expect(issues).toHaveLength(MAX_ISSUES);
    expect(issues?.[0]).toEqual({
      path: '/messages/0/role',
      message: 'must be one of: user, assistant, system',
    });
    expect(issues?.[19]?.path).toBe('/messages/19/role');
  });

  it('words a failed union once, by the branch that got furthest', () => {
    const edit = { type: 'clear_thinking_20251015', keep: { type: 'thinking_turns' } };
    expect(issuesOf({ ...request, context_management: { edits: [edit] }, temperature: 'hot' })).toEqual([
      { path: '/context_management/edits/0/keep/value', message: 'is required' },
      { path: '/temperature', message: 'must be a number' },
    ]);
  });

  it('names an unknown tag once', () => {
    expect(issuesOf({ ...request, thinking: { type: 'sometimes' } })).toEqual([
      { path: '/thinking/type', message: 'must be one of: enabled, disabled, adaptive' },
    ]);
  });

  it('throws on an unknown issues option, a programmer error', () => {
    expect(() => validate('messages-request', request, { issues: 'some' as never })).toThrow(TypeError);
  });
});
