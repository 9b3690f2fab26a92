import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs an ES module script in a fresh node, importing the package by its own name as a user would. */
function runAsUser(script: string): unknown {
  const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

/** Every module a module imports at run time, transitively, read from the built files (type imports are gone). */
function modulesLoadedBy(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const [, specifier] of readFileSync(path, 'utf8').matchAll(
      /^(?:import|export)[^'"]*from '(\.[^']+)'/gm,
    )) {
      pending.push(resolve(dirname(path), specifier!));
    }
  }
  return [...seen];
}

describe('the entry points', () => {
  it('keep the schema objects off the main entry', () => {
    const loaded = modulesLoadedBy(join(root, 'dist/src/index.js')).map((path) => relative(root, path));
    // Four small schema modules, with no schema object, hold what the run time shares with the schemas (the
    // secret field names, the country codes an issue sentence recognises, the error statuses and the operations
    // table, which names its bodies' schemas without loading them); the issue cap is read from the schema at
    // build time.
    expect(loaded.filter((path) => path.startsWith('dist/schemas/')).sort()).toEqual([
      'dist/schemas/country-codes.js',
      'dist/schemas/error-statuses.js',
      'dist/schemas/masked-secret.js',
      'dist/schemas/operations.js',
    ]);
    // No validator is loaded with the main entry: each root's loads on its first use (src/core/profiles.ts).
    expect(loaded).toContain('dist/src/generated/validator-facts.js');
    expect(loaded.filter((path) => /generated\/validators/.test(path))).toEqual([]);
  });

  it('import the validators statically where modules cannot load synchronously, and import() nothing', () => {
    // The `default` condition's entries: a bundler keeps of them what a program uses (test/build/worker-size.test.ts).
    for (const entry of ['index-preloaded', 'fetch-preloaded', 'http-preloaded']) {
      const loaded = modulesLoadedBy(join(root, `dist/src/${entry}.js`)).map((path) => relative(root, path));
      expect(loaded.filter((path) => /generated\/validators/.test(path)).sort(), entry).toEqual([
        'dist/src/generated/validators-all-issues.js',
        'dist/src/generated/validators-strict-all-issues.js',
        'dist/src/generated/validators-strict.js',
        'dist/src/generated/validators.js',
      ]);
      // A bundler that meets an `import()` wraps every module it reaches, and keeps what a program never calls.
      const dynamic = loaded.filter((path) => /\bimport\(/.test(readFileSync(join(root, path), 'utf8')));
      expect(dynamic, entry).toEqual([]);
    }
  });

  it('load the body guards and the secret scan on their first use, not for a first validate()', () => {
    // The files read after each step, by name: the main entry's code that loads on first use
    // (src/core/load-on-first-use.ts) and each root's validators are CommonJS files beside the bundle, which the
    // library reads and compiles itself (or `require`s, whose cache is counted too).
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      const fs = require('node:fs');
      const read = new Set();
      const readFileSync = fs.readFileSync;
      fs.readFileSync = (file, ...rest) => {
        if (String(file).endsWith('.cjs')) read.add(String(file).split('/').pop());
        return readFileSync(file, ...rest);
      };
      const { validate, parseJsonBody, maskSecret } = await import('gateway-contract');
      const loaded = () =>
        [...new Set([...read, ...Object.keys(require.cache).map((file) => file.split('/').pop())])].sort();
      const steps = [];
      steps.push([validate('messages-request', { model: 'm', max_tokens: 1, messages: [] }).ok, loaded()]);
      steps.push([parseJsonBody('{"\\u0061":1}'), loaded()]);
      steps.push([validate('observability-destination-response', {}).ok, maskSecret('x'), loaded()]);
      console.log(JSON.stringify(steps));
    `;
    const verdict = 'generated-validators.messages-request.cjs';
    const destination = 'generated-validators.observability-destination-response.cjs';
    const collecting = 'generated-validators-all-issues.observability-destination-response.cjs';
    expect(runAsUser(script)).toEqual([
      [true, [verdict]],
      [{ ok: true, value: { a: 1 } }, [verdict, 'json-body.cjs']],
      [false, '********', [collecting, verdict, destination, 'json-body.cjs', 'secret-scan.cjs']],
    ]);
  });

  it('start the reference gateway from gateway-contract/gateway, typed, through the start sequence', () => {
    const script = `
      import { startGateway } from 'gateway-contract/gateway';
      const lines = [];
      const gateway = await startGateway({ port: 0, memory: true, env: {}, log: (text) => lines.push(text) });
      const status = async (path) => (await fetch(gateway.address + path)).status;
      const healthz = await status('/healthz');
      await gateway.ready;
      const readyz = await status('/readyz');
      const providers = await status('/api/v1/providers');
      await gateway.stop();
      const after = await fetch(gateway.address + '/healthz').then(() => 'answered', () => 'closed');
      const log = lines.join('');
      const keyFile = /in (\\S+generated-keys\\.env) \\(0600\\)/.exec(log)?.[1];
      const keys = (await import('node:fs')).readFileSync(keyFile, 'utf8').trim().split('\\n').map((line) => line.split('=')[1]);
      console.log(JSON.stringify({
        address: /^http:\\/\\/127\\.0\\.0\\.1:\\d+$/.test(gateway.address),
        baseUrl: gateway.baseUrl === gateway.address + '/api/v1',
        healthz, readyz, providers, after,
        keysInLog: keys.filter((key) => log.includes(key)).length,
        keysInFile: keys.length,
      }));
    `;
    expect(runAsUser(script)).toEqual({
      address: true,
      baseUrl: true,
      healthz: 200,
      readyz: 200,
      providers: 200,
      after: 'closed',
      keysInLog: 0,
      keysInFile: 2,
    });
  });

  it('run the README example that compiles an extended schema', () => {
    const script = `
      import { compileValidator } from 'gateway-contract/compile';
      import { messagesRequest } from 'gateway-contract/schemas';
      const validateMine = compileValidator({ ...messagesRequest, required: [...messagesRequest.required, 'user'] });
      const request = { model: 'm', max_tokens: 1, messages: [] };
      console.log(JSON.stringify([validateMine(request), validateMine({ ...request, user: 'u' })]));
    `;
    expect(runAsUser(script)).toEqual([false, true]);
  });
});
