import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PostgreSQL server the tests started on a temporary directory and a free loopback port. */
export interface PostgresServer {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** The directory of its Unix socket (`.s.PGSQL.<port>`), for a connection that does not go through TCP. */
  socketDir: string;
  /** Its TCP port, which the socket's name carries too. */
  port: number;
  /**
   * Shuts the server down, keeping its data: `fast` (the default) cuts open connections and checkpoints;
   * `immediate` quits at once, as a crash would, and the next start recovers from the write-ahead log.
   */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** Whether its postmaster runs (`pg_ctl status`): a server whose recovery failed has stopped by itself. */
  running(): boolean;
  /** What it logged so far. */
  log(): string;
  /** Stops it and removes its directory. */
  destroy(): void;
}

/** The newest Debian layout `/usr/lib/postgresql/<major>/bin`, else what `pg_config` says. */
function serverBinaries(): string {
  const debian = '/usr/lib/postgresql';
  const majors = existsSync(debian)
    ? readdirSync(debian)
        .filter((major) => existsSync(join(debian, major, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0] !== undefined) return join(debian, majors[0], 'bin');
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error("PostgreSQL's server binaries are not installed: install Debian's postgresql package");
  }
}

/**
 * A loopback port free now, for a server a test starts later under that port (PostgreSQL, PgBouncer, a gateway
 * process). It is taken below the kernel's ephemeral range, so no server of another test that binds port 0 can be
 * given it in the meantime, and from a block of ports of this test worker's own (vitest's pool id), handed out in
 * turn, so two workers never pick the same port and one picks a port again only after the rest of its block.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = portBlock.first + (portBlock.next++ % PORTS_PER_WORKER);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free loopback port in ${portBlock.first}-${portBlock.first + PORTS_PER_WORKER - 1}`);
}

const PORTS_PER_WORKER = 500;

/** This process's block: below the ephemeral range's start (`ip_local_port_range`, 32768 by default). */
const portBlock = (() => {
  let ephemeralStart = 32_768;
  try {
    ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
  } catch {
    // Not Linux: the default range's start.
  }
  const worker = Number(process.env['VITEST_POOL_ID'] ?? process.env['VITEST_WORKER_ID'] ?? 0);
  const blocks = Math.floor((ephemeralStart - 10_000) / PORTS_PER_WORKER);
  // A random start within the block, so that a process after a crashed one does not meet its lingering ports.
  return {
    first: 10_000 + (worker % blocks) * PORTS_PER_WORKER,
    next: Math.floor(Math.random() * PORTS_PER_WORKER),
  };
})();

/** Whether a server can listen on `port` of 127.0.0.1 now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface PostgresOptions {
  /**
   * An empty directory, owned by the user the server runs as, for its write-ahead log (`initdb --waldir`), with
   * segments of 1 MiB: a small disk there fills after a few hundred writes.
   */
  walDir?: string;
  /** The loopback port to listen on, when a client was pointed at it before the server existed; a free one by default. */
  port?: number;
}

/**
 * initdb and starts a PostgreSQL server of its own. The server refuses to run as root, so under root it runs
 * as the `postgres` user the Debian package creates, owning the temporary directory.
 */
export async function startPostgres(how: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'gateway-contract-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
    );
  const wal = how.walDir === undefined ? [] : ['--waldir', how.walDir, '--wal-segsize', '1'];
  run('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
    ...wal,
  ]);
  const port = how.port ?? (await freePort());
  // fsync off: the tests crash gateways, never the server or the machine, and the disk is shared.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c fsync=off`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    void run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    socketDir: dir,
    port,
    start,
    stop,
    running() {
      try {
        run('pg_ctl', ['-D', data, 'status']);
        return true;
      } catch {
        return false;
      }
    },
    log: () => readFileSync(join(dir, 'server.log'), 'utf8'),
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
