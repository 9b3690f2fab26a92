import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { validate, type RootName } from '../../src/core/validators.js';
import { fetchLikeCurl } from './curl-commands.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function curlOnPath(): boolean {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasCurl = curlOnPath();

interface Started {
  child: ChildProcess;
  output: () => string;
  banner: string;
  commands: string[];
  exited: Promise<number | null>;
}

let started: Started | undefined;
afterEach(() => {
  if (started?.child.exitCode === null) started.child.kill('SIGKILL');
});

/** Starts `gateway-contract serve` as `npm start` does, on a free port, and waits for its banner. */
async function startProcess(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['dist/lib/bin.js', 'serve'], {
    cwd: root,
    env: { PATH: process.env['PATH'], PORT: '0', ...env },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => (output.includes('One log line per request follows') ? resolve() : undefined);
    child.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  const banner = output;
  const commands = banner
    .split('\n')
    .filter((line) => line.startsWith('  curl '))
    .map((line) => line.trim());
  return { child, output: () => output, banner, commands, exited };
}

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
    expect(started.banner).toMatch(/management gw-mgmt-\S+/);
    expect(started.commands).toHaveLength(3);
    const answers = hasCurl
      ? started.commands.map((command) => runWithCurl(command, {}))
      : await Promise.all(started.commands.map((command) => fetchLikeCurl(command, {}, root)));
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
});
