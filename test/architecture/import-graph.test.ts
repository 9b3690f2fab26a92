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

/**
 * The rooms of `src/`, lowest first: a file may import its own room and the rooms before it, never one after it
 * (docs/architecture.md). A room is the longest listed folder that holds the file.
 */
export const roomOrder = [
  'src/runtime',
  'src/generated',
  'src/core',
  'src/body',
  'src/http',
  'src/http/store',
  'src/http/node',
  'src/http/adapters',
  'src/page',
  'src/gateway',
  'src/cli',
  'src',
] as const;

/** The public entry of a room re-exports the rooms above it, so it alone may point up. */
const entryFiles = new Set(['src/index.ts', 'src/http/index.ts']);

/** Adapters reach the rest only through the handler's surface: the top of `src/http/` and its Node plumbing. */
const adapterReach = ['src/http', 'src/http/node', 'src/http/adapters'];

function roomOf(file: string): string | undefined {
  return [...roomOrder]
    .filter((room) => file.startsWith(`${room}/`) && !file.slice(room.length + 1).includes('/'))
    .at(0);
}

/** Every import that points from a room to one after it, or from an adapter past the handler's surface. */
function backEdges(graph: Map<string, string[]>): string[] {
  const rank = (file: string) => roomOrder.indexOf(roomOf(file) as (typeof roomOrder)[number]);
  return [...graph].flatMap(([file, targets]) => {
    const room = roomOf(file);
    if (room === undefined || entryFiles.has(file)) return [];
    return targets
      .filter((target) => roomOf(target) !== undefined)
      .filter(
        (target) =>
          rank(target) > rank(file) ||
          (room === 'src/http/adapters' && !adapterReach.includes(roomOf(target) as string)),
      )
      .map((target) => `${file} -> ${target}`);
  });
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

  it('keeps schemas/ below src/: the schemas import nothing of it', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith('schemas/')
        ? targets.filter((target) => target.startsWith('src/')).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(upward).toEqual([]);
    expect(graph.get('src/core/operations.ts')).toContain('schemas/operations.ts');
  });

  it('places every file of src/ in a room', () => {
    const homeless = [...graph.keys()].filter(
      (file) => file.startsWith('src/') && roomOf(file) === undefined,
    );
    expect(homeless).toEqual([]);
  });

  it('imports only down the room order, and adapters only through the handler', () => {
    expect(backEdges(graph)).toEqual([]);
  });

  it('finds a back edge when there is one', () => {
    const edged = new Map([
      ['src/core/errors.ts', ['src/http/handler.ts']],
      ['src/http/adapters/fetch.ts', ['src/core/validators.ts', 'src/http/handler.ts']],
      ['src/gateway/run.ts', ['src/http/node/node-server.ts']],
    ]);
    expect(backEdges(edged)).toEqual([
      'src/core/errors.ts -> src/http/handler.ts',
      'src/http/adapters/fetch.ts -> src/core/validators.ts',
    ]);
  });

  it('finds a cycle when there is one', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
    ]);
    expect(cycles(looped)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });
});
