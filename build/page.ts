import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { pageExamples } from './page-examples.js';

/**
 * Builds the interface page the reference gateway serves (docs/page.md) into `dist/page/`: swagger-ui's
 * prebuilt bundle and stylesheet copied from swagger-ui-dist (no source maps), the page's own HTML and CSS, its
 * two scripts bundled for the browser, and the examples as JSON. The precompiled validators are not copied: the
 * playground imports the ones in `dist/lib/`, which the gateway serves beside it, so the package holds them once.
 */

const repository = new URL('../../', import.meta.url);
const pageDir = new URL('dist/page/', repository);
const source = (path: string) => fileURLToPath(new URL(path, repository));

/** The files of swagger-ui-dist the page needs: the renderer, its stylesheet and their notices; no source maps. */
const swaggerFiles = {
  'swagger-ui-bundle.js': 'swagger-ui-bundle.js',
  'swagger-ui.css': 'swagger-ui.css',
  'swagger-ui-bundle.js.LICENSE.txt': 'swagger-ui-bundle.js.LICENSE.txt',
  LICENSE: 'swagger-ui.LICENSE.txt',
  NOTICE: 'swagger-ui.NOTICE.txt',
} as const;

/** The page's static files, copied as written. */
const staticFiles = ['index.html', 'page.css'] as const;

/** The playground imports these generated modules; they stay outside its bundle (served from dist/lib/). */
const generatedImport = /\/generated\/(validators(?:-[a-z-]+)?)\.js$/;

async function bundleScripts(): Promise<void> {
  const { output } = await build({
    input: {
      playground: source('src/page/playground.ts'),
      reference: source('src/page/reference.ts'),
    },
    external: (id) => generatedImport.test(id),
    logLevel: 'warn',
    // The playground imports up front what the library loads on first use elsewhere, so those imports stay in its chunk.
    onLog: (level, log, defaultHandler) => {
      if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') defaultHandler(level, log);
    },
    platform: 'browser',
    output: {
      dir: fileURLToPath(new URL('assets/', pageDir)),
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: '[name].js',
      minify: true,
      // The bundle sits in assets/, the generated modules one level up in generated/ (src/gateway/page-files.ts).
      paths: (id) => {
        const name = generatedImport.exec(id)?.[1];
        return name === undefined ? id : `../generated/${name}.js`;
      },
    },
  });
  // The gateway serves the page's files by a fixed list (src/gateway/page-files.ts): a chunk beyond the entries
  // would be a 404 in the browser, so the build fails instead.
  const chunks = output.filter((file) => file.type === 'chunk').map((file) => file.fileName);
  const extra = chunks.filter((file) => file !== 'playground.js' && file !== 'reference.js');
  if (extra.length > 0) {
    throw new Error(
      `the page bundle split off ${extra.join(', ')}, which the gateway does not serve: import the code statically in src/page/`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(pageDir, { recursive: true, force: true });
  mkdirSync(new URL('assets/', pageDir), { recursive: true });
  for (const [file, copy] of Object.entries(swaggerFiles)) {
    copyFileSync(
      source(`node_modules/swagger-ui-dist/${file}`),
      fileURLToPath(new URL(`assets/${copy}`, pageDir)),
    );
  }
  for (const file of staticFiles) {
    copyFileSync(
      source(`src/page/${file}`),
      fileURLToPath(new URL(file === 'index.html' ? file : `assets/${file}`, pageDir)),
    );
  }
  writeFileSync(
    fileURLToPath(new URL('assets/examples.json', pageDir)),
    JSON.stringify(pageExamples(source('.'))),
  );
  await bundleScripts();
  console.log('built the interface page into dist/page/');
}
