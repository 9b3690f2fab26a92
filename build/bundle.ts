import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { build, type Plugin } from 'rolldown';
import {
  bundledModuleFile,
  bundledRootFile,
  generatedModuleNames,
  importedRootFile,
} from '../src/core/generated-modules.js';
import {
  bundledOnFirstUseFile,
  modulesOnFirstUse,
  type ModuleOnFirstUseName,
} from '../src/core/load-on-first-use.js';
import { exportGroups, splitValidators, withNumberedSites } from './split-validators.js';
import { parse } from './standalone/ast.js';
import { printCompact } from './standalone/print.js';
import { shortFunctionNames } from './standalone/stable-names.js';
import { literalImports } from './module-imports.js';
import { withQuotedStrings } from './quoted-strings.js';
import { runtimeSpecifier } from './standalone/rewrite.js';

/**
 * The bundling step: bundles every entry point of the package from tsc's output into `dist/lib/`, with the
 * modules they share in common chunks, so importing the library reads a handful of files instead of one per
 * module (Node's module loader costs about 0.4 ms per file, as much as everything else the main entry does at
 * load).
 * Statements are kept as written and whitespace goes; local names are shortened, since V8 parses every byte of a
 * module before its first use, but functions keep their names, so a stack trace still reads like the source
 * (but for the generated validators' functions, named short: see `bundledValidators`).
 */

/**
 * The bundler's minifying: local names short, function and class names kept (`Function.prototype.name` and stack
 * traces), and no rewriting of statements, so the code V8 runs is the code tsc emitted.
 */
const shortLocalNames = {
  compress: false,
  mangle: { keepNames: { function: true, class: true } },
} as const;

/** Each exported entry point (package.json `exports` and `bin`), by its file name in dist/lib/. */
export const bundledEntries: Readonly<Record<string, string>> = {
  index: 'src/index.js',
  'index-preloaded': 'src/index-preloaded.js',
  compile: 'src/compile.js',
  schemas: 'schemas/index.js',
  http: 'src/http/index.js',
  fastify: 'src/http/adapters/fastify.js',
  express: 'src/http/adapters/express.js',
  fetch: 'src/http/adapters/fetch.js',
  'fetch-preloaded': 'src/fetch-preloaded.js',
  'http-preloaded': 'src/http-preloaded.js',
  store: 'src/http/store/sql.js',
  gateway: 'src/gateway/index.js',
  bin: 'src/cli/bin.js',
};

const built = new URL('../', import.meta.url);
const outDir = new URL('lib/', built);

/**
 * The precompiled validators stay files of their own (src/core/generated-modules.ts), compacted by the build's
 * own printer, not the bundler's: rewritten by a bundler's printer the module parses slower (measured: 12 ms
 * against 8 ms for the main entry). One file per profile and per path (the verdict, and the reject path's
 * collecting validators), which `loadProfile` imports where a runtime cannot load synchronously; and the same
 * code split into one file per root (build/split-validators.ts), which Node loads when the root is first used.
 */
const generatedSource = (name: string) => fileURLToPath(new URL(`src/generated/${name}.js`, built));
const generatedModuleOf = (id: string) =>
  generatedModuleNames().find((name) => id.endsWith(`/generated/${name}.js`));

/**
 * The helpers the generated validators import (src/runtime/validator-runtime.ts) are their own small file, an
 * entry of the bundle, so the copy above can import them by a name this step knows.
 */
const runtimeEntry = 'validator-runtime';
const runtimeImport = { generated: `'${runtimeSpecifier}'`, bundled: `'./${runtimeEntry}.js'` };

/**
 * The generated module compacted: its header and its one import of the run-time helpers (which now sit beside
 * it) as they are, the rest with its whitespace removed, its functions named short and its error sites numbered
 * (build/standalone/stable-names.ts, build/split-validators.ts), statements kept.
 */
export function bundledValidators(code: string): string {
  const found = code.split(runtimeImport.generated).length - 1;
  if (found !== 1) {
    throw new Error(`a generated validator module names ${runtimeImport.generated} ${found} times, not once`);
  }
  // The import ends at the run-time module's name; only what comes before it is parsed to check that.
  const end = code.indexOf(runtimeImport.generated) + runtimeImport.generated.length + 1;
  const head = parse(code.slice(0, end)).body as { type: string }[];
  if (head.length !== 1 || head[0]!.type !== 'ImportDeclaration') {
    throw new Error('a generated validator module does not start with its import of the run-time helpers');
  }
  const imports = code.slice(0, end).replace(runtimeImport.generated, runtimeImport.bundled);
  return `${imports}\n${printCompact(withNumberedSites(shortFunctionNames(code.slice(end))))}`;
}

/**
 * `code` with each validator it imports by name from a generated module's whole file (`messagesRequest` from
 * `./generated-validators.js`) imported from the file of that validator's root instead
 * (`./generated-validators.messages-request.js`), so a bundler that drops an unused export never reads the other
 * roots; a whole table (`validatorsByName`) stays with the whole file.
 */
export function rootImports(code: string, groupsOf: (module: string) => ReadonlyMap<string, string>): string {
  return code.replace(
    /import\s*\{([^}]*)\}\s*from\s*(['"])\.\/generated-([\w-]+)\.js\2;?/g,
    (statement, specifiers: string, quote: string, name: string) => {
      if (!generatedModuleNames().includes(name)) return statement;
      const byFile = new Map<string, string[]>();
      for (const specifier of specifiers
        .split(',')
        .map((one) => one.trim())
        .filter(Boolean)) {
        const imported = specifier.split(/\s+as\s+/)[0]!;
        const group = groupsOf(name).get(imported);
        const file = group === undefined ? bundledModuleFile(name) : importedRootFile(name, group);
        byFile.set(file, [...(byFile.get(file) ?? []), specifier]);
      }
      return [...byFile]
        .map(([file, names]) => `import { ${names.join(', ')} } from ${quote}./${file}${quote};`)
        .join('\n');
    },
  );
}

const exportGroupsByModule = new Map<string, Map<string, string>>();
const groupsOfModule = (name: string) => {
  let groups = exportGroupsByModule.get(name);
  if (groups === undefined) {
    groups = exportGroups(readFileSync(generatedSource(name), 'utf8'));
    exportGroupsByModule.set(name, groups);
  }
  return groups;
};

/** The bundle step's last pass over each chunk, once the printer is done with it. */
const stringImports: Plugin = {
  name: 'string-imports',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type === 'chunk') output.code = rootImports(literalImports(output.code), groupsOfModule);
    }
  },
};

/** Packages (ajv, the frameworks, node: modules) are the user's to install and load, never copied in. */
function isExternal(id: string): boolean {
  if (generatedModuleOf(id) !== undefined) return true;
  return !id.startsWith('.') && !isAbsolute(id);
}

/** The compiled modules `file` imports, directly or not (tsc has erased the type-only imports). */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || isExternal(file)) return seen;
  seen.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(
    /^(?:import|export)[^;]*?from\s*'(\.[^']+)'/gm,
  )) {
    importGraph(resolve(dirname(file), specifier!), seen);
  }
  return seen;
}

const builtFile = (file: string) => fileURLToPath(new URL(file, built));
/**
 * The worker thread the embedded store makes a new store on: the module that starts it finds it beside itself
 * by this file name, in dist/lib/ as in tsc's output (src/http/store/pglite-first-start.ts).
 */
const firstStartWorkerEntry = 'pglite-first-start-worker';
const entryFile = (name: string) => builtFile(bundledEntries[name]!);
const onFirstUseNames = Object.keys(modulesOnFirstUse) as ModuleOnFirstUseName[];

/**
 * The code the main entry loads is one chunk, whichever other entries share parts of it, so `import` of the
 * library reads four files, not one per module; the HTTP layer is another, shared by its adapters. The schemas
 * entry shares the masked-secret constants (contract: secret-masking) with the main entry, so it loads that
 * chunk (and the validators) too. Each module the main entry loads on first use (src/core/load-on-first-use.ts)
 * is a chunk of its own too, which the HTTP layer and index-preloaded import and `loadProfile` imports where
 * `require` cannot load its CommonJS copy.
 */
function chunkGroups() {
  const library = importGraph(entryFile('index'));
  const http = importGraph(entryFile('http'));
  const onFirstUse = onFirstUseNames.map((name) => {
    const graph = importGraph(builtFile(modulesOnFirstUse[name]));
    return { name, priority: 1.5, test: (id: string) => graph.has(id) && !library.has(id) };
  });
  return [
    { name: 'library', priority: 2, test: (id: string) => library.has(id) },
    ...onFirstUse,
    { name: 'http-handler', priority: 1, test: (id: string) => http.has(id) && !library.has(id) },
  ];
}

/**
 * A root's CommonJS file (build/split-validators.ts) with its local names short (`vErrors`, `data`, the helpers'
 * names): Node parses the whole file before a root's first verdict, and its first rejection parses the collecting
 * file too, so every byte counts there (measured on Node 20: the request root's two files 150 and 170 KB before,
 * 124 and 122 KB after, each parsed about 0.7 ms sooner). Only names and whitespace change: the statements, and so
 * the code V8 optimises, stay as the standalone passes wrote them, and esbuild keeps the quotes the build's
 * printer chose, which V8 scans faster than the template literals the bundler's printer writes.
 */
function withShortLocalNames(file: string): string {
  const headerEnd = file.indexOf('\n') + 1;
  const { code } = transformSync(file.slice(headerEnd), {
    format: 'cjs',
    minifyWhitespace: true,
    minifyIdentifiers: true,
  });
  return file.slice(0, headerEnd) + code;
}

/**
 * `input` bundled as one CommonJS file's code, with its own copy of what it shares with the library's chunk (pure
 * functions and constants); the build fails, naming `what`, if it would import a package or a generated module.
 */
async function selfContainedCommonJs(input: string, what: string): Promise<string> {
  const output = await build({
    input,
    external: isExternal,
    logLevel: 'warn',
    write: false,
    output: { format: 'cjs', minify: shortLocalNames },
  });
  const [chunk, ...more] = output.output;
  if (chunk?.type !== 'chunk' || more.length > 0 || /\brequire\(/.test(chunk.code)) {
    throw new Error(
      `${what} is not one self-contained CommonJS file: it imports a package or a generated module`,
    );
  }
  return withQuotedStrings(chunk.code);
}

/**
 * A module loaded on first use as the CommonJS file `require` loads, whole, since a CommonJS file cannot import
 * an ES module on every Node the package supports. Strict, as the ES module it is made from.
 */
async function bundleOnFirstUse(name: ModuleOnFirstUseName): Promise<void> {
  const code = await selfContainedCommonJs(builtFile(modulesOnFirstUse[name]), name);
  writeFileSync(fileURLToPath(new URL(bundledOnFirstUseFile(name), outDir)), `'use strict';\n${code}`);
}

/**
 * The run-time helpers of the validators as the body of a CommonJS module, which each root's file
 * (build/split-validators.ts) runs as its own copy: one file fewer for a root's first use to resolve and read.
 */
const runtimeAsCommonJs = () =>
  selfContainedCommonJs(builtFile('src/runtime/validator-runtime.js'), "the validators' run-time helpers");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const bundled = await build({
    input: {
      ...Object.fromEntries(Object.keys(bundledEntries).map((name) => [name, entryFile(name)])),
      [runtimeEntry]: fileURLToPath(new URL('src/runtime/validator-runtime.js', built)),
      [firstStartWorkerEntry]: builtFile(`src/http/store/${firstStartWorkerEntry}.js`),
    },
    external: isExternal,
    plugins: [stringImports],
    logLevel: 'warn',
    output: {
      dir: fileURLToPath(outDir),
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: '[name].js',
      minify: shortLocalNames,
      minifyInternalExports: false,
      codeSplitting: { groups: chunkGroups() },
      paths: (id) => {
        const name = generatedModuleOf(id);
        return name === undefined ? id : `./${bundledModuleFile(name)}`;
      },
    },
  });
  const write = (file: string, code: string) => writeFileSync(fileURLToPath(new URL(file, outDir)), code);
  for (const chunk of bundled.output)
    if (chunk.type === 'chunk') write(chunk.fileName, withQuotedStrings(chunk.code));
  const runtime = await runtimeAsCommonJs();
  for (const name of generatedModuleNames()) {
    const code = readFileSync(generatedSource(name), 'utf8');
    write(bundledModuleFile(name), bundledValidators(code));
    for (const [group, part] of Object.entries(splitValidators(code, runtime))) {
      write(bundledRootFile(name, group), withShortLocalNames(part));
    }
    for (const [group, part] of Object.entries(splitValidators(code))) {
      write(importedRootFile(name, group), part);
    }
  }
  for (const name of onFirstUseNames) await bundleOnFirstUse(name);
  console.log(`bundled ${Object.keys(bundledEntries).length} entry points into dist/lib/`);
}
