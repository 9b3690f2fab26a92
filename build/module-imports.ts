import { parseAst } from 'rolldown/parseAst';

/** What this step reads of a parsed module: a node's kind, its place, and the module name of an import. */
interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  source?: {
    type: string;
    start: number;
    end: number;
    value?: unknown;
    expressions?: unknown[];
    quasis?: Array<{ value: { cooked: string | null } }>;
  };
}

/** The nodes of a parsed module that `wanted` picks, depth first. */
function nodesOf(
  node: unknown,
  wanted: (node: SyntaxNode) => boolean,
  found: SyntaxNode[] = [],
): SyntaxNode[] {
  if (Array.isArray(node)) {
    for (const child of node) nodesOf(child, wanted, found);
  } else if (node !== null && typeof node === 'object') {
    if (typeof (node as SyntaxNode).type === 'string' && wanted(node as SyntaxNode))
      found.push(node as SyntaxNode);
    for (const child of Object.values(node)) nodesOf(child, wanted, found);
  }
  return found;
}

const parsed = (code: string) => parseAst(code, { sourceType: 'module' });

/**
 * The module with each `import()` of a template without substitutions written as a string literal instead.
 * The bundler's printer writes every string as a template, and miniflare, which gathers a Worker's modules for
 * workerd, follows an `import()` of a string literal only and refuses a module that has any other.
 */
export function literalImports(code: string): string {
  const templates = nodesOf(
    parsed(code),
    (node) =>
      node.type === 'ImportExpression' &&
      node.source?.type === 'TemplateLiteral' &&
      node.source.expressions?.length === 0,
  );
  let written = code;
  for (const { source } of templates.sort((a, b) => b.start - a.start)) {
    const text = source!.quasis![0]!.value.cooked!;
    written = written.slice(0, source!.start) + JSON.stringify(text) + written.slice(source!.end);
  }
  return written;
}

const importing = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
]);

/**
 * The modules `code` imports or re-exports from, by name, and whether each is named by a string literal: the
 * only name a tool can follow without running the code.
 */
export function importsOf(code: string): Array<{ name: string | undefined; literal: boolean }> {
  return nodesOf(parsed(code), (node) => importing.has(node.type) && node.source != null).map(
    ({ source }) => {
      const literal = source!.type === 'Literal' && typeof source!.value === 'string';
      return { name: literal ? (source!.value as string) : undefined, literal };
    },
  );
}
