import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The files of the interface page (docs/page.md), by their path under `<base path>/docs/`: a fixed list, so
 * nothing else of the disk can ever be asked for. Each names its file under `dist/`. The playground's bundle
 * imports the precompiled validators from `generated/`, which are the library's own copies in `dist/lib/`.
 */
const pageFiles: Readonly<Record<string, { file: string; type: string }>> = {
  '': { file: 'page/index.html', type: 'text/html; charset=utf-8' },
  'openapi.json': { file: 'openapi.json', type: 'application/json; charset=utf-8' },
  'assets/swagger-ui-bundle.js': {
    file: 'page/assets/swagger-ui-bundle.js',
    type: 'text/javascript; charset=utf-8',
  },
  'assets/swagger-ui.css': { file: 'page/assets/swagger-ui.css', type: 'text/css; charset=utf-8' },
  'assets/page.css': { file: 'page/assets/page.css', type: 'text/css; charset=utf-8' },
  'assets/reference.js': { file: 'page/assets/reference.js', type: 'text/javascript; charset=utf-8' },
  'assets/playground.js': { file: 'page/assets/playground.js', type: 'text/javascript; charset=utf-8' },
  'assets/examples.json': { file: 'page/assets/examples.json', type: 'application/json; charset=utf-8' },
  'assets/swagger-ui.LICENSE.txt': {
    file: 'page/assets/swagger-ui.LICENSE.txt',
    type: 'text/plain; charset=utf-8',
  },
  'assets/swagger-ui.NOTICE.txt': {
    file: 'page/assets/swagger-ui.NOTICE.txt',
    type: 'text/plain; charset=utf-8',
  },
  'assets/swagger-ui-bundle.js.LICENSE.txt': {
    file: 'page/assets/swagger-ui-bundle.js.LICENSE.txt',
    type: 'text/plain; charset=utf-8',
  },
  'generated/validators.js': { file: 'lib/generated-validators.js', type: 'text/javascript; charset=utf-8' },
  'generated/validators-all-issues.js': {
    file: 'lib/generated-validators-all-issues.js',
    type: 'text/javascript; charset=utf-8',
  },
  'generated/validator-runtime.js': {
    file: 'lib/validator-runtime.js',
    type: 'text/javascript; charset=utf-8',
  },
};

/** One page file as served: its text, its content type, and an entity tag for a conditional GET. */
export interface PageFile {
  body: string;
  type: string;
  etag: string;
}

/**
 * `dist/` as seen from this code: bundled into `dist/lib/`, as tsc emits it into `dist/src/gateway/`, or run
 * from source; null when the page has not been built.
 */
function findDist(): URL | null {
  for (const candidate of ['../', '../../', '../../dist/']) {
    const dist = new URL(candidate, import.meta.url);
    if (existsSync(new URL('page/assets/playground.js', dist))) return dist;
  }
  return null;
}

let dist: URL | null | undefined;
const loaded = new Map<string, PageFile>();

/** The page file at a path under `<base path>/docs/`, read once; undefined for any other path or when unbuilt. */
export function pageFile(path: string): PageFile | undefined {
  const known = loaded.get(path);
  if (known !== undefined) return known;
  const entry = Object.hasOwn(pageFiles, path) ? pageFiles[path] : undefined;
  dist ??= findDist();
  if (entry === undefined || dist === null) return undefined;
  let body: string;
  try {
    body = readFileSync(new URL(entry.file, dist), 'utf8');
  } catch {
    // A file of a half-built dist/ is a 404, never a failed request.
    return undefined;
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const file = { body, type: entry.type, etag };
  loaded.set(path, file);
  return file;
}
