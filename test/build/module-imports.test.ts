import { describe, expect, it } from 'vitest';
import { importsOf, literalImports } from '../../build/module-imports.js';

describe('the imports of a bundled module', () => {
  it('are rewritten from a template without substitutions to a string literal', () => {
    expect(
      literalImports('const s = "µs"; const m = () => import(`./generated-validators-strict.js`);'),
    ).toBe('const s = "µs"; const m = () => import("./generated-validators-strict.js");');
  });

  it('keep a template with a substitution, and every other template, as written', () => {
    const code = 'const a = `./x.js`; import(`./${name}.js`); import("./y.js");';
    expect(literalImports(code)).toBe(code);
  });

  it('are listed by name, with a name computed at run time marked as one no tool can follow', () => {
    const code =
      'import { a } from "./a.js"; export * from "./b.js"; export { c } from "./c.js"; import(where);';
    expect(importsOf(`${code} const d = () => import("./d.js");`)).toEqual([
      { name: './a.js', literal: true },
      { name: './b.js', literal: true },
      { name: './c.js', literal: true },
      { name: undefined, literal: false },
      { name: './d.js', literal: true },
    ]);
  });
});
