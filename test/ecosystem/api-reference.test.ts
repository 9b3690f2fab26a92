import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './support/json-cases.js';
import { moduleEntryPoints, packageJson } from './support/package.js';

/*
 * The API reference (docs/api.md) names every runtime export of every entry point of the package, and nothing that
 * is not an export (runtime or type) of the entry point it is listed under.
 */

/** The names each `### \`specifier\`` heading of docs/api.md lists, by heading. */
function documented(): Map<string, string[]> {
  const page = readFileSync(`${root}docs/api.md`, 'utf8');
  const section = /^## API reference\n([\s\S]*?)(?=^## )/m.exec(page)?.[1];
  if (section === undefined) throw new Error('docs/api.md has no `## API reference` section');
  const entries = new Map<string, string[]>();
  for (const [, heading, body] of section.matchAll(/^### (.+)\n([\s\S]*?)(?=^### |(?![\s\S]))/gm)) {
    const names = body!
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!))
      .map((name) => name.replace(/\(.*$/, ''));
    entries.set(heading!.replace(/`/g, ''), names);
  }
  return entries;
}

/** The runtime exports of each JavaScript entry point, imported by name in a fresh node, as a user would. */
function runtimeExports(): Record<string, string[]> {
  const specifiers = moduleEntryPoints().map((entry) => entry.specifier);
  const script = `
    const specifiers = ${JSON.stringify(specifiers)};
    const exports = {};
    for (const specifier of specifiers) exports[specifier] = Object.keys(await import(specifier)).sort();
    console.log(JSON.stringify(exports));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, string[]>;
}

/** Every export, types included, of each entry point's declarations, read by the TypeScript compiler. */
function declaredExports(): Record<string, Set<string>> {
  const entries = moduleEntryPoints();
  const program = ts.createProgram(
    entries.map((entry) => `${root}${entry.types}`),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
    },
  );
  const checker = program.getTypeChecker();
  return Object.fromEntries(
    entries.map((entry) => {
      const source = program.getSourceFile(`${root}${entry.types}`)!;
      const symbol = checker.getSymbolAtLocation(source)!;
      return [entry.specifier, new Set(checker.getExportsOfModule(symbol).map((exported) => exported.name))];
    }),
  );
}

const reference = documented();

describe('the API reference (docs/api.md)', () => {
  it('has a section for every entry point that holds JavaScript', () => {
    const headings = [...reference.keys()].filter((heading) => heading.startsWith('gateway-contract'));
    expect(headings).toEqual(moduleEntryPoints().map((entry) => entry.specifier));
  });

  it('documents every runtime export of every entry point', () => {
    const missing = Object.entries(runtimeExports()).flatMap(([specifier, names]) =>
      names
        .filter((name) => !reference.get(specifier)?.includes(name))
        .map((name) => `${specifier}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('names only what its entry point exports', () => {
    const declared = declaredExports();
    const unknown = [...reference].flatMap(([specifier, names]) =>
      specifier in declared
        ? names.filter((name) => !declared[specifier]!.has(name)).map((name) => `${specifier}: ${name}`)
        : [],
    );
    expect(unknown).toEqual([]);
  }, 30_000);

  it('lists every file the package exports', () => {
    const files = Object.entries(packageJson.exports)
      .filter(([, target]) => typeof target === 'string')
      .map(([subpath]) => `gateway-contract${subpath.slice(1).replace('*', '<name>')}`);
    expect(reference.get('Files')).toEqual(files);
  });
});
