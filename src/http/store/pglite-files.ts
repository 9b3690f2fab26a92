import { fsyncSync, statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { NodeFS } from '@electric-sql/pglite/nodefs';
import { ownerOnlyMode } from './owned-data-dir.js';
import { withinDeadline } from './step-deadline.js';

type PostgresModule = PGlite['Module'];
type InstantiateWasm = NonNullable<PostgresModule['instantiateWasm']>;
type WasmImports = Parameters<InstantiateWasm>[0];

/** The parts of Emscripten's NODEFS (PGlite's files on the host's disk) that this module changes. */
interface EmscriptenNodeFs {
  tryFSOperation<T>(operation: () => T): T;
  getMode(path: string): number;
  realPath(node: unknown): string;
  doGetAttr(stat: () => Stats, node: unknown): unknown;
  node_ops: {
    getattr(node: unknown): unknown;
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
  stream_ops: {
    fsync?: (stream: { nfd: number }) => void;
    setattr(stream: unknown, attr: { mode?: number }): void;
  };
}

export interface PgliteFilesOptions {
  /** Makes PostgreSQL's fsync reach the disk; without it PGlite's fsync does nothing. */
  sync: boolean;
  /** Longest PostgreSQL's start (a crash recovery included) may run before it is stopped. */
  startDeadlineMs: number;
  /** Called when PostgreSQL aborts (a PANIC): the module must not be entered again. */
  onAbort: () => void;
}

/** PGlite's data directory on the host's disk, as the embedded engine opens it. */
export interface PgliteFiles extends NodeFS {
  /**
   * Leaves PostgreSQL for good without entering it (it may be stopped): its timers are cancelled, so none
   * calls into it later, and the host files it holds open are closed.
   */
  abandon(): void;
}

/** Emscripten's `setitimer`, the one way PostgreSQL arms a timer that later calls into it. */
type SetTimer = (which: number, ms: number) => number;

/** An attribute change with group and others' bits taken off its mode. */
function ownerOnlyAttr(attr: { mode?: number }): { mode?: number } {
  return attr.mode === undefined ? attr : { ...attr, mode: ownerOnlyMode(attr.mode) };
}

/**
 * PGlite's `NodeFS` with changes made to Emscripten's NODEFS before PostgreSQL starts: every file and
 * directory is created the owner's alone (0600, 0700; NODEFS drops the modes PostgreSQL asks for), an fsync
 * is a real `fsync(2)` (NODEFS has none, so PGlite's durability was the page cache's), PostgreSQL's start runs
 * under a deadline, and its timers are known so that `abandon` can cancel them.
 */
export function pgliteFiles(
  BaseFs: typeof NodeFS,
  dataDir: string,
  options: PgliteFilesOptions,
): PgliteFiles {
  let module: PostgresModule | undefined;
  let setTimer: SetTimer | undefined;
  const armed = new Set<number>();
  const trackTimers = (imports: WasmImports) => {
    const env = (imports as Record<string, Record<string, unknown>>)['env'] as Record<string, unknown>;
    const original = env['_setitimer_js'] as SetTimer;
    setTimer = original;
    env['_setitimer_js'] = (which: number, ms: number) => {
      if (ms > 0) armed.add(which);
      else armed.delete(which);
      return original(which, ms);
    };
  };
  const changeNodeFs = (mod: PostgresModule) => {
    module = mod;
    const nodeFs = mod.NODEFS as unknown as EmscriptenNodeFs;
    const { node_ops: nodeOps, stream_ops: streamOps } = nodeFs;
    const { mknod, setattr } = nodeOps;
    const streamSetattr = streamOps.setattr;
    // The root may be a descriptor's link under /proc/self/fd: it is followed, so PostgreSQL sees a directory.
    const root = resolve(dataDir);
    const { getMode } = nodeFs;
    const getattr = nodeOps.getattr;
    nodeFs.getMode = (path) =>
      path === root ? nodeFs.tryFSOperation(() => statSync(path).mode) : getMode(path);
    nodeOps.getattr = (node) =>
      nodeFs.realPath(node) === root ? nodeFs.doGetAttr(() => statSync(root), node) : getattr(node);
    nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, ownerOnlyMode(mode), dev);
    nodeOps.setattr = (node, attr) => setattr(node, ownerOnlyAttr(attr));
    streamOps.setattr = (stream, attr) => streamSetattr(stream, ownerOnlyAttr(attr));
    if (options.sync) {
      // A failed fsync becomes PostgreSQL's errno, as on a real disk (it then stops rather than go on unsure).
      streamOps.fsync = (stream) => nodeFs.tryFSOperation(() => fsyncSync(stream.nfd));
    }
    const callMain = mod.callMain;
    mod.callMain = (args) => withinDeadline(() => callMain(args), options.startDeadlineMs);
  };

  class EngineFiles extends BaseFs implements PgliteFiles {
    override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
      const { emscriptenOpts } = await super.init(pg, opts);
      const instantiate = emscriptenOpts.instantiateWasm;
      return {
        emscriptenOpts: {
          ...emscriptenOpts,
          preRun: [changeNodeFs, ...(emscriptenOpts.preRun ?? [])],
          onAbort: options.onAbort,
          ...(instantiate && {
            instantiateWasm: (imports: WasmImports, receive: Parameters<InstantiateWasm>[1]) => {
              trackTimers(imports);
              return instantiate(imports, receive);
            },
          }),
        },
      };
    }

    abandon(): void {
      // A timer of zero milliseconds disarms (clearTimeout), as in setitimer(2).
      for (const which of armed) setTimer?.(which, 0);
      armed.clear();
      try {
        // Emscripten's own close of every open stream: host file descriptors only, no WebAssembly.
        module?.FS.quit();
      } catch {
        // Already closed, or never opened.
      }
    }
  }
  return new EngineFiles(dataDir);
}
