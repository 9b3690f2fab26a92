import * as ast from './ast.js';
import type { AstNode, Edit } from './ast.js';

/**
 * Build time: Ajv compiles a subschema again for each route that reaches it; functions whose trees are equal up to
 * the names they call (refined until stable) become one, an exported one a wrapper keeping its name and `.errors`.
 */

const { validateName, validatorFunction } = ast;
const pass = 'merging';

/** A function's tree without spans, the names of validators it reads cut out, and those names in order. */
function treeKey(fn: AstNode): { parts: string[]; callees: string[] } {
  const callees: string[] = [];
  const text = JSON.stringify(fn.body, (field, value: unknown) => {
    if (field === 'start' || field === 'end') return undefined;
    if (ast.matches(value, validateName)) {
      callees.push((value as AstNode).name);
      return '\u0000';
    }
    return value;
  });
  const parts = text.split(JSON.stringify('\u0000'));
  if (parts.length !== callees.length + 1)
    ast.fail(pass, `the names read by ${fn.id.name} could not be cut out`);
  return { parts, callees };
}

export function mergeDuplicates(code: string): string {
  const program = ast.parse(code);
  const found = ast.topLevel(program, validatorFunction);
  const functions = new Map(found.map((node) => [node.id.name as string, { node, key: treeKey(node) }]));
  const exports = (program.body as AstNode[]).flatMap(
    (node) => ast.capture('export const $name = $value;', node)?.['$value'] ?? [],
  );
  const names = exports.map((value) => value.name as string);
  const exported = new Set(names.filter((name) => functions.has(name)));
  ast.expectCount(pass, 'exports `export const name = validateN;` of its functions', [...exported], exports);
  let classOf = new Map([...functions.keys()].map((name) => [name, 0]));
  for (let classes = 1; ;) {
    const keys = new Map<string, number>();
    const next = new Map<string, number>();
    for (const [name, { key }] of functions) {
      const callees = key.callees.map((callee) =>
        callee === name ? 'self' : `#${classOf.get(callee) ?? ast.fail(pass, `${callee} is not defined`)}`,
      );
      const text = key.parts.map((part, i) => part + (callees[i] ?? '')).join('');
      if (!keys.has(text)) keys.set(text, keys.size);
      next.set(name, keys.get(text)!);
    }
    classOf = next;
    if (keys.size === classes) break;
    classes = keys.size;
  }
  // The one kept of each class is one no root exports, where there is one.
  const kept = new Map<number, string>();
  for (const [name, id] of classOf) {
    const current = kept.get(id);
    if (current === undefined || (exported.has(current) && !exported.has(name))) kept.set(id, name);
  }
  const shared = (name: string) => kept.get(classOf.get(name)!)!;
  const edits: Edit[] = [];
  for (const [name, { node }] of functions) {
    if (shared(name) !== name) {
      const wrapper = `function ${name}(data){const valid = ${shared(name)}(data);${name}.errors = ${shared(name)}.errors;return valid;}`;
      edits.push(ast.replace(node, exported.has(name) ? wrapper : ''));
      continue;
    }
    for (const reference of ast.find(node.body, validateName))
      if (shared(reference.name) !== reference.name)
        edits.push(ast.replace(reference, shared(reference.name)));
  }
  const out = ast.applyEdits(code, edits);
  // Its own work checked: one function of each class and a wrapper of each other exported one, and no name read
  // that is no longer declared.
  const declared = ast.find(ast.parse(out), validatorFunction).map((fn) => fn.id.name as string);
  const wrapped = [...exported].filter((name) => shared(name) !== name);
  if (declared.length !== kept.size + wrapped.length)
    ast.fail(pass, `${declared.length} functions, not ${kept.size} classes + ${wrapped.length} wrappers`);
  const dangling = ast.find(ast.parse(out), validateName).find((node) => !declared.includes(node.name));
  if (dangling !== undefined) ast.fail(pass, `${dangling.name} is read but no longer declared`);
  return out;
}
