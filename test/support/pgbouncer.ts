import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres-server.js';

/** A PgBouncer in transaction pooling mode in front of a test server, as many deployments run one. */
export interface PgBouncer {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres`, through the pooler. */
  url: string;
  stop(): void;
}

/** Where Debian's `pgbouncer` package puts the binary; null when it is not installed. */
export function pgbouncerBinary(): string | null {
  return ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path)) ?? null;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer on a free loopback port, pooling transactions onto `server` (a `postgresql://user@host:port/db`
 * URL) with a pool smaller than its clients, so server connections really change hands between transactions.
 * PgBouncer refuses to run as root, so under root it runs as the `postgres` user.
 */
export async function startPgBouncer(server: string): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (binary === null) throw new Error("PgBouncer is not installed: install Debian's pgbouncer package");
  const target = new URL(server);
  const dir = mkdtempSync(join(tmpdir(), 'gateway-contract-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${target.username}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port} user=${target.username}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 4',
      'max_client_conn = 200',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    for (const file of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, file), uid, gid);
  }
  const ini = join(dir, 'pgbouncer.ini');
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', binary, ini], { stdio: 'ignore' })
    : spawn(binary, [ini], { stdio: 'ignore' });
  for (let tries = 0; !(await listening(port)); tries += 1) {
    if (tries >= 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `postgresql://${target.username}@127.0.0.1:${port}${target.pathname}`,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
