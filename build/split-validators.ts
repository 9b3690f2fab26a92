import { rootGroupOf } from '../src/core/generated-modules.js';
import { applyEdits, fail, parse, references, textOf, type AstNode, type Edit } from './standalone/ast.js';
import { printCompact } from './standalone/print.js';
import { shortFunctionNames } from './standalone/stable-names.js';
import type { ErrorSite, ShippedSite } from '../src/runtime/validator-runtime.js';

/**
 * A generated validator module split by root for dist/lib/ (build/bundle.ts): one file per root, holding the
 * validators of that root, every function, pattern and table they reach, the run-time helpers, and the error sites
 * they name, numbered from 0, so loading a root parses its own code only and reads one file. A function two roots
 * reach is written in both, and the helpers in each: each file stands alone, which costs package bytes, not
 * start-up (measured on Node 20: a root's first load 0.9 ms sooner than with the helpers a file of their own).
 *
 * The files are CommonJS (`.cjs`, strict mode as the module is): they are only ever loaded by `require`, on first
 * use, and Node's `require` of a CommonJS file skips the ES module loader's work (measured: a root loaded 1 ms
 * sooner). A runtime that loads by `import()` gets the profile's module whole instead.
 */

interface Declaration {
  statement: AstNode;
  uses: Set<string>;
}

const declaredNames = (statement: AstNode): string[] => {
  if (statement.type === 'FunctionDeclaration') return [statement.id.name as string];
  if (statement.type !== 'VariableDeclaration') fail('splitting', `a top-level ${statement.type}`);
  return (statement.declarations as AstNode[]).flatMap((declarator) =>
    declarator.id.type === 'Identifier'
      ? [declarator.id.name as string]
      : (declarator.id.properties as AstNode[]).map((property) => property.value.name as string),
  );
};

/** The argument of each error-site helper that is the index of its site (src/runtime/validator-runtime.ts). */
const siteArgument: Readonly<Record<string, number>> = {
  failAt: 2,
  failAtWith: 2,
  siteError: 1,
  siteErrorWith: 1,
};

/**
 * The edits that number the error sites `code` names from 0, in order of first use, and those sites: the generated
 * module names each by its key in `table` (build/standalone/error-sites.ts), a file shipped by its index in an
 * array, which is smaller; `asTuples`, each site as `[keyword, params, message]` (`ShippedSite`), smaller still.
 */
function numberSites(
  code: string,
  table: Readonly<Record<string, unknown>>,
  from = 0,
  asTuples = false,
): { edits: Edit[]; sites: unknown[] } {
  const numbered = new Map<string, number>();
  const sites: unknown[] = [];
  const edits: Edit[] = [];
  for (const [node, parent] of references(parse(code))) {
    if (!Object.hasOwn(siteArgument, node.name as string) || node.start < from) continue;
    if (parent?.type !== 'CallExpression' || parent.callee !== node) {
      fail('splitting', `${node.name as string} used other than called`);
    }
    const site = (parent.arguments as AstNode[])[siteArgument[node.name as string]!];
    const key = site?.type === 'Literal' ? String(site.value as unknown) : undefined;
    if (site === undefined || key === undefined || !Object.hasOwn(table, key)) {
      return fail('splitting', `${node.name as string} called without a site of the table`);
    }
    let index = numbered.get(key);
    if (index === undefined) {
      index = sites.length;
      numbered.set(key, index);
      const { keyword, params, message } = table[key] as ErrorSite;
      sites.push(asTuples ? ([keyword, params, message] satisfies ShippedSite) : table[key]);
    }
    edits.push({ start: site.start, end: site.end, text: String(index) });
  }
  return { edits, sites };
}

/**
 * The declarator of `const errorSiteText = "...";` in `program`, the table its JSON text holds, and where the
 * statement binding the helpers over it ends.
 */
function siteTable(program: AstNode): {
  declarator: AstNode;
  table: Record<string, unknown>;
  helpersEnd: number;
} {
  let found: { declarator: AstNode; table: Record<string, unknown> } | undefined;
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as AstNode[]) {
      if (declarator.id.name === 'errorSiteText' && declarator.init?.type === 'Literal') {
        found = { declarator, table: JSON.parse(declarator.init.value as string) as Record<string, unknown> };
      } else if (found !== undefined && declarator.id.type === 'ObjectPattern') {
        return { ...found, helpersEnd: statement.end as number };
      }
    }
  }
  return fail('splitting', 'no error-site table and helpers');
}

/** A whole generated module with its error sites numbered from 0 (see `numberSites`), as the bundle ships it. */
export function withNumberedSites(code: string): string {
  const { declarator, table, helpersEnd } = siteTable(parse(code));
  const { edits, sites } = numberSites(code, table, helpersEnd);
  const text = JSON.stringify(JSON.stringify(sites));
  return applyEdits(code, [...edits, { start: declarator.init.start, end: declarator.init.end, text }]);
}

/**
 * `generated`, a generated module (src/generated/), split with its functions named short: each root group's file
 * (src/core/generated-modules.ts `rootGroupOf`) exporting that group's `validatorsByName`. As CommonJS (`runtime`
 * given: the body of a CommonJS module that sets the run-time helpers on `exports`), with its own copy of the
 * helpers run in a function of its own so that none of its names meets one of the file's; as an ES module
 * (`runtime` undefined), importing the helpers from `./validator-runtime.js` beside it and exporting each
 * validator by the name the whole module gives it, for a bundler to reach one root by a static import.
 */
export function splitValidators(generated: string, runtime?: string): Record<string, string> {
  const code = shortFunctionNames(generated);
  const program = parse(code);
  const header = code.slice(0, code.indexOf('\n') + 1);
  let runtimeNames = '';
  let runtimeImports = '';
  let allSites: Record<string, unknown> | undefined;
  let siteNames = '';
  const declarations = new Map<string, Declaration>();
  const exported = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const statement of program.body as AstNode[]) {
    if (statement.type === 'ImportDeclaration') {
      runtimeNames = (statement.specifiers as AstNode[]).map((one) => one.local.name as string).join(',');
      runtimeImports = (statement.specifiers as AstNode[])
        .map((one) => `${one.imported.name as string} as ${one.local.name as string}`)
        .join(',');
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration') {
      for (const declarator of statement.declaration.declarations as AstNode[]) {
        const name = declarator.id.name as string;
        if (name === 'validatorsByName') {
          for (const property of declarator.init.properties as AstNode[]) {
            byName.set(property.key.value as string, property.value.name as string);
          }
        } else if (declarator.init.type === 'Identifier') exported.set(name, declarator.init.name as string);
      }
      continue;
    }
    const names = declaredNames(statement);
    if (names.includes('errorSiteText')) allSites = siteTable(program).table;
    else if (names.includes('failAt')) siteNames = names.join(',');
    else {
      const uses = new Set(references(statement).map(([node]) => node.name as string));
      for (const name of names) declarations.set(name, { statement, uses });
    }
  }
  if (allSites === undefined || siteNames === '') fail('splitting', 'no error-site table and helpers');

  const groups = new Map<string, string[]>();
  for (const name of byName.keys()) {
    groups.set(rootGroupOf(name), [...(groups.get(rootGroupOf(name)) ?? []), name]);
  }
  const files: Record<string, string> = {};
  for (const [group, names] of groups) {
    const reached = new Set<AstNode>();
    const pending = names.map((name) => exported.get(byName.get(name)!)!);
    const seen = new Set<string>();
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      const declaration = declarations.get(name);
      if (seen.has(name) || declaration === undefined) continue;
      seen.add(name);
      reached.add(declaration.statement);
      for (const used of declaration.uses) if (!seen.has(used)) pending.push(used);
    }
    // In the module's own order: a table is built before the code that reads it at load.
    const body = (program.body as AstNode[])
      .filter((statement) => reached.has(statement))
      .map((statement) => textOf(code, statement))
      .join('\n');
    // The ES module copies, for a Worker's bundle, write each site as a tuple; the CommonJS ones, which Node
    // loads, keep the objects the helpers read as they are, with no conversion on a union's accept path.
    const own = numberSites(body, allSites, 0, runtime === undefined);
    const table = names.map((name) => `${JSON.stringify(name)}:${exported.get(byName.get(name)!)}`);
    const siteText = `const errorSiteText = ${JSON.stringify(JSON.stringify(own.sites))};\n`;
    const functions = `${applyEdits(body, own.edits)}\n`;
    if (runtime === undefined) {
      const named = names.map((name) => `${exported.get(byName.get(name)!)} as ${byName.get(name)!}`);
      files[group] = `${header}${printCompact(
        `import {${runtimeImports},shippedSites} from './validator-runtime.js';\n${siteText}` +
          `var {${siteNames}} = errorSiteHelpers(() => shippedSites(errorSiteText));\n${functions}` +
          `export const validatorsByName = {${table.join(',')}};\nexport {${named.join(',')}};`,
      )}`;
      continue;
    }
    // The printer reads the file as a module, which is strict already, and leaves the directive out.
    files[group] = `${header}'use strict';${printCompact(
      `const {${runtimeNames}} = (function (exports) {${runtime}\nreturn exports;})({});\n` +
        `${siteText}var {${siteNames}} = errorSiteHelpers(errorSiteText);\n${functions}` +
        `exports.validatorsByName = {${table.join(',')}};`,
    )}`;
  }
  return files;
}

/**
 * The root group (src/core/generated-modules.ts `rootGroupOf`) of each validator a generated module exports by
 * name, `messagesRequest` to `messages-request`: the file of its own that a static import of that name is sent to.
 */
export function exportGroups(generated: string): Map<string, string> {
  const groups = new Map<string, string>();
  for (const statement of parse(generated).body as AstNode[]) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    for (const declarator of statement.declaration.declarations as AstNode[]) {
      if (declarator.id.name !== 'validatorsByName') continue;
      for (const property of declarator.init.properties as AstNode[]) {
        groups.set(property.value.name as string, rootGroupOf(property.key.value as string));
      }
    }
  }
  return groups;
}
