import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from '../../src/gateway/data-dir-lock.js';
import { DataDirRefused } from '../../src/http/store/owned-data-dir.js';

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-data-dir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOLDER_FILE = 'gateway-contract.lock';

/** What a path is, as `lstat` sees it, with everything a start could change but its access time. */
interface Seen {
  kind: 'file' | 'directory' | 'link' | 'other';
  mode: string;
  mtimeMs: number;
  content: string;
}

/** Every path under `dir` (the directory itself as ''), seen without following links. */
function seenUnder(dir: string, prefix = ''): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  const stat = lstatSync(dir);
  const kind = stat.isSymbolicLink()
    ? 'link'
    : stat.isDirectory()
      ? 'directory'
      : stat.isFile()
        ? 'file'
        : 'other';
  seen.set(prefix, {
    kind,
    mode: (stat.mode & 0o7777).toString(8),
    mtimeMs: stat.mtimeMs,
    content: kind === 'link' ? readlinkSync(dir) : kind === 'file' ? readFileSync(dir, 'utf8') : '',
  });
  if (kind === 'directory') {
    for (const name of readdirSync(dir)) {
      for (const [path, what] of seenUnder(join(dir, name), `${prefix}/${name}`)) seen.set(path, what);
    }
  }
  return seen;
}

const fileMode = fc.constantFrom(0o600, 0o640, 0o644, 0o664, 0o666, 0o400);
const dirMode = fc.constantFrom(0o700, 0o700, 0o750, 0o755, 0o711, 0o770, 0o777);
const entryName = fc.constantFrom(
  'PG_VERSION',
  'postmaster.opts',
  HOLDER_FILE,
  `${HOLDER_FILE}.4242`,
  'notes.txt',
  'base',
  'old.lock',
);
const entryKind = fc.constantFrom(
  'file',
  'directory',
  'link-to-file',
  'link-to-directory',
  'dangling-link',
  'hard-link',
);
const entry = fc.record({ name: entryName, kind: entryKind, mode: fileMode });
type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;

/** A data directory's path as a test lays it out: missing, a file, a link, or a directory and what it holds. */
const layout = fc.oneof(
  fc.record({ kind: fc.constant('missing' as const) }),
  fc.record({ kind: fc.constant('file' as const) }),
  fc.record({
    kind: fc.constantFrom('link-to-outside' as const, 'link-to-nowhere' as const, 'link-to-store' as const),
  }),
  fc.record({
    kind: fc.constant('directory' as const),
    mode: dirMode,
    store: fc.boolean(),
    entries: fc.uniqueArray(entry, { selector: (made) => made.name, maxLength: 5 }),
  }),
);
type Layout = typeof layout extends fc.Arbitrary<infer T> ? T : never;

/** A tree beside the data directory, root-owned modes a start must never change: what a link may point at. */
function makeOutside(base: string): string {
  const outside = join(base, 'outside');
  mkdirSync(join(outside, 'tree'), { recursive: true });
  writeFileSync(join(outside, 'tree', 'shared.conf'), 'shared\n');
  writeFileSync(join(outside, 'file'), 'outside\n');
  chmodSync(join(outside, 'tree', 'shared.conf'), 0o664);
  chmodSync(join(outside, 'file'), 0o644);
  chmodSync(join(outside, 'tree'), 0o755);
  return outside;
}

function makeStoreFiles(dir: string): void {
  writeFileSync(join(dir, 'PG_VERSION'), '18\n');
  mkdirSync(join(dir, 'global'), { mode: 0o755 });
  writeFileSync(join(dir, 'global', 'pg_control'), 'control', { mode: 0o666 });
}

function makeEntry(dir: string, outside: string, made: Entry): void {
  const path = join(dir, made.name);
  if (made.kind === 'file') writeFileSync(path, `${made.name}\n`, { mode: made.mode });
  else if (made.kind === 'directory') {
    mkdirSync(path, { mode: 0o755 });
    writeFileSync(join(path, 'inner'), 'inner\n', { mode: made.mode });
  } else if (made.kind === 'link-to-file') symlinkSync(join(outside, 'file'), path);
  else if (made.kind === 'link-to-directory') symlinkSync(join(outside, 'tree'), path);
  else if (made.kind === 'dangling-link') symlinkSync(join(outside, 'nowhere'), path);
  else linkSync(join(outside, 'file'), path);
  if (made.kind === 'file') chmodSync(path, made.mode);
}

/** Lays out one case under `base`; returns the data directory's path and whether a start should take it. */
function makeCase(base: string, laid: Layout): { dataDir: string; taken: boolean } {
  const outside = makeOutside(base);
  const dataDir = join(base, 'data');
  switch (laid.kind) {
    case 'missing':
      return { dataDir, taken: true };
    case 'file':
      writeFileSync(dataDir, 'not a directory\n');
      return { dataDir, taken: false };
    case 'link-to-outside':
      symlinkSync(join(outside, 'tree'), dataDir);
      return { dataDir, taken: false };
    case 'link-to-nowhere':
      symlinkSync(join(base, 'nowhere'), dataDir);
      return { dataDir, taken: false };
    case 'link-to-store': {
      const store = join(base, 'store');
      mkdirSync(store, { mode: 0o700 });
      makeStoreFiles(store);
      symlinkSync(store, dataDir);
      return { dataDir, taken: false };
    }
    case 'directory': {
      mkdirSync(dataDir);
      if (laid.store) makeStoreFiles(dataDir);
      for (const made of laid.entries) {
        if (!(laid.store && made.name === 'PG_VERSION')) makeEntry(dataDir, outside, made);
      }
      chmodSync(dataDir, laid.mode);
      const names = readdirSync(dataDir);
      const pgVersion = lstatSync(join(dataDir, 'PG_VERSION'), { throwIfNoEntry: false });
      const isStore = pgVersion?.isFile() === true && !names.includes('postmaster.opts');
      const onlyOurs = names.every((name) => /^gateway-contract\.lock(\.\d+)?$/.test(name));
      return { dataDir, taken: (laid.mode & 0o022) === 0 && (onlyOurs || isStore) };
    }
  }
}

describe('a start on whatever it finds at the data directory’s path (contract: durable-presets)', () => {
  it('takes an empty directory or a store, or refuses and changes nothing, over random contents and links', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(layout, async (laid) => {
        const base = join(scratch, `case-${(run += 1)}`);
        mkdirSync(base);
        const { dataDir, taken } = makeCase(base, laid);
        const before = seenUnder(base);
        let release: (() => void) | undefined;
        try {
          release = await lockDataDir(dataDir);
        } catch (error) {
          expect(error).toBeInstanceOf(DataDirRefused);
          expect((error as Error).message).toMatch(new RegExp(`^data directory "${dataDir}" .+: .+`));
          expect((error as Error).message).not.toContain('undefined');
        }
        expect(release !== undefined).toBe(taken);
        if (release === undefined) {
          expect(seenUnder(base)).toEqual(before);
          return;
        }
        release();
        const after = seenUnder(base);
        for (const [path, was] of before) {
          const now = after.get(path);
          // The holder's name is the start's own file; the case's directory gains the data directory when missing.
          if (path === `/data/${HOLDER_FILE}` || (path === '' && laid.kind === 'missing')) continue;
          if (!path.startsWith('/data')) {
            expect({ path, now }).toEqual({ path, now: was });
            continue;
          }
          // In it, the same files with the same contents, each the owner's alone unless it is a link or another name's.
          expect({ path, kind: now?.kind, content: now?.content }).toEqual({
            path,
            kind: was.kind,
            content: was.content,
          });
          const linked =
            was.kind === 'link' || (was.kind === 'file' && lstatSync(join(base, path)).nlink > 1);
          const mode = Number.parseInt(was.mode, 8);
          expect({ path, mode: now?.mode }).toEqual({
            path,
            mode: (linked ? mode : mode & ~0o077).toString(8),
          });
        }
        expect([...after.keys()].filter((path) => !before.has(path))).toEqual(
          laid.kind === 'missing' ? ['/data'] : [],
        );
        expect(after.get('/data')?.mode).toBe('700');
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('lockDataDir', () => {
  it('holds the directory itself: deleting, renaming or replacing the lock file lets no second start in', async () => {
    const dataDir = join(scratch, 'held');
    mkdirSync(dataDir, { mode: 0o700 });
    makeStoreFiles(dataDir);
    const release = await lockDataDir(dataDir);
    const lockFile = join(dataDir, HOLDER_FILE);
    const [pid] = readFileSync(lockFile, 'utf8').split('\n');
    expect(pid).toBe(String(process.pid));
    rmSync(lockFile);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`${dataDir} is in use by another process`);
    // A file naming a live process that does not have the directory open names no one.
    writeFileSync(lockFile, '1\n');
    await expect(lockDataDir(dataDir)).rejects.toThrow(`${dataDir} is in use by another process`);
    renameSync(lockFile, join(dataDir, 'renamed.lock'));
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUse);
    release();
    const retaken = await lockDataDir(dataDir);
    retaken();
  }, 30_000);

  it('leaves a link planted under the holder file’s name pointing where it did, and writes nothing through it', async () => {
    const dataDir = join(scratch, 'planted');
    mkdirSync(dataDir, { mode: 0o700 });
    const target = join(scratch, 'planted-target');
    writeFileSync(target, 'keep me\n', { mode: 0o644 });
    chmodSync(target, 0o644);
    symlinkSync(target, join(dataDir, HOLDER_FILE));
    const release = await lockDataDir(dataDir);
    expect(lstatSync(join(dataDir, HOLDER_FILE)).isFile()).toBe(true);
    release();
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(lstatSync(target).mode & 0o777).toBe(0o644);
  });
});
