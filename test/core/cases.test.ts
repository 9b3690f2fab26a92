import { describe, expect, it } from 'vitest';
import { validateErrorResponse } from '../../src/index.js';
import { loadCaseFiles } from '../support/cases.js';
import { verdictFor } from '../support/verdict.js';

describe.each(loadCaseFiles())('%s', (_file, groups) => {
  describe.each(groups.map((group) => [group.description, group] as const))('%s', (_description, group) => {
    it.each(group.tests.map((test) => [test.description, test] as const))('%s', (_name, test) => {
      const result = verdictFor(group.schema, test.data);
      expect(result.ok).toBe(test.valid);
      if (result.ok) {
        expect(result.value).toBe(test.data);
        return;
      }
      // Every rejection is a well-formed error body (contract: error-body) whose code is its status.
      expect(validateErrorResponse(result.error)).toBe(true);
      if (result.error.error.code === 400) {
        const issues = result.error.error.metadata?.issues ?? [];
        expect(issues.length).toBeGreaterThan(0);
        expect(issues.length).toBeLessThanOrEqual(20);
        if (test.path !== undefined) expect(issues[0]?.path).toBe(test.path);
      }
      // A secret or an unknown property's name never comes back, in a path or in a sentence.
      const sent = JSON.stringify(result.error);
      for (const text of test.absent ?? []) expect(sent).not.toContain(JSON.stringify(text).slice(1, -1));
    });
  });
});
