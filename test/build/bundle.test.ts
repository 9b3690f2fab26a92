import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledValidators } from '../../build/bundle.js';
import { withNumberedSites } from '../../build/split-validators.js';
import { parse } from '../../build/standalone/ast.js';
import { shortFunctionNames } from '../../build/standalone/stable-names.js';
import { bundledModuleFile, generatedModuleNames } from '../../src/core/generated-modules.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The program `code` holds, without the places and spellings of its nodes: what whitespace cannot change. */
const program = (code: string) =>
  JSON.stringify(parse(code), (key, value: unknown) =>
    key === 'start' || key === 'end' || key === 'raw' ? undefined : value,
  );

/** The program `code` holds with its functions named short and its error sites numbered, as the bundle ships it. */
const shippedProgram = (code: string) => program(withNumberedSites(shortFunctionNames(code)));

describe('the bundled copy of the generated validators', () => {
  const generated = [
    '// Generated: do not edit.',
    "import {errorSiteHelpers} from '../runtime/validator-runtime.js';",
    'const errorSiteText = "{\\',
    '\\"type:0123abcd\\":{\\"message\\":\\"must be a string\\"},\\',
    '\\"enum:89abcdef\\":{\\"message\\":\\"must be one of: a\\"}}";',
    'var { failAt, failAtWith, siteError, siteErrorWith } = errorSiteHelpers(errorSiteText);',
    'function validate_aRoot_a(data) {',
    '  return data === "a" || failAt(validate_aRoot_a, "", "enum:89abcdef");',
    '}',
    'function validate_aRoot(data) {',
    '  if (typeof data !== "string") {',
    '    return failAt(validate_aRoot, "", "type:0123abcd");',
    '  }',
    '  return validate_aRoot_a(data);',
    '}',
    'export const v = validate_aRoot;',
    '',
  ].join('\n');

  it('keeps the header and the import of the run-time helpers, now beside it, and compacts the rest', () => {
    expect(bundledValidators(generated)).toBe(
      [
        '// Generated: do not edit.',
        "import {errorSiteHelpers} from './validator-runtime.js';",
        // The sites in the order the code first names them.
        'const errorSiteText="[{\\"message\\":\\"must be one of: a\\"},{\\"message\\":\\"must be a string\\"}]";' +
          'var{failAt,failAtWith,siteError,siteErrorWith}=errorSiteHelpers(errorSiteText);' +
          'function v0(data){return data==="a"||failAt(v0,"",0)}' +
          'function v1(data){if(typeof data!=="string"){return failAt(v1,"",1)}return v0(data)}' +
          'export const v=v1;',
      ].join('\n'),
    );
  });

  it('fails the build unless the generated module names the run-time module exactly once', () => {
    expect(() => bundledValidators('export const v = 1;\n')).toThrow(/0 times, not once/);
    expect(() => bundledValidators(`${generated}// '../runtime/validator-runtime.js'\n`)).toThrow(
      /2 times, not once/,
    );
  });

  it.each(generatedModuleNames())(
    'is, for %s, the committed module without its whitespace, named short: the same program on three lines',
    (name) => {
      const committed = read(`src/generated/${name}.js`);
      const shipped = read(`dist/lib/${bundledModuleFile(name)}`);
      expect(shipped).toBe(bundledValidators(committed));
      // Readable where it is committed, compact where it ships.
      expect(committed.split('\n').length).toBeGreaterThan(10_000);
      expect(shipped.split('\n')).toHaveLength(3);
      expect(shipped.length).toBeLessThan(committed.length * 0.7);
      const besideIt = committed.replace("'../runtime/validator-runtime.js'", "'./validator-runtime.js'");
      expect(program(shipped)).toBe(shippedProgram(besideIt));
    },
  );
});
