import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../build/module-imports.js';
import { modulesResolvedBy } from './loaded-modules.js';

const frameworks = /node_modules\/(fastify|express|hono|find-my-way|body-parser)\//;

/**
 * The handler's entry and each adapter's, from package.json `exports`: those typed by src/http/ or its adapters,
 * with the file Node resolves (its `node` condition where the `default` is for runtimes without `require`).
 */
const httpEntries = Object.entries(
  (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, string | { types: string; node?: string; default: string }>;
    }
  ).exports,
).flatMap(([subpath, target]) =>
  typeof target === 'object' && /^\.\/dist\/src\/http\/(index|adapters\/[\w-]+)\.d\.ts$/.test(target.types)
    ? [[`gateway-contract${subpath.slice(1)}`, (target.node ?? target.default).slice(2)] as const]
    : [],
);

describe('the HTTP entry points', () => {
  it('are checked by a probe that does see a framework where one is imported', () => {
    expect(modulesResolvedBy('express').filter((path) => frameworks.test(path))).not.toEqual([]);
  });

  it('load the main entry from two files, no validator, no HTTP code or framework', () => {
    // The bundle's point: Node's loader costs about as much per file as the rest of the import. Each root's
    // validators load on its first use (src/core/profiles.ts).
    expect(modulesResolvedBy('gateway-contract').sort()).toEqual([
      'dist/lib/index.js',
      'dist/lib/library.js',
    ]);
  });

  it('keep the HTTP layer out of the main entry in the sources too', () => {
    const loaded = modulesResolvedBy('./dist/src/index.js');
    expect(loaded).toContain('dist/src/index.js');
    // The bearer-token reader is a header parse the main entry exports; it imports only the core.
    const http = loaded.filter(
      (path) => path.startsWith('dist/src/http/') || path.startsWith('dist/src/gateway/'),
    );
    expect(http.filter((path) => path !== 'dist/src/http/bearer-token.js')).toEqual([]);
  });

  it('are the handler and one per adapter', () => {
    expect(httpEntries).toContainEqual(['gateway-contract/http', 'dist/lib/http.js']);
    expect(httpEntries).toContainEqual(['gateway-contract/fetch', 'dist/lib/fetch.js']);
    expect(httpEntries.length).toBe(
      readdirSync(new URL('../../src/http/adapters/', import.meta.url)).length + 1,
    );
  });

  it.each(httpEntries)('%s resolves to %s and loads no framework at run time', (specifier, file) => {
    const loaded = modulesResolvedBy(specifier);
    expect(loaded).toContain(file);
    expect(loaded.filter((path) => frameworks.test(path))).toEqual([]);
    // The reference gateway is its own chunk, loaded only by `serve`.
    expect(loaded).not.toContain('dist/lib/run.js');
  });

  it('keep the fetch handler free of Node built-ins, for Workers, Bun and Deno', () => {
    expect(modulesResolvedBy('gateway-contract/fetch').filter((url) => url.startsWith('node:'))).toEqual([]);
  });

  it('name every module they import by a string literal, which bundlers and workerd follow', () => {
    const lib = new URL('../../dist/lib/', import.meta.url);
    const files = readdirSync(lib).filter((file) => file.endsWith('.js'));
    const computed = files.filter((file) =>
      importsOf(readFileSync(new URL(file, lib), 'utf8')).some((found) => !found.literal),
    );
    expect(files).toContain('library.js');
    expect(computed).toEqual([]);
  });
});
