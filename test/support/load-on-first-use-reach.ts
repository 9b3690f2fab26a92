import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../src/', import.meta.url));

/** The modules of the source that load code on first use, which a test file must have loaded first. */
const loadsOnFirstUse = [
  'core/profiles.ts',
  'core/load-on-first-use.ts',
  'body/json-body-loader.ts',
  'core/secret-scan-loader.ts',
].map((file) => `${source}${file}`);

/**
 * Whether a test file can reach the source's modules that load code on first use: it or a module it imports by
 * a relative path, followed through test/, build/ and src/, imports one of them, or a file outside src/ imports
 * by a name computed at run time (src/ has no such import). A file that cannot has no use for the validators the
 * setup would load, whose loading costs about a second of CPU per file.
 */
export function reachesLoadOnFirstUse(file: string, seen = new Set<string>()): boolean {
  if (loadsOnFirstUse.includes(file)) return true;
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (!file.startsWith(source) && /\bimport\s*\(\s*[^'"\s]/.test(text)) return true;
  for (const [, specifier] of text.matchAll(
    /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g,
  )) {
    const target = resolve(dirname(file), specifier!);
    const typescript = target.replace(/\.js$/, '.ts');
    if (reachesLoadOnFirstUse(existsSync(typescript) ? typescript : target, seen)) return true;
  }
  return false;
}
