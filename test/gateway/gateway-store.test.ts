import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayBanner } from '../../src/gateway/banner.js';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { lockDataDir } from '../../src/gateway/data-dir-lock.js';
import { DataDirRefused } from '../../src/http/store/owned-data-dir.js';
import { chooseStore, defaultDataDir } from '../../src/gateway/gateway-store.js';
import {
  keptGatewayKeys,
  KeySetupError,
  keyDigest,
  keyResolver,
  type KeyDigestStore,
} from '../../src/gateway/keys.js';

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-store-choice-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A key store in a Map, as the `gateway_keys` table behaves: the first digest of a kind stays. */
function digestMap(): KeyDigestStore & { kept: Map<string, string> } {
  const kept = new Map<string, string>();
  return {
    kept,
    async keep(kind, sha256) {
      if (!kept.has(kind)) kept.set(kind, sha256);
      return kept.get(kind) as string;
    },
  };
}

describe('the store the gateway chooses', () => {
  it('is memory with --memory, PostgreSQL with DATABASE_URL, else PGlite in the data directory', () => {
    const env = { DATABASE_URL: 'postgresql://u:p@db:5432/gw', GATEWAY_DATA_DIR: '/srv/gw' };
    expect(chooseStore(true, env)).toEqual({ kind: 'memory' });
    expect(chooseStore(false, env)).toMatchObject({
      kind: 'postgres',
      database: { connectionString: env.DATABASE_URL, description: 'u@db:5432/gw' },
    });
    expect(chooseStore(false, { GATEWAY_DATA_DIR: '/srv/gw' })).toEqual({
      kind: 'pglite',
      dataDir: '/srv/gw',
    });
    expect(defaultDataDir({ XDG_DATA_HOME: '/x/data' })).toBe('/x/data/gateway-contract');
  });

  it('sizes the versions cache of a database store from GATEWAY_VERSION_CACHE_BYTES, 0 for none', () => {
    expect(chooseStore(false, { GATEWAY_DATA_DIR: '/srv/gw', GATEWAY_VERSION_CACHE_BYTES: '0' })).toEqual({
      kind: 'pglite',
      dataDir: '/srv/gw',
      versionCacheBytes: 0,
    });
    for (const wrong of ['-1', '1.5', '1e6', 'lots']) {
      expect(() => chooseStore(false, { GATEWAY_VERSION_CACHE_BYTES: wrong })).toThrow(
        'GATEWAY_VERSION_CACHE_BYTES must be a whole number of bytes, 0 or more',
      );
    }
  });
});

describe('keptGatewayKeys', () => {
  it('keeps a generated key as its digest, prints it once, and accepts it on the next start', async () => {
    const store = digestMap();
    const first = await keptGatewayKeys({}, store);
    expect(first.management.generated).toBe(true);
    expect(store.kept.get('management')).toBe(keyDigest(first.management.value as string));
    expect([...store.kept.values()]).not.toContain(first.management.value);

    const second = await keptGatewayKeys({}, store);
    expect(second.management).toMatchObject({ value: null, generated: false });
    expect((await keyResolver(second)(first.management.value as string))?.kind).toBe('management');
    expect((await keyResolver(second)(first.standard.value as string))?.kind).toBe('standard');
    const banner = gatewayBanner({
      baseUrl: 'http://h/api/v1',
      keys: second,
      catalog: bundledCatalog,
      exampleBodyPath: null,
      store: { sentence: 'Store: test.', durable: true },
    });
    expect(banner).not.toContain(first.management.value);
    expect(banner).toContain('management (kept from an earlier run as a hash');
    expect(banner).toContain('"Authorization: Bearer $GATEWAY_MANAGEMENT_KEY"');
  });

  it('uses a key from the environment as given, without storing it', async () => {
    const store = digestMap();
    const keys = await keptGatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'env-management' }, store);
    expect(keys.management.value).toBe('env-management');
    expect(store.kept.has('management')).toBe(false);
    expect(store.kept.has('standard')).toBe(true);
  });

  it('refuses an environment key equal to the kept key of the other kind', async () => {
    const store = digestMap();
    await store.keep('standard', keyDigest('same-key'));
    await expect(keptGatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'same-key' }, store)).rejects.toThrow(
      KeySetupError,
    );
  });
});

describe('lockDataDir', () => {
  it('refuses a directory this or another process holds, naming the holder, and frees it on release, whatever the file says', async () => {
    const held = join(scratch, 'held');
    const release = await lockDataDir(held);
    const [pid, host, since] = readFileSync(join(held, 'gateway-contract.lock'), 'utf8').split('\n');
    expect([pid, host]).toEqual([String(process.pid), hostname()]);
    await expect(lockDataDir(held)).rejects.toThrow(
      `${held} is in use by process ${process.pid} on host ${hostname()} (since ${since})`,
    );
    // A link to it is refused as a link, before any lock is tried.
    symlinkSync(held, join(scratch, 'held-link'));
    await expect(lockDataDir(join(scratch, 'held-link'))).rejects.toThrow(DataDirRefused);
    release();
    // The file only names the holder, and goes with it.
    expect(existsSync(join(held, 'gateway-contract.lock'))).toBe(false);
    // The file only names a holder: one left naming a live process (our parent) holds nothing.
    writeFileSync(join(held, 'gateway-contract.lock'), `${process.ppid}\n`);
    const retaken = await lockDataDir(held);
    retaken();
  });

  it.skipIf(process.getBuiltinModule('node:ffi') !== undefined)(
    'says what is missing when no flock command is on PATH and Node has no node:ffi',
    async () => {
      const path = process.env['PATH'];
      process.env['PATH'] = mkdtempSync(join(tmpdir(), 'gateway-contract-no-flock-'));
      try {
        const dataDir = join(scratch, 'no-flock');
        await expect(lockDataDir(dataDir)).rejects.toThrow(
          `cannot lock the data directory "${dataDir}": the embedded store locks it with the flock command (util-linux or BusyBox), which is not on PATH, or through node:ffi, and this Node (${process.version}) has no node:ffi`,
        );
      } finally {
        rmSync(process.env['PATH'], { recursive: true, force: true });
        process.env['PATH'] = path;
      }
    },
  );
});
