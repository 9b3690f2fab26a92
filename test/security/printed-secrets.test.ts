import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../cli/bin-process.js';
import { serveUntilExit, spawnServe, startServe, type Started } from '../gateway/serve-process.js';
import { exampleRequest } from '../http/example-request.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';

/*
 * What an operator sees holds no secret (docs/security.md#what-the-gateway-prints): `serve` and the command line
 * are run as built, on loopback, and everything they print (the banner, the request log, errors on standard
 * error, the exit messages) is searched for the password of DATABASE_URL, the text of a broken catalog file and
 * the keys set through the environment.
 */

const PASSWORD = 'pw-9f3c1e7a';
const MANAGEMENT_KEY = 'env-management-5d2b8c4e91';
const STANDARD_KEY = 'env-standard-a7e6f0c3b2';
const keys = { GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: STANDARD_KEY };

let server: PostgresServer;
let scratch: string;
beforeAll(async () => {
  server = await startPostgres();
  scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-printed-'));
}, 120_000);
afterAll(() => {
  server?.destroy();
  rmSync(scratch, { recursive: true, force: true });
});

const running: Started[] = [];
afterEach(() => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
});

/** Every secret of a run that printed nothing of them, or the first one it did print. */
function expectNoSecret(output: string): void {
  for (const secret of [PASSWORD, encodeURIComponent(PASSWORD), MANAGEMENT_KEY, STANDARD_KEY]) {
    expect(output).not.toContain(secret);
  }
}

/** Serves a few requests, some with a known secret in the path, so the log has lines to hold it; then stops. */
async function exercise(started: Started, inPath: readonly string[]): Promise<string> {
  running.push(started);
  expect((await fetch(`${started.baseUrl}/providers`)).status).toBe(200);
  const create = await fetch(`${started.baseUrl}/presets/printed/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' },
    body: exampleRequest,
  });
  expect(create.status).toBe(200);
  for (const secret of inPath) {
    const read = await fetch(`${started.baseUrl}/presets/${secret}/versions/1`, {
      headers: { authorization: `Bearer ${STANDARD_KEY}` },
    });
    expect(read.status).toBe(404);
  }
  started.child.kill('SIGTERM');
  expect(await started.exited).toBe(0);
  const output = started.output();
  expect(output).toContain('GET /api/v1/presets/[redacted]/versions/1 404');
  expect(output).toContain('Stopped.\n');
  return output;
}

describe('the password of DATABASE_URL, whatever its form', () => {
  const socketHost = () => encodeURIComponent(server.socketDir);
  const served: Array<[string, () => string]> = [
    ['a URL', () => `postgresql://postgres:${PASSWORD}@127.0.0.1:${server.port}/postgres`],
    ['a URL without its scheme', () => `postgres:${PASSWORD}@127.0.0.1:${server.port}/postgres`],
    [
      'a password in the query',
      () => `postgresql://postgres@127.0.0.1:${server.port}/postgres?password=${PASSWORD}`,
    ],
    ['a socket host', () => `postgresql://postgres:${PASSWORD}@${socketHost()}:${server.port}/postgres`],
    [
      'a socket host in the query',
      () =>
        `postgresql:///postgres?host=${server.socketDir}&port=${server.port}&user=postgres&password=${PASSWORD}`,
    ],
  ];

  it.each(served)(
    'is printed nowhere when it is %s: user@host:port/db only',
    async (_, url) => {
      const started = await startServe({ ...keys, DATABASE_URL: url() }, []);
      expect(started.banner).toMatch(/Store: PostgreSQL at postgres@\S+:\d+\/postgres \(DATABASE_URL\)/);
      expectNoSecret(await exercise(started, [PASSWORD, MANAGEMENT_KEY]));
    },
    60_000,
  );

  const refused: Array<[string, () => string]> = [
    ['garbage', () => `::${PASSWORD}:: not a url`],
    ['keyword=value pairs', () => `host=127.0.0.1 user=postgres password=${PASSWORD}`],
    ['a bare password', () => PASSWORD],
    ['a port that is a password', () => `postgresql://postgres@127.0.0.1:${PASSWORD}/postgres`],
  ];

  it.each(refused)('is not quoted when DATABASE_URL is %s: exit 2, one sentence', async (_, url) => {
    const { code, output } = await serveUntilExit({ ...keys, DATABASE_URL: url() }, []);
    expect(code).toBe(2);
    expect(output).toMatch(/^gateway-contract: DATABASE_URL must be a PostgreSQL URL/);
    expect(output.trim().split('\n')).toHaveLength(1);
    expectNoSecret(output);
  });

  it('is not in the lines that say a server cannot be reached yet, tried again (contract: orchestrators)', async () => {
    const run = spawnServe({ ...keys, DATABASE_URL: `postgresql://gw:${PASSWORD}@127.0.0.1:1/gw` }, []);
    try {
      const retried =
        /cannot open the store in PostgreSQL at gw@127\.0\.0\.1:1\/gw \(DATABASE_URL\): .*ECONNREFUSED/;
      for (const since = Date.now(); !retried.test(run.output()) && Date.now() - since < 20_000;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(run.output()).toMatch(retried);
      expectNoSecret(run.output());
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
    }
  }, 60_000);

  it('is not in the error when the server names what it was sent', async () => {
    // The server's own message quotes the database name, which here holds the password.
    const url = `postgresql://postgres:${PASSWORD}@127.0.0.1:${server.port}/db-${PASSWORD}`;
    const { code, output } = await serveUntilExit({ ...keys, DATABASE_URL: url }, []);
    expect(code).toBe(2);
    // After the line that says it listens, one line: why the store cannot be opened.
    expect(output).toMatch(
      /^gateway-contract: cannot open the store in PostgreSQL at \S+@127\.0\.0\.1:\d+\/\S+ /m,
    );
    expect(output).toMatch(/database "db-\[redacted\]" does not exist/);
    expectNoSecret(output);
  }, 60_000);
});

describe('a short password of DATABASE_URL', () => {
  /** The lines after the banner, with what differs from run to run (times, ports, ids) made the same. */
  const logLines = (output: string) =>
    output
      .slice(output.indexOf('One log line per request follows'))
      .split('\n')
      .slice(1)
      .map((line) =>
        line
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
          .replace(/\d+(\.\d+)?/g, '0'),
      );

  /**
   * A run on the test server as user `postgres` with `password`, which a request also puts in its path, its log
   * in the human lines (with the requests of `exercise`) or in JSON lines.
   */
  async function linesWith(password: string, format: 'text' | 'json'): Promise<string[]> {
    const url = `postgresql://postgres:${password}@127.0.0.1:${server.port}/postgres`;
    const started = await startServe({ ...keys, DATABASE_URL: url, GATEWAY_LOG_FORMAT: format }, []);
    running.push(started);
    expect((await fetch(new URL('/healthz', started.baseUrl))).status).toBe(200);
    if (format === 'text') return logLines(await exercise(started, [password]));
    const read = await fetch(`${started.baseUrl}/presets/${password}/versions/1`, {
      headers: { authorization: `Bearer ${STANDARD_KEY}` },
    });
    expect(read.status).toBe(404);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    return logLines(started.output());
  }

  it.each(['text', 'json'] as const)(
    'is redacted where it stands as a word, and every %s log line reads as with a long one (e, postgres:postgres)',
    async (format) => {
      const long = await linesWith(PASSWORD, format);
      expect(long.some((line) => /GET \/healthz 0|"url":"\/healthz"/.test(line))).toBe(true);
      expect(long.some((line) => line.includes('/presets/[redacted]/versions/0'))).toBe(true);
      for (const password of ['e', 'postgres']) {
        const lines = await linesWith(password, format);
        expect(lines).toEqual(long);
        const asWord = new RegExp(`(?<![\\p{L}\\p{N}])${password}(?![\\p{L}\\p{N}])`, 'u');
        expect(lines.filter((line) => asWord.test(line))).toEqual([]);
      }
    },
    120_000,
  );
});

describe('a catalog file that is not JSON', () => {
  it('is answered with its line and column, never its text', async () => {
    const path = join(scratch, 'catalog.json');
    writeFileSync(path, '{\n  "destinations": [{ "config": {"apiKey":sk-live-TOKEN-4b1d} }],\n}\n');
    const { code, output } = await serveUntilExit(keys, ['--memory', '--catalog', path]);
    expect(code).toBe(2);
    expect(output).toBe(`gateway-contract: ${path}: is not JSON at line 2, column 42\n`);
    expect(output).not.toMatch(/sk-live|TOKEN|apiKey/);
  });
});

describe('keys set through the environment', () => {
  it('shorter than 16 characters, are refused beyond loopback without being printed', async () => {
    // A documentation address (RFC 5737): refused before any listen, and nothing could listen there anyway.
    const { code, output } = await serveUntilExit(
      { GATEWAY_MANAGEMENT_KEY: 'short-mgmt-1', GATEWAY_API_KEY: STANDARD_KEY },
      ['--memory', '--host', '192.0.2.1'],
    );
    expect(code).toBe(2);
    expect(output).toMatch(/^gateway-contract: GATEWAY_MANAGEMENT_KEY must have at least 16 characters/);
    expect(output).not.toContain('short-mgmt-1');
    expectNoSecret(output);
  });

  it.each([
    [
      'a one-character key',
      { GATEWAY_MANAGEMENT_KEY: 'a', GATEWAY_API_KEY: STANDARD_KEY },
      'GATEWAY_MANAGEMENT_KEY',
    ],
    [
      'two short keys',
      { GATEWAY_MANAGEMENT_KEY: 'short-mgmt-1', GATEWAY_API_KEY: 'short-std-1' },
      'GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY',
    ],
  ])(
    'shorter than 16 characters, are refused on loopback too, in words left whole (%s)',
    async (_, env, names) => {
      const { code, output } = await serveUntilExit(env, ['--memory']);
      expect(code).toBe(2);
      // The whole message, every letter in place: a one-character key redacted from it would cut up its words.
      expect(output).toBe(
        `gateway-contract: ${names} must have at least 16 characters, on loopback too: a shorter key is soon ` +
          'guessed, and could not be kept out of what the gateway prints without garbling it; set a longer key, or ' +
          'unset it to have one generated\n',
      );
      expect(output).not.toContain('[redacted]');
      expect(output).not.toMatch(/short-mgmt-1|short-std-1/);
    },
  );

  it.each([
    [
      'a key no request could carry',
      { GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: `${STANDARD_KEY} x` },
    ],
    ['one key for both kinds', { GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: MANAGEMENT_KEY }],
  ])('are not echoed by the error for %s', async (_, env) => {
    const { code, output } = await serveUntilExit(env, ['--memory']);
    expect(code).toBe(2);
    expect(output).toMatch(/^gateway-contract: GATEWAY_/);
    expectNoSecret(output);
  });

  it('are printed by no line of a run: banner, log, exit', async () => {
    const started = await startServe(keys, ['--memory']);
    expect(started.banner).toContain('(from GATEWAY_MANAGEMENT_KEY)');
    expectNoSecret(await exercise(started, [MANAGEMENT_KEY, STANDARD_KEY]));
  });
});

describe('answers a client cannot turn into a wrong read', () => {
  it('HEAD carries the Content-Length GET has, through the process as served', async () => {
    const started = await startServe(keys, ['--memory']);
    running.push(started);
    for (const path of ['/providers', '/presets/none/versions/1', '/docs/']) {
      const get = await fetch(`${started.baseUrl}${path}`);
      const head = await fetch(`${started.baseUrl}${path}`, { method: 'HEAD' });
      const body = Buffer.from(await get.arrayBuffer());
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get('content-length'), path).toBe(String(body.byteLength));
      expect(await head.text()).toBe('');
    }
  });
});

describe('the command line on a directory with links', () => {
  it('follows each link once and ends on a loop, naming a link that leads nowhere', () => {
    const tree = join(scratch, 'tree');
    mkdirSync(join(tree, 'inner'), { recursive: true });
    writeFileSync(join(tree, 'inner', 'request.json'), exampleRequest);
    symlinkSync(tree, join(tree, 'inner', 'up'));
    symlinkSync(join(tree, 'inner'), join(tree, 'sideways'));
    symlinkSync(join(scratch, 'nothing-here'), join(tree, 'dangling.json'));
    const { code, stdout, stderr } = runBin(['validate', 'messages-request', tree, '--no-progress']);
    expect(code).toBe(2);
    expect(stderr).toContain(`cannot read ${join(tree, 'dangling.json')}: ENOENT`);
    expect(stdout).toContain(`${join(tree, 'inner', 'request.json')}: 1 valid, 0 invalid\n`);
    expect(stdout).toMatch(/^total: 1 valid, 0 invalid, 1 unreadable, in 2 inputs /m);
  });
});
