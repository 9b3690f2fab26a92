import { minifySync } from 'rolldown/experimental';
import {
  applyEdits,
  fail,
  identifier,
  matches,
  nodes,
  parse,
  replace,
  type AstNode,
  type Edit,
} from './ast.js';
import { siteKeyPattern } from './error-sites.js';

/**
 * Build time: the validator modules printed by oxc's printer (through rolldown), names and statements as the
 * passes left them. Readable, one statement a line, for src/generated/, so a schema change is a diff one can read;
 * compact, the same code without its whitespace, for the copy the bundle ships in dist/lib/.
 */

/** `value` as a double-quoted string literal of ASCII characters only. */
const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const asciiString = (value: string) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, unicodeEscape);

/** The module with its whitespace removed, as the bundle ships it. */
export const printCompact = (code: string): string => print(code, true);

/**
 * The module one statement a line, indented two spaces a block, and the error site table one site a line, as
 * src/generated/ holds it. Compacting it gives back `printCompact` of the same code, byte for byte.
 */
export const printReadable = (code: string): string => print(code, false);

/** `code` printed ASCII only (V8 keeps a source with one non-ASCII character at two bytes each), in one walk. */
function print(code: string, compact: boolean): string {
  const options = { module: true, compress: false, mangle: false };
  const printed = minifySync('validators.js', code, {
    ...options,
    codegen: { removeWhitespace: compact, asciiOnly: true },
  });
  if (printed.errors.length > 0) fail('printing', printed.errors.map((error) => error.message).join('; '));
  const text = printed.code;
  const program = parse(text);
  const edits = nodes(program).flatMap(([node, parent]): Edit[] => {
    if (node.type !== 'TemplateLiteral') return [];
    // Plain strings the printer wrote as template literals, which V8 loads slower (28 ms against 15 ms), go back.
    if (node.expressions.length === 0 && parent?.type !== 'TaggedTemplateExpression')
      return [replace(node, asciiString(node.quasis[0].value.cooked as string))];
    // Only a template literal can hold a line break, and indenting its lines would change its value.
    if (!compact && text.slice(node.start, node.end).includes('\n'))
      fail('printing', `a template literal over several lines at ${node.start}`);
    return [];
  });
  if (compact) return applyEdits(text, edits);
  const table = siteTable(program);
  const byLine = applyEdits(text, table === undefined ? edits : [...edits, siteTableByLine(text, table)]);
  return byLine.replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length));
}

/** The string of `const errorSiteText = "...";` at the top of a module (build/standalone/rewrite.ts), if any. */
function siteTable(program: AstNode): AstNode | undefined {
  const shape = { type: 'VariableDeclarator', id: identifier('errorSiteText') };
  const declarator = (program.body as AstNode[])
    .filter((statement) => statement.type === 'VariableDeclaration')
    .flatMap((statement) => statement.declarations as AstNode[])
    .find((node) => matches(node, shape));
  return declarator?.init?.type === 'Literal' ? (declarator.init as AstNode) : undefined;
}

/**
 * The error site table's JSON text broken before each site's key (build/standalone/error-sites.ts) by a line
 * continuation (a backslash before the line break), which adds nothing to the string: a site added or worded
 * anew is a line of the diff, not all 30 KB.
 */
function siteTableByLine(code: string, table: AstNode): Edit {
  const key = new RegExp(`\\\\"${siteKeyPattern.source.slice(1, -1)}\\\\":`, 'g');
  const byLine = code.slice(table.start, table.end).replace(key, '\\\n$&');
  if (parse(`(${byLine});`).body[0].expression.value !== table.value)
    fail('printing', 'the error site table changed');
  return replace(table, byLine);
}
