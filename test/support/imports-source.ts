import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * Whether a test file can load the library's source: it or a module it imports by a relative path (followed
 * through test/ and build/) imports a file of src/, or imports by a name computed at run time. A file that
 * cannot has no use for the source's validators, whose loading costs a second of CPU per file.
 */
export function importsSource(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (/\bimport\s*\(\s*[^'"\s]/.test(text)) return true;
  for (const [, specifier] of text.matchAll(
    /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g,
  )) {
    const target = resolve(dirname(file), specifier!);
    if (target.startsWith(source)) return true;
    const typescript = target.replace(/\.js$/, '.ts');
    if (existsSync(typescript) && importsSource(typescript, seen)) return true;
  }
  return false;
}
