import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledValidators } from '../../build/bundle.js';
import { parse } from '../../build/standalone/ast.js';
import { bundledModuleFile, generatedModuleNames } from '../../src/core/generated-modules.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The program `code` holds, without the places and spellings of its nodes: what whitespace cannot change. */
const program = (code: string) =>
  JSON.stringify(parse(code), (key, value: unknown) =>
    key === 'start' || key === 'end' || key === 'raw' ? undefined : value,
  );

describe('the bundled copy of the generated validators', () => {
  const generated =
    "// Generated: do not edit.\nimport {prefixed} from '../runtime/validator-runtime.js';\nexport const v = {\n  a: 1\n};\n";

  it('keeps the header and the import of the run-time helpers, now beside it, and compacts the rest', () => {
    expect(bundledValidators(generated)).toBe(
      "// Generated: do not edit.\nimport {prefixed} from './validator-runtime.js';\nexport const v={a:1};",
    );
  });

  it('fails the build unless the generated module names the run-time module exactly once', () => {
    expect(() => bundledValidators('export const v = 1;\n')).toThrow(/0 times, not once/);
    expect(() => bundledValidators(`${generated}// '../runtime/validator-runtime.js'\n`)).toThrow(
      /2 times, not once/,
    );
  });

  it.each(generatedModuleNames())(
    'is, for %s, the committed module without its whitespace: the same program on three lines',
    (name) => {
      const committed = read(`src/generated/${name}.js`);
      const shipped = read(`dist/lib/${bundledModuleFile(name)}`);
      expect(shipped).toBe(bundledValidators(committed));
      // Readable where it is committed, compact where it ships.
      expect(committed.split('\n').length).toBeGreaterThan(10_000);
      expect(shipped.split('\n')).toHaveLength(3);
      expect(shipped.length).toBeLessThan(committed.length * 0.7);
      const besideIt = committed.replace("'../runtime/validator-runtime.js'", "'./validator-runtime.js'");
      expect(program(shipped)).toBe(program(besideIt));
    },
  );
});
