import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveUntilExit } from '../gateway/serve-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-data-dir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every path under `dir` with its type, permission bits and modification time, the directory itself first. */
function treeOf(dir: string): string[] {
  const stat = lstatSync(dir);
  const found = [`${dir} ${stat.mode.toString(8)} ${stat.mtimeMs}`];
  if (stat.isDirectory()) for (const name of readdirSync(dir).sort()) found.push(...treeOf(join(dir, name)));
  return found;
}

/** Someone's tree, as the review found one: a 0755 directory holding 0644 and 0664 files and a 0755 directory. */
function someonesTree(dir: string): void {
  mkdirSync(join(dir, 'conf.d'), { recursive: true });
  writeFileSync(join(dir, 'app.conf'), 'listen 80\n');
  writeFileSync(join(dir, 'conf.d', 'shared.conf'), 'shared\n');
  chmodSync(join(dir, 'app.conf'), 0o644);
  chmodSync(join(dir, 'conf.d', 'shared.conf'), 0o664);
  chmodSync(join(dir, 'conf.d'), 0o755);
  chmodSync(dir, 0o755);
}

describe('the embedded data directory is a real directory of the store’s (contract: durable-presets)', () => {
  it('refuses a data directory that is a symbolic link, naming it, and leaves the tree it points to as it was', async () => {
    const tree = join(scratch, 'srv-app');
    someonesTree(tree);
    const dataDir = join(scratch, 'planted-link');
    symlinkSync(tree, dataDir);
    const before = treeOf(tree);
    const { code, output } = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir }, []);
    expect(code).toBe(2);
    expect(output).toBe(
      `gateway-contract: data directory "${dataDir}" is a symbolic link (to "${tree}"), and the embedded store ` +
        'uses a real directory only: give the directory itself as the data directory (GATEWAY_DATA_DIR), not a ' +
        'link to it\n',
    );
    expect(treeOf(tree)).toEqual(before);
  });

  it('refuses a directory that holds files and no store, and leaves it as it was', async () => {
    const dataDir = join(scratch, 'someones-files');
    someonesTree(dataDir);
    chmodSync(dataDir, 0o700);
    const before = treeOf(dataDir);
    const { code, output } = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir }, []);
    expect(code).toBe(2);
    expect(output).toBe(
      `gateway-contract: data directory "${dataDir}" is not empty and holds no embedded store (it holds ` +
        '"app.conf", "conf.d"): give an empty or new directory as the data directory (GATEWAY_DATA_DIR), or one ' +
        'an embedded store was made in\n',
    );
    expect(treeOf(dataDir)).toEqual(before);
  });
});
