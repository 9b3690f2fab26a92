import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeSection } from './load-runs.js';
import { repoRoot } from './paths.js';
import {
  recipeBounds,
  recipeFile,
  scratchProject,
  workerPrograms,
  wranglerBundle,
  type WorkerBundle,
} from './worker-bundles.js';

/**
 * What each documented Worker weighs, bundled as wrangler bundles it from the package as built, beside zod 4 and
 * valibot measured the same way (a small object schema of theirs, imported as their docs show):
 * bytes minified and gzip (level 9), and the package's files that make up the most of each.
 *
 *   npm run build && node dist/bench/bundle-size.js [--write]   --write replaces `## Worker bundles` in RESULTS.md
 */

const SECTION = '## Worker bundles';

const competitors: Readonly<Record<string, string>> = {
  'zod 4 (namespace import), a two-field object schema': `import * as z from 'zod';
const request = z.object({ model: z.string(), messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })) });
export default { async fetch(r) { const result = request.safeParse(await r.json()); return Response.json(result.success, { status: result.success ? 200 : 400 }); } };
`,
  'zod/mini, the same schema': `import * as z from 'zod/mini';
const request = z.object({ model: z.string(), messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })) });
export default { async fetch(r) { const result = request.safeParse(await r.json()); return Response.json(result.success, { status: result.success ? 200 : 400 }); } };
`,
  'valibot, the same schema': `import * as v from 'valibot';
const request = v.object({ model: v.string(), messages: v.array(v.object({ role: v.picklist(['user', 'assistant']), content: v.string() })) });
export default { async fetch(r) { const result = v.safeParse(request, await r.json()); return Response.json(result.success, { status: result.success ? 200 : 400 }); } };
`,
};

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The package's files that weigh most in a bundle, as `file 123.4 KB`. */
function heaviest(bundle: WorkerBundle): string {
  return Object.entries(bundle.packageFiles)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([file, bytes]) => `${file.replace('dist/lib/', '')} ${kb(bytes)}`)
    .join(', ');
}

const project = scratchProject({
  'gateway-contract': repoRoot,
  hono: join(repoRoot, 'node_modules/hono'),
  zod: join(repoRoot, 'node_modules/zod'),
  valibot: join(repoRoot, 'node_modules/valibot'),
});
try {
  const programs: Record<string, string> = {
    [`the recipe (${recipeFile}): parseJsonBody, validateMessagesRequest`]: 'recipe.ts',
  };
  copyFileSync(join(repoRoot, recipeFile), join(project.dir, 'recipe.ts'));
  for (const [name, source] of Object.entries({ ...workerPrograms, ...competitors })) {
    const file = `${Object.keys(programs).length}.js`;
    writeFileSync(join(project.dir, file), source);
    programs[name] = file;
  }
  const rows: string[] = [];
  for (const [name, file] of Object.entries(programs)) {
    const bundle = await wranglerBundle(project.dir, file, repoRoot);
    rows.push(`| ${name} | ${kb(bundle.minified)} | ${kb(bundle.gzip)} | ${heaviest(bundle) || '-'} |`);
  }
  const section = [
    SECTION,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`node dist/bench/bundle-size.js\`: each Worker bundled by esbuild as wrangler bundles it (\`--bundle --minify --format=esm --platform=browser --conditions=workerd,worker,browser\`), from the package as built; KB are 1000 bytes, gzip at level 9. The recipe's bound is ${kb(recipeBounds.minified)} minified and ${kb(recipeBounds.gzip)} gzip (\`test/build/worker-size.test.ts\`). The competitors' rows carry a two-field object schema; the package's carry the whole messages request schema and the body guards.`,
    '',
    '| Worker | minified | gzip | heaviest of the package |',
    '| --- | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
  console.log(section);
  if (process.argv.includes('--write')) await writeSection(SECTION, section);
} finally {
  project.remove();
}
