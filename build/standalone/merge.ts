import {
  applyEdits,
  expectCount,
  fail,
  identifier,
  matches,
  nodes,
  parse,
  type AstNode,
  type Edit,
} from './ast.js';

/**
 * Build time: Ajv compiles a subschema again for each root that reaches it by another route. Functions whose
 * syntax trees are equal up to the names of the functions they call (refined until stable) are one. An exported
 * validator keeps its own name and `.errors`, as a wrapper of the shared one.
 */

const validateName = /^validate\d+$/;

/** A function's tree without spans, the names of validators it reads cut out, and those names in order. */
function treeKey(fn: AstNode): { parts: string[]; callees: string[] } {
  const callees: string[] = [];
  const text = JSON.stringify(fn.body, (field, value: unknown) => {
    if (field === 'start' || field === 'end') return undefined;
    if (matches(value, identifier(validateName))) {
      callees.push((value as AstNode).name);
      return '\u0000';
    }
    return value;
  });
  const parts = text.split(JSON.stringify('\u0000'));
  if (parts.length !== callees.length + 1)
    fail('merging', `the names read by ${fn.id.name} could not be cut out`);
  return { parts, callees };
}

export function mergeDuplicates(code: string): string {
  const program = parse(code);
  const functions = new Map<string, { node: AstNode; key: ReturnType<typeof treeKey> }>();
  for (const statement of program.body as AstNode[]) {
    if (matches(statement, { type: 'FunctionDeclaration', id: identifier(validateName) }))
      functions.set(statement.id.name, { node: statement, key: treeKey(statement) });
  }
  const exported = new Set<string>();
  for (const statement of program.body as AstNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : null;
    const init = declaration?.declarations?.[0]?.init;
    if (matches(init, identifier(validateName))) exported.add(init.name);
  }
  expectCount(
    'merging',
    'exports `export const name = validateN;` of functions it found',
    [...exported].filter((name) => functions.has(name)),
    [...exported],
  );
  let classOf = new Map([...functions.keys()].map((name) => [name, 0]));
  for (let classes = 1; ;) {
    const keys = new Map<string, number>();
    const next = new Map<string, number>();
    for (const [name, { key }] of functions) {
      const callees = key.callees.map((callee) =>
        callee === name ? 'self' : `#${classOf.get(callee) ?? fail('merging', `${callee} is not defined`)}`,
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
    if (shared(name) === name) {
      for (const [reference] of nodes(node.body)) {
        if (matches(reference, identifier(validateName)) && shared(reference.name) !== reference.name)
          edits.push({ start: reference.start, end: reference.end, text: shared(reference.name) });
      }
    } else {
      const wrapper = `function ${name}(data){const valid = ${shared(name)}(data);${name}.errors = ${shared(name)}.errors;return valid;}`;
      edits.push({ start: node.start, end: node.end, text: exported.has(name) ? wrapper : '' });
    }
  }
  const out = applyEdits(code, edits);
  const defined = new Set(functions.keys());
  const dangling = nodes(parse(out)).filter(
    ([node]) => matches(node, identifier(validateName)) && !defined.has(node.name),
  );
  if (dangling.length > 0) fail('merging', `${dangling[0]![0].name} is read but no longer defined`);
  return out;
}
