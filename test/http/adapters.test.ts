import { describe, expect, it } from 'vitest';
import { adapterCases, checkShape, tableOptions } from './adapter-cases.js';
import { adapters, servedThrough } from './adapters.js';

/**
 * Statuses the interface (contract: errors) and RFC 9110's 405 give, each of which every adapter must be seen
 * to answer.
 */
const requiredStatuses = [200, 304, 400, 401, 403, 404, 405, 409, 413, 500, 503];

it('the table covers every status through every adapter', () => {
  const covered = new Set(adapterCases.map((testCase) => testCase.status));
  expect([...covered].sort()).toEqual(requiredStatuses);
});

describe.each(adapters)('$name', (adapter) => {
  const errors: unknown[] = [];
  const running = servedThrough(() => adapter.start(tableOptions(errors)));

  it.each(adapterCases)('$name', async ({ request, status, check }) => {
    errors.length = 0;
    const response = await running.send(request);
    checkShape(response, status);
    check?.(response, errors);
    if (status !== 500) expect(errors).toEqual([]);
  });
});
