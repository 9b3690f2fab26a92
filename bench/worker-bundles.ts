import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * Workers bundled as wrangler bundles them (esbuild: `--bundle --minify --format=esm --platform=browser
 * --conditions=workerd,worker,browser`), and what they weigh: the size bound of the documented recipe
 * (test/build/worker-size.test.ts), the runtime suite's Workers (test/runtimes/workers.test.ts) and the
 * bundle-size table beside zod and valibot (bench/bundle-size.ts).
 */

/** The conditions wrangler resolves a Worker's imports with. */
export const workerConditions = ['workerd', 'worker', 'browser'];

/** The documented Worker recipe that validates `messages-request` (docs/middleware.md), and its bounds in bytes. */
export const recipeFile = 'examples/worker/messages.ts';
export const recipeBounds = { minified: 150_000, gzip: 30_000 };

/** One Worker of each kind the docs describe, each a program that imports one entry alone. */
export const workerPrograms: Readonly<Record<string, string>> = {
  'fetch entry: readBody': `import { readBody } from 'gateway-contract/fetch';
export default {
  async fetch(request) {
    const result = await readBody(request, 'messages-request');
    if (!result.ok) return Response.json(result.error, { status: result.error.error.code });
    return Response.json({ model: result.value.model });
  },
};
`,
  'fetch entry: Hono and validateBody': `import { Hono } from 'hono';
import { validateBody } from 'gateway-contract/fetch';
const app = new Hono();
app.post('/', validateBody('messages-request'), (c) => c.json({ model: c.req.valid('json').model }));
export default app;
`,
  'main entry: parseJsonBody and validate': `import { parseJsonBody, validate } from 'gateway-contract';
export default {
  async fetch(request) {
    const parsed = parseJsonBody(new Uint8Array(await request.arrayBuffer()));
    if (!parsed.ok) return Response.json(parsed.error, { status: parsed.error.error.code });
    const result = validate('messages-request', parsed.value);
    if (!result.ok) return Response.json(result.error, { status: 400 });
    return Response.json({ model: result.value.model });
  },
};
`,
};

/** What a bundle weighs, and the files of the package it holds. */
export interface WorkerBundle {
  code: string;
  minified: number;
  gzip: number;
  /** The package's files in the bundle, by path under the package, with their bytes in it. */
  packageFiles: Record<string, number>;
}

/**
 * `entry` (a file under `dir`, whose node_modules/ holds the package) bundled as wrangler bundles a Worker;
 * `packageDir` is the package's own folder (where its link in node_modules/ leads).
 */
export async function wranglerBundle(dir: string, entry: string, packageDir: string): Promise<WorkerBundle> {
  const result = await build({
    absWorkingDir: dir,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: workerConditions,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const output = Object.values(result.metafile.outputs)[0]!;
  const packageFiles = Object.fromEntries(
    Object.entries(output.inputs)
      .map(([path, { bytesInOutput }]) => [relative(packageDir, resolve(dir, path)), bytesInOutput] as const)
      .filter(([file]) => !file.startsWith('..') && !file.startsWith('node_modules/')),
  );
  return { code, minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, packageFiles };
}

/**
 * A scratch project whose node_modules/ links `packages` (name to folder: the package as built, hono, zod, ...),
 * for programs written into it; `remove` deletes it.
 */
export function scratchProject(packages: Readonly<Record<string, string>>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'gc-worker-bundles-'));
  for (const [name, folder] of Object.entries(packages)) {
    const link = join(dir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(folder, link, 'dir');
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
