import { describe, expect, it } from 'vitest';
import { parse } from '../../build/standalone/ast.js';
import { printCompact, printReadable } from '../../build/standalone/print.js';

/** A module in the shape of the rewritten validators: the error site table, a function with nested blocks. */
const code =
  'const errorSiteText = "{\\"type:0123abcd\\":{\\"message\\":\\"must be a string\\"},\\"enum:89abcdef\\":{\\"message\\":\\"must be caf\\u00e9\\"}}";' +
  'function v1(data){if(data && typeof data == "object"){for(const key0 in data){if(typeof data[key0] !== `string`){return failAt(v1, "/" + key0, 0);}}}return true;}' +
  'export const validatorsByName = {"a-root": v1};';

describe('printing the validator modules', () => {
  it('writes one statement a line, indented two spaces a block, in ASCII, with no template literal', () => {
    expect(printReadable(code)).toBe(
      [
        'const errorSiteText = "{\\',
        '\\"type:0123abcd\\":{\\"message\\":\\"must be a string\\"},\\',
        '\\"enum:89abcdef\\":{\\"message\\":\\"must be caf\\u00E9\\"}}";',
        'function v1(data) {',
        '  if (data && typeof data == "object") {',
        '    for (const key0 in data) {',
        '      if (typeof data[key0] !== "string") {',
        '        return failAt(v1, "/" + key0, 0);',
        '      }',
        '    }',
        '  }',
        '  return true;',
        '}',
        'export const validatorsByName = { "a-root": v1 };',
        '',
      ].join('\n'),
    );
  });

  it('breaks the error site table before each key by line continuations, which leave the string as it was', () => {
    const value = (text: string) => parse(text).body[0].declarations[0].init.value as string;
    expect(value(printReadable(code))).toBe(value(code));
    expect(JSON.parse(value(printReadable(code)))).toEqual({
      'type:0123abcd': { message: 'must be a string' },
      'enum:89abcdef': { message: 'must be caf\u00e9' },
    });
  });

  it('compacts the readable module into the compact print of the same code, byte for byte', () => {
    expect(printCompact(printReadable(code))).toBe(printCompact(code));
    expect(printCompact(code)).not.toMatch(/\n|`|\u00e9/);
    expect(printCompact(code)).toContain('for(const key0 in data){if(typeof data[key0]!=="string")');
  });

  it('fails the build on a template literal over several lines, which re-indenting would change', () => {
    expect(() => printReadable('const text = `a\n\tb${x}`;')).toThrow(
      /\(printing\).*a template literal over several lines/,
    );
  });
});
