import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The runtimes the package is run on as shipped, besides the Node running this: Node 22, 24 and 26, Bun, Deno,
 * and Cloudflare's workerd through miniflare, all from test/runtimes/install.sh's folder. Each runs a program
 * in a temporary project that holds the packed package in node_modules/, as a user's project would.
 */

export type RuntimeKind = 'node' | 'bun' | 'deno' | 'workerd';

export interface Runtime {
  name: string;
  kind: RuntimeKind;
  /** The binary, in the runtimes folder; for workerd, the Node that drives miniflare. */
  binary: string;
  /** The folder miniflare is installed in, for workerd. */
  home?: string;
}

/** The repository, from bench/ as the test runner loads it or from dist/bench/ as compiled. */
const repository = [new URL('../', import.meta.url), new URL('../../', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(join(dir, 'test', 'runtimes', 'install.sh')))!;

const installer = join(repository, 'test', 'runtimes', 'install.sh');

/** The folder test/runtimes/install.sh installs into, whether or not it has yet. */
export function runtimesDir(): string {
  const found = spawnSync('bash', [installer, '--where'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`${installer} --where failed: ${found.stderr}`);
  return found.stdout.trim();
}

/** The runtimes besides this Node, each with its binary in `dir`. */
export function runtimesIn(dir: string): Runtime[] {
  const modules = join(dir, 'node_modules');
  const node = (version: number): Runtime => ({
    name: `Node ${version}`,
    kind: 'node',
    binary: join(modules, `node${version}`, 'bin', 'node'),
  });
  return [
    node(22),
    node(24),
    node(26),
    { name: 'Bun', kind: 'bun', binary: join(modules, 'bun', 'bin', 'bun') },
    { name: 'Deno', kind: 'deno', binary: join(modules, 'deno', 'deno') },
    {
      name: 'workerd (miniflare)',
      kind: 'workerd',
      binary: join(modules, 'node24', 'bin', 'node'),
      home: dir,
    },
  ];
}

/** The Node running this, the one the others are compared with. */
export const thisNode: Runtime = {
  name: `Node ${process.versions.node.split('.')[0]}`,
  kind: 'node',
  binary: process.execPath,
};

/** An entry point of the package, by its subpath in `exports`. */
export type EntryName = '.' | './http' | './fetch';

/** A temporary project with the packed package installed, and how a program there names each entry. */
export interface PackedApp {
  dir: string;
  /** The specifier of an entry, as a string literal: the package's name, or for workerd its file. */
  entry(kind: RuntimeKind, name: EntryName): string;
  remove(): void;
}

/**
 * Packs the package as it is published (build/pack.mjs, from the built dist/) and unpacks it into node_modules/ of a new
 * temporary project. Its entries load no dependency, so nothing else is installed.
 */
export function packedApp(): PackedApp {
  const dir = mkdtempSync(join(tmpdir(), 'gc-runtimes-'));
  try {
    const packed = spawnSync(process.execPath, ['build/pack.mjs', '--json', '--pack-destination', dir], {
      cwd: repository,
      encoding: 'utf8',
    });
    if (packed.status !== 0) throw new Error(`build/pack.mjs failed: ${packed.stderr}`);
    const { filename } = JSON.parse(packed.stdout) as { filename: string };
    const home = join(dir, 'node_modules', 'gateway-contract');
    mkdirSync(home, { recursive: true });
    const unpacked = spawnSync('tar', ['-xzf', join(dir, filename), '-C', home, '--strip-components=1']);
    if (unpacked.status !== 0) throw new Error(`tar failed: ${unpacked.stderr}`);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    const { exports } = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8')) as {
      exports: Record<EntryName, { default: string }>;
    };
    return {
      dir,
      // miniflare follows relative imports only, never a package name: the file that `exports` names.
      entry: (kind, name) =>
        JSON.stringify(
          kind === 'workerd'
            ? `./node_modules/gateway-contract/${exports[name].default.slice(2)}`
            : `gateway-contract${name.slice(1)}`,
        ),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Drives workerd: the program is the Worker's fetch handler, called once, its body printed. */
const miniflareDriver = `
const { createRequire } = require('node:module');
const { Miniflare } = createRequire(require('node:path').join(process.argv[1], 'package.json'))('miniflare');
(async () => {
  const worker = new Miniflare({
    modules: true,
    modulesRules: [{ type: 'ESModule', include: ['**/*.js', '**/*.mjs'] }],
    scriptPath: process.argv[2],
    compatibilityDate: '2026-01-01',
  });
  try {
    const response = await worker.dispatchFetch('http://runtimes.test/');
    process.stdout.write(await response.text());
    if (response.status !== 200) process.exitCode = 1;
  } finally {
    await worker.dispose();
  }
})();
`;

let programs = 0;

/**
 * Runs the body of an async function in `runtime`, in a fresh process at `app`'s root, and returns what it
 * returns (JSON). `body` names an entry with `entry(name)`, a string literal, as `import(entry('.'))` would.
 */
export function runProgram(
  runtime: Runtime,
  app: PackedApp,
  body: (entry: (name: EntryName) => string) => string,
  timeoutMs = 60_000,
): unknown {
  const source = body((name) => app.entry(runtime.kind, name));
  const file = `program-${++programs}-${runtime.kind}.mjs`;
  const program =
    runtime.kind === 'workerd'
      ? `export default { async fetch() { return new Response(JSON.stringify(await (async () => {\n${source}\n})())); } };\n`
      : `const result = await (async () => {\n${source}\n})();\nprocess.stdout.write(JSON.stringify(result));\n`;
  writeFileSync(join(app.dir, file), program);
  const [command, args] = commandOf(runtime, app.dir, file);
  const run = spawnSync(command, args, {
    cwd: app.dir,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DENO_DIR: join(app.dir, '.deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  if (run.status !== 0) {
    throw new Error(
      `${runtime.name} exited ${run.status ?? run.signal}: ${run.stderr || run.error?.message}`,
    );
  }
  return JSON.parse(run.stdout) as unknown;
}

function commandOf(runtime: Runtime, dir: string, file: string): [string, string[]] {
  switch (runtime.kind) {
    case 'node':
      return [runtime.binary, [file]];
    case 'bun':
      return [runtime.binary, ['run', file]];
    case 'deno':
      // Reading the project's own files is all the package needs (Node's `require` of its validators).
      return [runtime.binary, ['run', `--allow-read=${dir}`, file]];
    case 'workerd':
      return [runtime.binary, ['--input-type=commonjs', '--eval', miniflareDriver, runtime.home!, file]];
  }
}
