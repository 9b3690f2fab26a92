import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stepIsCurrent } from '../../build/build-stamp.mjs';
import { buildSteps } from '../../build/build-steps.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const committed = readFileSync(`${root}src/generated/validators.js`, 'utf8');

/**
 * Runs an ES module script in a fresh node that refuses to compile strings into code, its standard error kept
 * rather than printed: Ajv logs the code it could not compile there, which the test expects.
 */
function runWithoutCodeGeneration(script: string): { stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--input-type=module', '--eval', script],
    { cwd: root, encoding: 'utf8' },
  );
  expect(status, stderr).toBe(0);
  return { stdout, stderr };
}

describe('the precompiled validators', () => {
  // The build's drift check (`npm run build`, which `npm test` runs first) generates every validator again and
  // compares it with src/generated/; its stamp says that check passed on the files as they are now, so the suite
  // does not spend a minute of CPU generating them a second time. The stamp holds the Node that built: on another
  // (the unit tests run again on Node 24), the check itself runs.
  it('are up to date with schemas/, as the build checked on the files as they are', async () => {
    const validators = buildSteps.find((step) => step.name === 'validators')!;
    const checkNow = () => {
      const checked = spawnSync(process.execPath, ['dist/build/precompile.js', '--check'], {
        cwd: root,
        encoding: 'utf8',
      });
      return checked.status === 0 ? 'checked now' : `${checked.stdout}${checked.stderr}`;
    };
    const verdict = (await stepIsCurrent(root, validators)) ? 'stamped as checked' : checkNow();
    expect(['stamped as checked', 'checked now']).toContain(verdict);
  }, 300_000);

  it('are written by --write and checked by --check, and the script refuses any other argument', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['dist/build/precompile.js', ...args], { cwd: root, encoding: 'utf8' });
    for (const args of [[], ['--chek'], ['--check', '--write']]) {
      const refused = run(...args);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('usage: node dist/build/precompile.js --write | --check');
    }
  });

  it('need no require, eval or new Function', () => {
    expect(committed).not.toMatch(/\brequire\(/);
    expect(committed).not.toMatch(/\bnew Function\b|\beval\(/);
  });

  it('load and run in a process that forbids code generation', () => {
    const script = `
      import * as lib from 'gateway-contract';
      const request = { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
      const results = lib.rootNames.map((name) => [name, lib.validate(name, {}).ok]);
      results.push(['valid request', lib.validate('messages-request', request).ok]);
      results.push(['bad request', lib.validate('messages-request', { ...request, max_tokens: 0 }).error.error.metadata.issues]);
      results.push(['params', lib.validateParams('getPresetVersion', { slug: 'a', version: '1' }).ok]);
      results.push(['emoji', lib.validate('messages-request', { ...request, session_id: '😀'.repeat(257) }).ok]);
      let compiled = 'compiled';
      try { (await import('gateway-contract/compile')).compileValidator({ type: 'string' }); } catch (error) { compiled = error.constructor.name; }
      results.push(['runtime compile', compiled]);
      console.log(JSON.stringify(results));
    `;
    const { stdout, stderr } = runWithoutCodeGeneration(script);
    // The one run-time compile is refused, and Ajv says so on standard error; nothing else is written there.
    expect(stderr).toMatch(/^Error compiling schema, function code:/);
    expect(JSON.parse(stdout)).toEqual([
      ['messages-request', false],
      ['preset-response', false],
      ['preset-version-response', false],
      ['model-endpoints-response', false],
      ['observability-destination-response', false],
      ['providers-response', false],
      ['error-response', false],
      ['valid request', true],
      ['bad request', [{ path: '/max_tokens', message: 'must be at least 1' }]],
      ['params', true],
      ['emoji', false],
      ['runtime compile', 'EvalError'],
    ]);
  });
});
