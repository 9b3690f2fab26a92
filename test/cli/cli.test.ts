import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/cli.js';

async function run(args: string[], stdin = '', extra: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdin: () => [Buffer.from(stdin)],
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    ...extra,
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
  it('exits 0 on a valid body read from stdin, and says so', async () => {
    expect(await run(['validate', 'messages-request', '-'], valid)).toEqual({
      code: 0,
      stdout: '<stdin>: 1 valid, 0 invalid\n',
      stderr: '',
    });
  });

  it('exits 1 and prints each issue as file:line: path sentence', async () => {
    const { code, stdout } = await run(['validate', 'messages-request'], '{"model":"m"}');
    expect(code).toBe(1);
    expect(stdout).toBe('<stdin>:1: /messages is required\n<stdin>: 0 valid, 1 invalid\n');
  });

  it('prints every issue of the body, in its order', async () => {
    const body =
      '{"temperature":"hot","model":"m","messages":[{"role":"robot","content":"Hi"}],"max_tokens":0}';
    const { code, stdout } = await run(['validate', 'messages-request', '--json'], body);
    expect(code).toBe(1);
    expect(JSON.parse(stdout.split('\n')[0]!).issues).toEqual([
      { path: '/temperature', message: 'must be a number' },
      { path: '/messages/0/role', message: 'must be one of: user, assistant, system' },
      { path: '/max_tokens', message: 'must be at least 1' },
    ]);
  });

  it('rejects an unknown property with --strict, and accepts it without', async () => {
    const typo = JSON.stringify({ ...JSON.parse(valid), tempreature: 0.5 });
    expect((await run(['validate', 'messages-request', '-'], typo)).code).toBe(0);
    const { code, stdout } = await run(['validate', '--strict', 'messages-request', '-', '--json'], typo);
    expect(code).toBe(1);
    const issues = JSON.parse(stdout.split('\n')[0]!).issues as { path: string; message: string }[];
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe('');
    // The issue points at the object and names the rule, never the name sent (contract: issue-paths).
    expect(stdout).not.toContain('tempreature');
  });

  it('exits 1 on text that is not JSON, the root written (root)', async () => {
    const { code, stdout } = await run(['validate', 'error-response'], '{not json');
    expect(code).toBe(1);
    expect(stdout.split('\n')[0]).toBe('<stdin>:1: (root) must be valid JSON');
  });

  it('reads a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gc-cli-'));
    writeFileSync(join(dir, 'body.json'), valid);
    const { code, stdout } = await run(['validate', 'messages-request', join(dir, 'body.json')]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${join(dir, 'body.json')}: 1 valid, 0 invalid\n`);
  });

  it('exits 2 with a message on stderr for an unknown name, a missing file, or no command', async () => {
    const unknown = await run(['validate', 'nope'], valid);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown name');
    const missing = await run(['validate', 'messages-request', '/nonexistent/body.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
    expect(missing.stdout).toContain('/nonexistent/body.json: 0 valid, 0 invalid, unreadable (ENOENT');
    expect((await run([])).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
  });
});

describe('gateway-contract normalize', () => {
  it('prints the draft of a valid request', async () => {
    const { code, stdout } = await run(['normalize'], valid);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      config: { model: 'm', max_tokens: 8 },
      system_prompt: 'S',
      dropped: ['system', 'messages'],
    });
  });

  it('prints the error body and exits 1 on an invalid request', async () => {
    const { code, stdout } = await run(['normalize', '-'], '{"model":"m","messages":[],"max_tokens":0}');
    expect(code).toBe(1);
    expect(JSON.parse(stdout).error.metadata.issues).toEqual([
      { path: '/max_tokens', message: 'must be at least 1' },
    ]);
  });

  it('normalizes the bundled example request', async () => {
    const { code, stdout } = await run(['normalize', 'schemas/examples/messages-request.json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).system_prompt).toBe(
      'You are a careful code reviewer.\n\nAnswer in short paragraphs.',
    );
  });
});

/** What a start that failed said: off a terminal, one JSON line with pino's fields (contract: orchestrators). */
function startError(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]!) as { level: number; msg: string };
  expect(line.level).toBe(50);
  return line.msg;
}

describe('gateway-contract serve', () => {
  it('serves until it is stopped, then returns 0', async () => {
    let stop: (signal: string) => void = () => {};
    let stdout = '';
    let listening: (url: string) => void = () => {};
    const url = new Promise<string>((resolve) => (listening = resolve));
    const exit = runCli(['serve', '--memory', '--port', '0', '--base-path', '/gateway/v1'], {
      stdin: () => [],
      stdout: (text) => {
        stdout += text;
        const found = /listening on (\S+)/.exec(text);
        if (found) listening(found[1] as string);
      },
      stderr: () => {},
      // The human lines, as on a terminal; a pipe gets JSON lines (test/gateway/json-log-process.test.ts).
      stdoutIsTerminal: true,
      env: { GATEWAY_MANAGEMENT_KEY: 'cli-test-management', GATEWAY_API_KEY: 'cli-test-standard-key' },
      untilStopped: () => new Promise((resolve) => (stop = resolve)),
    });
    const base = await url;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/gateway\/v1$/);
    expect((await fetch(`${base}/providers`)).status).toBe(200);
    stop('SIGTERM');
    expect(await exit).toBe(0);
    expect(stdout).toContain('SIGTERM: finishing open requests, then stopping.\nStopped.\n');
  });

  it.each([
    [['serve', '--port', '70000'], 'port must be 0 to 65535'],
    [['serve', '--port'], '--port needs a value'],
    [['serve', '--verbose', 'yes'], 'serve does not take "--verbose"'],
    [['serve', '--base-path', 'api'], 'basePath must be empty or a path'],
    [['serve', '--cors', 'app.example.com'], '--cors takes an origin such as https://app.example.com'],
    [['serve', '--cors'], '--cors needs a value'],
    [['serve', '--log-format', 'pretty'], '--log-format takes json or text, got "pretty"'],
    [['serve', '--log-format'], '--log-format needs a value'],
  ])('exits 2 on %j', async (args, message) => {
    const result = await run(args, '', { env: {}, untilStopped: () => new Promise(() => {}) });
    expect(result.code).toBe(2);
    expect(startError(result.stderr)).toContain(message);
  });

  it('exits 2 on a GATEWAY_LOG_FORMAT it does not know, and lets --log-format override it', async () => {
    const env = { GATEWAY_LOG_FORMAT: 'yaml' };
    const result = await run(['serve', '--memory'], '', { env, untilStopped: () => new Promise(() => {}) });
    expect(result.code).toBe(2);
    expect(startError(result.stderr)).toContain('GATEWAY_LOG_FORMAT takes json or text, got "yaml"');
    const flagged = await run(['serve', '--log-format', 'nope'], '', {
      env,
      untilStopped: () => new Promise(() => {}),
    });
    // The flag asks for JSON or text and is refused itself: its line is JSON, as off a terminal.
    expect(startError(flagged.stderr)).toContain('--log-format takes json or text');
  });

  it('exits 2 when a key in the environment could not be sent', async () => {
    const result = await run(['serve', '--memory', '--port', '0'], '', {
      env: { GATEWAY_API_KEY: 'two words' },
      untilStopped: () => new Promise(() => {}),
    });
    expect(result.code).toBe(2);
    expect(startError(result.stderr)).toContain('GATEWAY_API_KEY must be visible ASCII');
  });
});
