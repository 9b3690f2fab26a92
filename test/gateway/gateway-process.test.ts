import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { validate, type RootName } from '../../src/core/validators.js';
import { fetchLikeCurl } from './curl-commands.js';
import { generatedKeysOf, root, startServe, type Started } from './serve-process.js';

function curlOnPath(): boolean {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasCurl = curlOnPath();

let started: Started | undefined;
afterEach(() => {
  if (started?.child.exitCode === null) started.child.kill('SIGKILL');
});

/** `npm start` as the tests run it: in memory, so no test leaves a data directory behind. */
const startProcess = (env: Record<string, string>) => startServe(env, ['--memory']);

/** What each printed command must get: its status, and the response root its body must validate as. */
const expected: Array<[number, RootName]> = [
  [200, 'providers-response'],
  [200, 'model-endpoints-response'],
  [200, 'preset-response'],
];

function checkAnswers(answers: Array<{ status: number; body: string }>) {
  expect(answers.map((answer) => answer.status)).toEqual(expected.map(([status]) => status));
  answers.forEach((answer, i) => expect(validate(expected[i]![1], JSON.parse(answer.body)).ok).toBe(true));
}

function runWithCurl(command: string, env: Record<string, string>): { status: number; body: string } {
  const output = execFileSync('sh', ['-c', `${command} -w '\\n%{http_code}'`], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'], ...env },
  });
  const cut = output.lastIndexOf('\n');
  return { status: Number(output.slice(cut + 1)), body: output.slice(0, cut) };
}

describe('gateway-contract serve, as npm start runs it', () => {
  it(`prints keys and three curl commands that work as printed (${hasCurl ? 'run with curl' : 'curl is not on PATH: run as fetch calls'})`, async () => {
    started = await startProcess({});
    // Off a terminal the keys are in a file the banner names, which the commands read as the shell would.
    const keys = generatedKeysOf(started.banner);
    expect(keys['GATEWAY_MANAGEMENT_KEY']).toMatch(/^gw-mgmt-\S+$/);
    expect(started.banner).not.toContain(keys['GATEWAY_MANAGEMENT_KEY']);
    expect(started.commands).toHaveLength(3);
    const answers = hasCurl
      ? started.commands.map((command) => runWithCurl(command, keys))
      : await Promise.all(started.commands.map((command) => fetchLikeCurl(command, keys, root)));
    checkAnswers(answers);
  });

  it('prints commands that, parsed into fetch calls, get the same answers, with keys from the environment', async () => {
    const env = {
      GATEWAY_MANAGEMENT_KEY: 'process-test-management',
      GATEWAY_API_KEY: 'process-test-standard',
    };
    started = await startProcess(env);
    expect(started.banner).not.toContain('process-test-');
    const answers: Array<{ status: number; body: string }> = [];
    for (const command of started.commands) answers.push(await fetchLikeCurl(command, env, root));
    checkAnswers(answers);
  });

  it('logs each request and stops cleanly on SIGTERM, exit code 0', async () => {
    started = await startProcess({});
    const url = /listening on (\S+)/.exec(started.banner)?.[1] as string;
    expect((await fetch(`${url}/providers`)).status).toBe(200);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    const after = started.output().slice(started.banner.length);
    expect(after).toMatch(/ GET \/api\/v1\/providers 200 [\d.]+ ms\n/);
    expect(after).toContain('SIGTERM: finishing open requests, then stopping.\nStopped.\n');
    await expect(fetch(`${url}/providers`)).rejects.toThrow();
  });

  it('answers a browser on an origin given with --cors, and no other', async () => {
    started = await startServe({}, ['--memory', '--cors', 'https://app.example.com']);
    const url = /listening on (\S+)/.exec(started.banner)?.[1] as string;
    const preflight = (origin: string) =>
      fetch(`${url}/providers`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight('https://app.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const other = await preflight('https://elsewhere.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(`${url}/providers`, { headers: { origin: 'https://app.example.com' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });
});
