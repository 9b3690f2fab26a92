import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repositoryFiles } from '../support/repository-files.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = repositoryFiles(['src', 'build', 'schemas', 'bench']).filter(
  (file) => /\.ts$/.test(file) && !file.endsWith('.d.ts'),
);

/** The repository files each source file imports by a relative specifier (type-only imports included). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => relative(root, join(root, dirname(file), specifier)).replace(/\.js$/, '.ts'));
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  const graph = importGraph();

  it('reads the sources', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('src/index.ts')).toContain('src/core/validators.ts');
  });

  it('has no import cycle', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('keeps what ships apart from the build, the bench and the tests', () => {
    const strays = [...graph].flatMap(([file, targets]) =>
      file.startsWith('src/') || file.startsWith('schemas/')
        ? targets
            .filter((target) => !target.startsWith('src/') && !target.startsWith('schemas/'))
            .map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(strays).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
    ]);
    expect(cycles(looped)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });
});
