import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './json-cases.js';

/** What `npm pack --json` reports of the tarball. */
export interface Packed {
  tarball: string;
  /** Bytes of the .tgz. */
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

/**
 * Packs the package as it is published (`npm run tarball`, build/pack.mjs), from the build `npm test` has just
 * made, which it does not build again.
 */
export function pack(): Packed {
  const destination = mkdtempSync(join(tmpdir(), 'gateway-contract-pack-'));
  const output = execFileSync(
    process.execPath,
    ['build/pack.mjs', '--json', '--pack-destination', destination],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const report = JSON.parse(output) as Omit<Packed, 'tarball'> & { filename: string };
  return { ...report, tarball: join(destination, report.filename) };
}

export const packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
  files: string[];
  [key: string]: unknown;
};

/** The entry points that hold JavaScript (the others are JSON files), with their built module. */
export function moduleEntryPoints(): Array<{ specifier: string; module: string; types: string }> {
  return Object.entries(packageJson.exports).flatMap(([subpath, target]) =>
    typeof target === 'string'
      ? []
      : [{ specifier: `gateway-contract${subpath.slice(1)}`, module: target.default, types: target.types }],
  );
}
