import { describe, expect, it } from 'vitest';
import { modulesResolvedBy } from './loaded-modules.js';

const frameworks = /node_modules\/(fastify|express|hono|find-my-way|body-parser)\//;

describe('the HTTP entry points', () => {
  it('are checked by a probe that does see a framework where one is imported', () => {
    expect(modulesResolvedBy('express').filter((path) => frameworks.test(path))).not.toEqual([]);
  });

  it('keep the main entry free of HTTP code and of every framework', () => {
    const loaded = modulesResolvedBy('gateway-contract');
    expect(loaded).toContain('dist/src/index.js');
    expect(
      loaded.filter((path) => path.startsWith('dist/src/http/') || path.startsWith('dist/src/gateway/')),
    ).toEqual([]);
    expect(loaded.filter((path) => frameworks.test(path))).toEqual([]);
  });

  it.each([
    ['gateway-contract/http', 'dist/src/http/index.js'],
    ['gateway-contract/fastify', 'dist/src/http/fastify.js'],
    ['gateway-contract/express', 'dist/src/http/express.js'],
    ['gateway-contract/fetch', 'dist/src/http/fetch.js'],
  ])('%s resolves to %s and loads no framework at run time', (specifier, file) => {
    const loaded = modulesResolvedBy(specifier);
    expect(loaded).toContain(file);
    expect(loaded.filter((path) => frameworks.test(path))).toEqual([]);
    expect(loaded.filter((path) => path.startsWith('dist/src/gateway/'))).toEqual([]);
  });

  it('keep the fetch handler free of Node built-ins, for Workers, Bun and Deno', () => {
    expect(modulesResolvedBy('gateway-contract/fetch').filter((url) => url.startsWith('node:'))).toEqual([]);
  });
});
