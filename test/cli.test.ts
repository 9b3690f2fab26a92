import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';

async function run(args: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    readStdin: async () => stdin,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

const valid = JSON.stringify({
  model: 'm',
  max_tokens: 8,
  system: 'S',
  messages: [{ role: 'user', content: 'Hi' }],
});

describe('gateway-contract validate', () => {
  it('exits 0 on a valid body read from stdin', async () => {
    expect(await run(['validate', 'messages-request', '-'], valid)).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('exits 1 and prints the D8 body on an invalid body', async () => {
    const { code, stdout } = await run(['validate', 'messages-request'], '{"model":"m"}');
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: {
        code: 400,
        message: 'Invalid request parameters',
        metadata: { issues: [{ path: '/messages', message: 'is required' }] },
      },
    });
  });

  it('exits 1 on text that is not JSON', async () => {
    const { code, stdout } = await run(['validate', 'error-response'], '{not json');
    expect(code).toBe(1);
    expect(JSON.parse(stdout).error.metadata.issues).toEqual([{ path: '', message: 'must be valid JSON' }]);
  });

  it('reads a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gc-cli-'));
    writeFileSync(join(dir, 'body.json'), valid);
    expect((await run(['validate', 'messages-request', join(dir, 'body.json')])).code).toBe(0);
  });

  it('exits 2 with a message on stderr for an unknown name, a missing file, or no command', async () => {
    const unknown = await run(['validate', 'nope'], valid);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown name');
    const missing = await run(['validate', 'messages-request', '/nonexistent/body.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
    expect((await run([])).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
  });
});

describe('gateway-contract normalize', () => {
  it('prints the draft of a valid request', async () => {
    const { code, stdout } = await run(['normalize'], valid);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ config: { model: 'm', max_tokens: 8 }, system_prompt: 'S' });
  });

  it('prints the D8 body and exits 1 on an invalid request', async () => {
    const { code, stdout } = await run(['normalize', '-'], '{"model":"m","messages":[],"max_tokens":0}');
    expect(code).toBe(1);
    expect(JSON.parse(stdout).error.metadata.issues).toEqual([
      { path: '/max_tokens', message: 'must be at least 1' },
    ]);
  });

  it('normalizes the bundled example that npm start uses', async () => {
    const { code, stdout } = await run(['normalize', 'schemas/examples/messages-request.json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).system_prompt).toBe(
      'You are a careful code reviewer.\n\nAnswer in short paragraphs.',
    );
  });
});
