import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { exampleRequest } from '../http/example-request.js';
import { freePort } from '../support/postgres-server.js';
import { generatedKeysOf, serveUntilExit, spawnServe, startServe, type Started } from './serve-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-serve-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const running: Started[] = [];
afterEach(() => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
});

async function serve(env: Record<string, string>, args: readonly string[] = []): Promise<Started> {
  const started = await startServe(env, args);
  running.push(started);
  return started;
}

async function stop(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  expect(await started.exited).toBe(0);
  expect(started.output()).toContain('Stopped.\n');
}

function create(baseUrl: string, key: string, slug: string) {
  return fetch(`${baseUrl}/presets/${slug}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: exampleRequest,
  });
}

/** A generated key, from the file the banner names: off a terminal the banner never shows one. */
const bannerKey = (banner: string, label: string) =>
  generatedKeysOf(banner)[label === 'management' ? 'GATEWAY_MANAGEMENT_KEY' : 'GATEWAY_API_KEY'] as string;

describe('serve with the embedded store (contract: durable-presets)', () => {
  it('keeps every preset and both keys across SIGTERM and a new start, printing a generated key only once', async () => {
    const dataDir = join(scratch, 'kept');
    const first = await serve({ GATEWAY_DATA_DIR: dataDir });
    expect(first.banner).toContain(`Store: embedded PostgreSQL (PGlite) in ${dataDir} (GATEWAY_DATA_DIR)`);
    const management = bannerKey(first.banner, 'management');
    const standard = bannerKey(first.banner, 'standard');
    expect(management).toMatch(/^gw-mgmt-/);
    expect(standard).toMatch(/^gw-key-/);

    const written: unknown[] = [];
    for (const slug of ['kept-a', 'kept-a', 'kept-b']) {
      const response = await create(first.baseUrl, management, slug);
      expect(response.status).toBe(200);
      written.push(await response.json());
    }
    // In a second process at the same time the directory is refused, not shared and corrupted.
    const rival = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir }, []);
    expect(rival.code).toBe(2);
    expect(rival.output).toContain(`${dataDir} is in use by process ${first.child.pid}`);
    await stop(first);

    const second = await serve({ GATEWAY_DATA_DIR: dataDir });
    expect(second.banner).not.toContain(management);
    expect(second.banner).not.toContain(standard);
    expect(second.banner).toMatch(/management \(kept from an earlier run as a hash/);
    const read = async (slug: string, version: number, key: string) => {
      const response = await fetch(`${second.baseUrl}/presets/${slug}/versions/${version}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: response.status, body: (await response.json()) as { data: unknown } };
    };
    const versionOf = (body: unknown) =>
      (body as { data: { designated_version: unknown } }).data.designated_version;
    expect(await read('kept-a', 1, management)).toEqual({
      status: 200,
      body: { data: versionOf(written[0]) },
    });
    expect(await read('kept-a', 2, standard)).toEqual({ status: 200, body: { data: versionOf(written[1]) } });
    expect(await read('kept-b', 1, management)).toEqual({
      status: 200,
      body: { data: versionOf(written[2]) },
    });
    const third = await create(second.baseUrl, management, 'kept-a');
    expect(
      ((await third.json()) as { data: { designated_version: { version: number } } }).data.designated_version
        .version,
    ).toBe(3);
    expect((await create(second.baseUrl, 'gw-mgmt-not-the-key', 'kept-a')).status).toBe(401);
    await stop(second);
  }, 180_000);

  it('waits for a DATABASE_URL that names no reachable server, saying so without its password (contract: orchestrators)', async () => {
    const port = await freePort();
    const run = spawnServe(
      { DATABASE_URL: 'postgresql://gw:hunter2@127.0.0.1:1/gw', PORT: String(port) },
      [],
    );
    running.push({ child: run.child } as Started);
    const retried =
      /cannot open the store in PostgreSQL at gw@127\.0\.0\.1:1\/gw \(DATABASE_URL\): .*; trying again in/;
    for (const since = Date.now(); !retried.test(run.output()) && Date.now() - since < 20_000;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(run.output()).toMatch(retried);
    const origin = `http://127.0.0.1:${port}`;
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toContain('hunter2');
  }, 60_000);

  it('says plainly with --memory that nothing survives', async () => {
    const started = await serve({}, ['--memory']);
    expect(started.banner).toContain('Store: in memory (--memory). Nothing survives a restart');
    await stop(started);
  });
});

describe('serve --catalog FILE', () => {
  const catalogFile = (name: string, content: unknown) => {
    const path = join(scratch, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };

  it('serves the models, providers and destinations of the file', async () => {
    const [model] = bundledCatalog.models;
    const own = { ...model!, id: 'acme/house-model', name: 'Acme: House Model' };
    const path = catalogFile('good.json', {
      models: [own],
      providers: bundledCatalog.providers.slice(0, 2),
      destinations: bundledCatalog.destinations.slice(0, 1),
    });
    const started = await serve({}, ['--memory', '--catalog', path]);
    expect(started.banner).toContain(`Models (from ${path}):\n  acme/house-model`);
    const endpoints = await fetch(`${started.baseUrl}/models/acme/house-model/endpoints`);
    expect(endpoints.status).toBe(200);
    expect(((await endpoints.json()) as { data: { id: string } }).data.id).toBe('acme/house-model');
    const providers = (await (await fetch(`${started.baseUrl}/providers`)).json()) as { data: unknown[] };
    expect(providers.data).toHaveLength(2);
    expect((await fetch(`${started.baseUrl}/models/anthropic/claude-4.6-sonnet/endpoints`)).status).toBe(404);
    await stop(started);
  });

  it('exits 2 naming the JSON Pointer of the first problem of a bad file', async () => {
    const [model] = bundledCatalog.models;
    const broken = { ...model!, endpoints: [{ ...model!.endpoints[0]!, context_length: 'long' }] };
    const path = catalogFile('bad.json', { models: [model, broken], providers: [], destinations: [] });
    const { code, output } = await serveUntilExit({}, ['--memory', '--catalog', path]);
    expect(code).toBe(2);
    expect(output).toMatch(
      new RegExp(`^gateway-contract: ${path}: /models/1/endpoints/0/context_length \\S`),
    );
    expect(output.trim().split('\n')).toHaveLength(1);
  });
});
