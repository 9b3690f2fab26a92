import { describe, expect, it } from 'vitest';
import * as loadedOnFirstUse from '../../src/index.js';
import * as imported from '../../src/index-preloaded.js';

/*
 * The `default` condition's main entry names its guards a second time, to take them from the statically imported
 * validators (src/index-preloaded.ts); a guard added to src/index.ts alone would reach a Worker as the one that
 * loads on first use, which workerd cannot load. This holds the two lists together.
 */
describe('the main entry for runtimes without synchronous loading', () => {
  it('exports every name of the main entry', () => {
    expect(Object.keys(imported).sort()).toEqual(Object.keys(loadedOnFirstUse).sort());
  });

  it('takes every validator of its own from the imported validators, not from the main entry', () => {
    const validatorNames = Object.keys(loadedOnFirstUse).filter((name) => /^validate/.test(name));
    expect(validatorNames.length).toBeGreaterThan(10);
    const sameAsMainEntry = validatorNames.filter(
      (name) =>
        (imported as Record<string, unknown>)[name] === (loadedOnFirstUse as Record<string, unknown>)[name],
    );
    expect(sameAsMainEntry).toEqual([]);
  });
});
