import { createHash } from 'node:crypto';
import * as ast from './ast.js';
import type { AstNode, Edit } from './ast.js';

/**
 * Build time: Ajv names what it writes by counters, one for the module (`validate12`, `pattern3`, `func5`) and one
 * per function (`data4`, `_errs7`), so one function, pattern or property added renumbers every name after it and a
 * schema change reads as thousands of changed lines. Here every name is given anew from what it stands for: a
 * function by the place in the schemas it checks, a constant by its value, a local by its nesting alone.
 */

const pass = 'names';

/** A name of Ajv's: a prefix and a number. */
const numbered = /^([A-Za-z_$]*[A-Za-z_$])(\d+)$/;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** A value short enough to name a constant by its own text (`func_firstMissing`). */
const nameable = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,3}$/;

/** `rename` applied to every name `root` reads or declares, each rename checked to capture no other name. */
function renameAll(root: AstNode, rename: ReadonlyMap<string, string>): Edit[] {
  return ast.references(root).flatMap(([node, parent]) => {
    const name = rename.get(node.name as string);
    if (name === undefined) return [];
    if (parent?.shorthand === true) ast.fail(pass, `a shorthand property ${node.name as string}`);
    return [ast.replace(node, name)];
  });
}

/**
 * The module's own names: each of Ajv's functions as `validate_` and the label of the schema it was compiled
 * from (`labelOf`, by Ajv's name), each constant by its prefix and its value: the helper it binds
 * (`func_ucs2length`) or a digest of its code (`pattern_3fa2c1d0`). The helpers are named first, so a digest reads
 * their new names, not Ajv's numbers.
 */
function moduleNames(code: string, labelOf: (ajvName: string) => string | undefined): string {
  const round = (text: string, helpers: boolean) => {
    const program = ast.parse(text);
    const rename = new Map<string, string>();
    const dropped: Edit[] = [];
    const taken = new Set(ast.references(program).map(([node]) => node.name as string));
    const name = (old: string, fresh: string) => {
      if (taken.has(fresh) || [...rename.values()].includes(fresh))
        ast.fail(pass, `two names would be ${fresh}`);
      rename.set(old, fresh);
    };
    const values = new Map<string, string>();
    for (const statement of program.body as AstNode[]) {
      if (ast.matches(statement, ast.validatorFunction)) {
        if (helpers) continue;
        const label = labelOf(statement.id.name as string);
        if (label === undefined) ast.fail(pass, `no schema is known for ${statement.id.name as string}`);
        name(statement.id.name as string, `validate_${label}`);
        continue;
      }
      const { $name, $value } = ast.capture('const $name = $value;', statement) ?? {};
      const prefix = numbered.exec($name?.name as string)?.[1];
      const value = $value === undefined ? '' : ast.textOf(text, $value);
      if (prefix === undefined || nameable.test(value) !== helpers) continue;
      const fresh = `${prefix}_${helpers ? value.replace(/\./g, '_') : digest(value)}`;
      // Ajv keeps a schema object once per place that reads it: two of the same text become one.
      if (values.get(fresh) === value) {
        rename.set($name!.name as string, fresh);
        dropped.push(ast.replace(statement));
      } else {
        name($name!.name as string, fresh);
        values.set(fresh, value);
      }
    }
    const inDropped = (edit: Edit) =>
      dropped.some(({ start, end }) => start <= edit.start && edit.end <= end);
    return ast.applyEdits(text, [
      ...renameAll(program, rename).filter((edit) => !inDropped(edit)),
      ...dropped,
    ]);
  };
  return round(round(code, true), false);
}

/** Nodes whose `let` and `const` are theirs alone: a block, and a loop's head. */
const scopeTypes = new Set(['BlockStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);
/** Nodes whose bindings this pass does not know how to scope. */
const unknownScopes =
  /^(SwitchStatement|CatchClause|StaticBlock|ClassDeclaration|ClassExpression|.*Function.*)$/;

/**
 * Each `let` and `const` of Ajv's numbered names in `fn` renamed to its prefix (`data` as `d`) and the lowest
 * number no enclosing block's names and no other name of the function hold: the names of one block depend on the
 * blocks around it, never on those beside it, so a property added renames nothing in its neighbours' checks.
 */
function localNames(fn: AstNode): Edit[] {
  const all = ast.nodes(fn.body);
  const scopeOf = new Map<AstNode, AstNode>();
  const declared = new Map<AstNode, string[]>();
  const declarations = new Map<string, number>();
  for (const [node, parent] of all) {
    if (node !== fn.body && unknownScopes.test(node.type))
      ast.fail(pass, `${fn.id.name} holds a ${node.type}`);
    if (parent !== null) scopeOf.set(node, scopeTypes.has(parent.type) ? parent : scopeOf.get(parent)!);
    if (node.type !== 'VariableDeclaration') continue;
    for (const { id } of node.declarations as AstNode[]) {
      if (id.type !== 'Identifier') ast.fail(pass, `a pattern declared in ${fn.id.name}`);
      declarations.set(id.name, (declarations.get(id.name) ?? 0) + (node.kind === 'var' ? 2 : 1));
      if (node.kind === 'var' || !numbered.test(id.name)) continue;
      const scope = scopeOf.get(node)!;
      declared.set(scope, [...(declared.get(scope) ?? []), id.name as string]);
    }
  }
  // A name declared once with `let` or `const`: Ajv's names are its function's own, so each names one binding.
  const renamed = (name: string) => declarations.get(name) === 1 && numbered.test(name);
  const kept = new Set(
    ast.references(fn).flatMap(([node]) => (renamed(node.name as string) ? [] : [node.name as string])),
  );
  const rename = new Map<string, string>();
  const visible = new Map<AstNode, Set<string>>();
  for (const [node] of all) {
    if (!scopeTypes.has(node.type)) continue;
    const names = new Set(node === fn.body ? [] : visible.get(scopeOf.get(node)!));
    for (const old of (declared.get(node) ?? []).filter(renamed)) {
      const prefix = numbered.exec(old)![1]!.replace(/^data$/, 'd');
      let number = 0;
      while (names.has(`${prefix}${number}`) || kept.has(`${prefix}${number}`)) number++;
      names.add(`${prefix}${number}`);
      rename.set(old, `${prefix}${number}`);
    }
    visible.set(node, names);
  }
  return renameAll(fn.body, rename);
}

/**
 * `code`, a rewritten module, with the names above: Ajv's functions named by the schemas they check (`labelOf`
 * gives a function's label by its name in Ajv's code), its constants by their values, and every function's
 * locals by their nesting.
 */
export function stableNames(code: string, labelOf: (ajvName: string) => string | undefined): string {
  const named = moduleNames(code, labelOf);
  const functions = ast.topLevel(ast.parse(named), { type: 'FunctionDeclaration' });
  return ast.applyEdits(
    named,
    functions.flatMap((fn) => localNames(fn)),
  );
}

/**
 * The shipped copy's function names: `v` and the function's place in the module, as short as Ajv's own were, for
 * the copies in dist/lib/ that no diff reads (V8 keeps the source of a module in memory, and parses all of it).
 */
export function shortFunctionNames(code: string): string {
  const program = ast.parse(code);
  const taken = new Set(ast.references(program).map(([node]) => node.name as string));
  const functions = ast.topLevel(program, { type: 'FunctionDeclaration', id: ast.identifier(/^validate_/) });
  const rename = new Map(functions.map((fn, index) => [fn.id.name as string, `v${index}`]));
  for (const short of rename.values()) if (taken.has(short)) ast.fail(pass, `the name ${short} is taken`);
  return ast.applyEdits(code, renameAll(program, rename));
}
