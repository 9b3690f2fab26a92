import { describe, expect, it } from 'vitest';
import { modulesResolvedBy } from '../loaded-modules.js';

/** The optional peer dependencies: the database drivers, and `prom-client` for the gateway's `--metrics`. */
const optionalCode = /node_modules\/(pg|pg-[a-z-]+|@electric-sql\/pglite|prom-client|tdigest|bintrees)\//;

describe('the database drivers and prom-client (optional peer dependencies)', () => {
  it.each(['gateway-contract', 'gateway-contract/http', 'gateway-contract/store'])(
    'are not loaded by importing %s',
    (specifier) => {
      const loaded = modulesResolvedBy(specifier);
      expect(loaded.length).toBeGreaterThan(0);
      expect(loaded.filter((path) => optionalCode.test(path))).toEqual([]);
      if (specifier !== 'gateway-contract/store') {
        expect(loaded.filter((path) => /(sql|pglite|postgres)/.test(path))).toEqual([]);
      }
    },
  );
});
