import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf } from '../support/markdown-anchors.js';
import { root } from './support/json-cases.js';
import { moduleEntryPoints, pack, packageJson } from './support/package.js';

const packed = pack();
const paths = packed.files.map((file) => file.path);
const packedSet = new Set(paths);

/** The tarball unpacked, as a user's `node_modules/gateway-contract` holds it. */
const unpacked = mkdtempSync(join(tmpdir(), 'gateway-contract-unpacked-'));
execFileSync('tar', ['-xzf', packed.tarball, '-C', unpacked]);
afterAll(() => rmSync(unpacked, { recursive: true, force: true }));

/** Each relative link of a Markdown text outside code blocks (`[text](target)`), by its line. */
function relativeLinks(markdown: string): Array<{ line: number; target: string }> {
  const links: Array<{ line: number; target: string }> = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced) return;
    for (const [, target] of text.replaceAll(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z][a-z+.-]*:/i.test(target!)) links.push({ line: index + 1, target: target! });
    }
  });
  return links;
}

/** The text of a packed file, read from the build it was packed from. */
const text = (path: string) => readFileSync(`${root}${path}`, 'utf8');

describe('the package', () => {
  it('holds the bundled library, its declarations, the schema files and the OpenAPI document, and nothing else', () => {
    // dist/lib/ is the code (bundled entry points and chunks); tsc's per-module JavaScript is not shipped.
    // The documentation ships too, with what its links reach: the examples it quotes and the benchmark results.
    const allowed =
      /^(?:package\.json|README\.md|LICENSE|CHANGELOG\.md|CONTRIBUTING\.md|bench\/RESULTS\.md|docs\/[^/]+\.md|docs\/images\/[^/]+\.png|examples\/.+\.ts|dist\/openapi\.json|dist\/lib\/[^/]+\.c?js|dist\/(?:src|schemas)\/.+\.d\.ts|dist\/schemas\/.+\.json|dist\/page\/(?:index\.html|assets\/[^/]+))$/;
    expect(paths.filter((path) => !allowed.test(path))).toEqual([]);
    expect(
      paths.filter((path) => /(?:^|\/)(?:test|bench)\//.test(path) && path !== 'bench/RESULTS.md'),
    ).toEqual([]);
    // Build scripts run before packing, never after it.
    expect(paths.filter((path) => /dist\/src\/(?:precompile|emit-documents|bundle)\./.test(path))).toEqual(
      [],
    );
    for (const { module, types } of moduleEntryPoints()) {
      expect(packedSet.has(posix.normalize(module))).toBe(true);
      expect(packedSet.has(posix.normalize(types))).toBe(true);
    }
    expect(packedSet.has('dist/openapi.json')).toBe(true);
    expect(packedSet.has('dist/schemas/messages-request.json')).toBe(true);
    expect(packedSet.has('dist/lib/bin.js')).toBe(true);
    // What the generated validators import, a file of its own beside them.
    expect(packedSet.has('dist/lib/validator-runtime.js')).toBe(true);
  });

  it('holds no build output whose source is gone (a stale dist/ would ship it)', () => {
    const stale = paths.filter((path) => {
      const source = /^dist\/((?:src|schemas)\/.+?)(?:\.d\.ts|\.js)$/.exec(path)?.[1];
      if (source === undefined) return false;
      return !['.ts', '.js'].some((extension) => {
        try {
          readFileSync(`${root}${source}${extension}`);
          return true;
        } catch {
          return false;
        }
      });
    });
    expect(stale, 'remove dist/ and run `npm run build`').toEqual([]);
  });

  it('resolves every relative import of a packed module to a packed file', () => {
    const missing: string[] = [];
    // The page's scripts import by URL, which the gateway maps onto dist/ (src/gateway/page-files.ts); the page
    // test runs them in a browser.
    for (const path of paths.filter(
      (file) => /\.(?:js|d\.ts)$/.test(file) && !file.startsWith('dist/page/'),
    )) {
      for (const [, specifier] of text(path).matchAll(/(?:from |import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = posix.join(dirname(path), specifier!);
        const candidates = path.endsWith('.d.ts') ? [target, target.replace(/\.js$/, '.d.ts')] : [target];
        if (!candidates.some((candidate) => packedSet.has(candidate)))
          missing.push(`${path} -> ${specifier}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('ships no source maps, nor map comments pointing at files it does not hold', () => {
    expect(paths.filter((path) => path.endsWith('.map'))).toEqual([]);
    const mapComments = paths.filter(
      (path) => /\.(?:js|d\.ts)$/.test(path) && /^\/\/# sourceMappingURL=/m.test(text(path)),
    );
    expect(mapComments).toEqual([]);
  });

  it('ships no secrets', () => {
    expect(
      paths.filter((path) => /(?:^|\/)(?:\.env|\.npmrc|id_[a-z0-9]+|.+\.(?:pem|key|p12|pfx))$/.test(path)),
    ).toEqual([]);
    // Private keys and registry or forge tokens; the bundled catalog's sample keys say EXAMPLE or SAMPLE.
    const secret =
      /-----BEGIN [A-Z ]*PRIVATE KEY-----|\bnpm_[A-Za-z0-9]{36}\b|\bgh[pousr]_[A-Za-z0-9]{36}\b|\bAKIA(?![0-9A-Z]*(?:EXAMPLE|SAMPLE))[0-9A-Z]{16}\b/;
    expect(paths.filter((path) => secret.test(text(path)))).toEqual([]);
  });

  it('is an ES module package, free of side effects on import, for Node 20.19 or later, ready for provenance', () => {
    expect(packageJson).toMatchObject({
      type: 'module',
      // Only the fetch and HTTP entries for runtimes without `require` do anything on import (they hand the
      // default profile, imported statically, to the loader): a bundler must keep them.
      sideEffects: ['./dist/lib/fetch-preloaded.js', './dist/lib/http-preloaded.js'],
      engines: { node: '>=20.19' },
      publishConfig: { provenance: true },
      license: 'MIT',
    });
    // Types first in every condition map, so TypeScript never falls through to the JavaScript; the entries that
    // validate name the runtimes that load each root's validators on first use, and the default (and a bundler's
    // `module`) imports them statically.
    for (const [entry, target] of Object.entries(packageJson.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target)).toEqual(
        ['.', './http', './fetch'].includes(entry)
          ? ['types', 'module', 'node', 'bun', 'deno', 'default']
          : ['types', 'default'],
      );
    }
  });

  it("ships the checkout's package.json without what only work on the repository reads (scripts, dev dependencies)", () => {
    const shipped = JSON.parse(
      execFileSync('tar', ['-xzOf', packed.tarball, 'package/package.json'], { encoding: 'utf8' }),
    ) as Record<string, unknown>;
    const development = ['scripts', 'devDependencies', 'overrides', 'scarfSettings'];
    expect(Object.keys(shipped).filter((field) => development.includes(field))).toEqual([]);
    const kept = Object.entries(packageJson).filter(([field]) => !development.includes(field));
    expect(shipped).toEqual(Object.fromEntries(kept));
  });

  it('passes publint', async () => {
    const tarball = readFileSync(packed.tarball);
    const { messages } = await publint({
      // npm's tarballs hold the package under `package/`.
      pkgDir: 'package',
      strict: true,
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    });
    expect(messages.map((message) => formatMessage(message, packageJson))).toEqual([]);
  });

  it('passes @arethetypeswrong/cli on the packed tarball', () => {
    // The tarball packed above, as `attw --pack` would make it; an ES module package has no CommonJS
    // resolutions to check (a require() of it needs Node's require(esm)), hence the esm-only profile.
    const output = execFileSync(
      `${root}node_modules/.bin/attw`,
      [packed.tarball, '--profile', 'esm-only', '--format', 'json'],
      { cwd: root, encoding: 'utf8' },
    );
    const report = JSON.parse(output) as {
      analysis: { entrypoints: Record<string, unknown> };
      problems: Record<string, Array<{ resolutionKind?: string; entrypoint?: string }>>;
    };
    const problems = Object.values(report.problems)
      .flat()
      .filter((problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind ?? ''));
    expect(problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints)).toEqual(Object.keys(packageJson.exports));
  }, 60_000);

  it('states its packed size in the README, within a fifth of the real one', () => {
    const stated = /(\d+) KiB packed/.exec(text('README.md'));
    expect(stated, 'the README states `<n> KiB packed`').not.toBeNull();
    const ratio = Number(stated![1]) / (packed.size / 1024);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
  });

  it('resolves every relative link of the README and the docs it ships to a packed file, and each anchor in it', () => {
    // CONTRIBUTING ships so that the README's links reach it; its own links point into the repository.
    const pages = paths.filter((path) => path.endsWith('.md') && path !== 'CONTRIBUTING.md');
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/contract.md']));
    const broken: string[] = [];
    for (const page of pages) {
      const markdown = readFileSync(join(unpacked, 'package', page), 'utf8');
      for (const { line, target } of relativeLinks(markdown)) {
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const path = file === '' ? page : posix.normalize(posix.join(posix.dirname(page), decodeURI(file)));
        const where = join(unpacked, 'package', path);
        if (!packedSet.has(path) || !existsSync(where))
          broken.push(`${page}:${line} ${target}: not in the tarball`);
        else if (anchor !== undefined && !anchorsOf(readFileSync(where, 'utf8')).has(anchor)) {
          broken.push(`${page}:${line} ${target}: no such anchor`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
