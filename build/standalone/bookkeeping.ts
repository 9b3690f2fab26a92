import * as ast from './ast.js';
import type { AstNode, Edit } from './ast.js';

/**
 * Build time: Ajv (allErrors off) snapshots its error count around each keyword (`const _errs3 = errors;`) to ask
 * later whether it failed (`_errs3 === errors`); but a failure outside a union returns at once, so a comparison
 * with no move of the count (`errors++`, `errors = ...`) since its snapshot, nor a loop it alone is in, is always
 * true. Those become `true` and the flags and branches they settle go: smaller functions V8 inlines.
 */

const pass = 'bookkeeping';
const { capture, is, nodes, replace } = ast;
const moves = (node: unknown) => is('errors++', node) || is('errors = $value', node);
const nodesOf = (fn: AstNode) => nodes(fn.body).map(([node]) => node);

/** How often each name is read in a function. */
function readsIn(fn: AstNode): Map<string, number> {
  const reads = new Map<string, number>();
  for (const [node] of ast.references(fn.body)) reads.set(node.name, (reads.get(node.name) ?? 0) + 1);
  return reads;
}

/** The name `const _errsN = errors;` declares: a snapshot of the count. */
const snapshotOf = (node: AstNode): string | undefined =>
  /^_errs\d+$/.exec(capture('const $name = errors;', node)?.['$name']?.name)?.[0];

/** `step` over each of Ajv's functions in `code`, as positional edits. */
function eachFunction(code: string, step: (fn: AstNode) => Edit[]): string {
  const functions = ast.topLevel(ast.parse(code), ast.validatorFunction);
  const shaped = functions.filter(
    ({ id, body }) =>
      is('let vErrors = null;let errors = 0;', body.body.slice(0, 2)) &&
      is(`${id.name}.errors = vErrors;return errors === 0;`, body.body.slice(-2)),
  );
  ast.expectCount(pass, 'functions `let vErrors = null;...return errors === 0;`', shaped, functions);
  return ast.applyEdits(code, functions.flatMap(step));
}

/** Each comparison of the count with a snapshot (or 0) no move can reach becomes `true`. */
function settleComparisons(fn: AstNode): Edit[] {
  const all = nodesOf(fn);
  // Only `for` loops jump backwards: the settled test below knows no other.
  if (all.some((node) => /^(While|DoWhile|Continue)Statement$/.test(node.type)))
    ast.fail(pass, `${fn.id.name} has a loop other than \`for\``);
  const loops = all.filter((node) => /^For(In|Of)?Statement$/.test(node.type)).map((loop) => loop.body);
  if (loops.some((body) => body.type !== 'BlockStatement')) ast.fail(pass, 'a loop without a block');
  const movedAt = all.filter(moves).map((node) => node.start);
  const snapshots = new Map<string, number>([['0', fn.body.body[1].start]]);
  for (const node of all.filter(snapshotOf)) {
    if (snapshots.has(snapshotOf(node)!)) ast.fail(pass, `${snapshotOf(node)} is declared twice`);
    snapshots.set(snapshotOf(node)!, node.start);
  }
  const compared = all.filter(
    (node) => node.type === 'BinaryExpression' && [node.left, node.right].some((side) => is('errors', side)),
  );
  const known = compared.filter((node) => {
    const side = (capture('$side === errors', node) ?? capture('errors === $side', node))?.['$side'];
    return /^(_errs\d+|0)$/.test(String(side?.name ?? side?.value));
  });
  ast.expectCount(pass, 'comparisons of `errors` with `_errsN` or `0`', known, compared);
  return known.flatMap((node) => {
    const side = is('errors', node.left) ? node.right : node.left;
    const from =
      snapshots.get(String(side.name ?? side.value)) ?? ast.fail(pass, `${side.name} is never declared`);
    const at = node.start;
    const moved = movedAt.some((move) => move > from && move < at);
    const inside = (loop: AstNode, position: number) => loop.start < position && position < loop.end;
    const loopedAlone = loops.some((loop) => inside(loop, at) && !inside(loop, from));
    return node === fn.body.body.at(-1).argument || moved || loopedAlone ? [] : [replace(node, 'true')];
  });
}

/**
 * `validN` flags known to be true stop guarding: one only ever set to `true`, or one right after an `if` whose
 * branches both end setting it true (a branch that leaves early returns or breaks). An unread flag is not set.
 */
function dropTrueFlags(fn: AstNode): Edit[] {
  type Flag = { values: AstNode[]; guards: AstNode[]; breaks: AstNode[]; settings: AstNode[]; reads: number };
  const flags = new Map<string, Flag>();
  for (const [name, reads] of readsIn(fn))
    if (/^valid\d+$/.test(name)) flags.set(name, { values: [], guards: [], breaks: [], settings: [], reads });
  for (const [node, parent] of nodes(fn.body)) {
    const set = capture('var $flag = $value;', node) ?? capture('$flag = $value', node);
    const flag = flags.get(set?.['$flag']?.name);
    flag?.values.push(set!['$value']!);
    // Settings of no effect of their own: `true` or a comparison of counts.
    const inert = is('true', set?.['$value']) || is('$s === errors', set?.['$value']);
    if (flag && node.type === 'VariableDeclaration' && inert) flag.settings.push(node);
    flags.get(capture('if(!$flag){break;}', node)?.['$flag']?.name)?.breaks.push(node);
    if (node.type !== 'IfStatement' || !flags.has(node.test.name)) continue;
    const before: AstNode | undefined = parent!.body[parent!.body.indexOf(node) - 1];
    const setsTrue = `var ${node.test.name} = true;`;
    const joined = is(setsTrue, before?.consequent?.body?.at(-1)) && is(`{${setsTrue}}`, before?.alternate);
    flags.get(node.test.name)!.guards.push({ ...node.test, joined });
  }
  return [...flags.values()].flatMap(({ values, guards, breaks, settings, reads }) => {
    const alwaysTrue = values.every((value) => is('true', value));
    const settled = guards.filter((guard) => alwaysTrue || guard.joined);
    const dropped = alwaysTrue ? breaks : [];
    const unread = settled.length + dropped.length + settings.length === reads;
    return [
      ...settled.map((guard) => replace(guard, 'true')),
      ...[...dropped, ...(unread ? settings : [])].map((node) => replace(node)),
    ];
  });
}

/** `if(true){A}else ...` -> `{A}`, and `else {}` goes; an `if` in a dropped `else` goes with it. */
function unwrapSettled(fn: AstNode): Edit[] {
  const dropped: AstNode[] = [];
  const edits: Edit[] = [];
  const inDropped = (node: AstNode) =>
    dropped.some(({ start, end }) => start <= node.start && node.end <= end);
  for (const [node] of nodes(fn.body)) {
    if (node.type !== 'IfStatement' || inDropped(node)) continue;
    if (is('true', node.test) && node.consequent.type === 'BlockStatement') {
      edits.push({ start: node.start, end: node.consequent.start, text: '' });
      if (node.alternate !== null) dropped.push(node.alternate);
    } else if (!is('{}', node.alternate)) continue;
    edits.push({ start: node.consequent.end, end: node.end, text: '' });
  }
  return edits;
}

/** Unread snapshots go; a function whose count never moves returns true past its checks and keeps no count. */
function settleReturn(fn: AstNode): Edit[] {
  const reads = readsIn(fn);
  const all = nodesOf(fn);
  const unused = all.filter((node) => reads.get(snapshotOf(node)!) === 1);
  const edits = unused.map((node) => replace(node));
  if (reads.get('vErrors') !== 2 || all.some(moves)) return edits;
  const [errorList, count] = fn.body.body as AstNode[];
  const [ending, verdict] = (fn.body.body as AstNode[]).slice(-2);
  edits.push(
    replace(errorList!),
    replace(ending!.expression.right, 'null'),
    replace(verdict!.argument, 'true'),
  );
  // Each unused snapshot, the declaration and the verdict read the count.
  if (reads.get('errors') === unused.length + 2) edits.push(replace(count!));
  return edits;
}

/** Applies the above, in order, to every `function validateN(data){...}` of the module. */
export function dropSettledBookkeeping(code: string): string {
  const steps = [settleComparisons, dropTrueFlags, unwrapSettled, settleReturn];
  return steps.reduce((out, step) => eachFunction(out, step), code);
}
