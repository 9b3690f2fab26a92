import { isMissingModule } from './missing-module.js';

/**
 * Code the main entry's first `validate()` never runs (the body guards, the secret scan) is not loaded with the
 * library but on its first use, as the validators of each root are (profiles.ts): importing it costs V8 the
 * compiling of what a process may never call. Node, Bun and Deno load it then, synchronously, from a CommonJS
 * file of its own beside the bundle (build/bundle.ts), or as tsc emits it (dist/src/). A runtime without
 * synchronous loading gets the package's `default` condition, whose entries import it statically and hand it
 * over (`provide`).
 */

/** Each module loaded on first use, by name: the file tsc emits it to, from which the bundle builds its file. */
export const modulesOnFirstUse = {
  'json-body': 'src/body/json-body.js',
  'secret-scan': 'src/core/secret-scan.js',
} as const;

export type ModuleOnFirstUseName = keyof typeof modulesOnFirstUse;

/** The CommonJS file a module loaded on first use is bundled to in dist/lib/, beside the library's chunks. */
export const bundledOnFirstUseFile = (name: ModuleOnFirstUseName): string => `${name}.cjs`;

type ModuleRequire = (specifier: string) => unknown;

/**
 * How a runtime loads a module synchronously, from `url`, where it offers that to an ES module (Node 20.16+, Bun,
 * Deno): a self-contained `.cjs` file the build bundled (build/bundle.ts: it requires nothing) is read and
 * compiled as a function of its `exports`, which costs V8's compile alone and not the start of Node's CommonJS
 * loader (about 3 ms on Node 20, 1 ms on Node 24, on a process's first use); anything else, and everything while
 * Node's compile cache is on (whose compiled code only Node's loaders read), by Node's `require`.
 */
export function nodeRequire(url: string): ModuleRequire | undefined {
  try {
    const module = globalThis.process?.getBuiltinModule?.('node:module');
    if (module === undefined) return undefined;
    let require: ModuleRequire | undefined;
    // Node 22.8 and later; absent on Node 20, whose loaders have no compile cache.
    const cacheDirectory = (module as { getCompileCacheDir?: () => string | undefined }).getCompileCacheDir;
    const compileCacheOn = cacheDirectory?.() !== undefined;
    return (specifier) =>
      specifier.endsWith('.cjs') && !compileCacheOn
        ? compiledFile(specifier, new URL(specifier, url))
        : (require ??= module.createRequire(url))(specifier);
  } catch {
    return undefined;
  }
}

/**
 * The exports of a self-contained CommonJS file, compiled with its path as its name (so stack traces show it);
 * a missing file is reported as `require` reports one.
 */
function compiledFile(specifier: string, file: URL): unknown {
  const process = globalThis.process!;
  const path = process.getBuiltinModule('node:url').fileURLToPath(file);
  let source: string;
  try {
    source = process.getBuiltinModule('node:fs').readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    throw Object.assign(new Error(`Cannot find module '${specifier}'`, { cause: error }), {
      code: 'MODULE_NOT_FOUND',
    });
  }
  const exports = {};
  process.getBuiltinModule('node:vm').compileFunction(source, ['exports'], { filename: path })(exports);
  return exports;
}

/** A module's exports, loaded on the first call; `provide` hands them over where they were imported instead. */
export interface OnFirstUse<T> {
  (): T;
  provide(module: T): void;
}

/**
 * A module loaded on its first use: `./<name>.cjs` beside the bundle, else `emitted` (its path from the module
 * that declares it, whose URL `url` returns) as tsc emits it. The URL is asked for on the first use: a bundler
 * keeps any call given `import.meta` as an argument, used or not.
 */
export function loadedOnFirstUse<T>(
  name: ModuleOnFirstUseName,
  url: () => string,
  emitted: string,
): OnFirstUse<T> {
  let loaded: T | undefined;
  const onFirstUse = (() => (loaded ??= requireNow(name, url(), emitted))) as OnFirstUse<T>;
  onFirstUse.provide = (module: T) => {
    loaded = module;
  };
  return onFirstUse;
}

/** The module required synchronously from the first of its files that loads, or an error saying what to do. */
function requireNow<T>(name: ModuleOnFirstUseName, url: string, emitted: string): T {
  const require = nodeRequire(url);
  if (require === undefined) {
    throw new Error(
      `The library's ${name} code is not loaded: this runtime cannot load it synchronously; import the package by its \`default\` condition (as bundlers for workerd and browsers do), which imports it up front.`,
    );
  }
  const files = [`./${bundledOnFirstUseFile(name)}`, emitted];
  const errors: unknown[] = [];
  for (const file of files) {
    try {
      return require(file) as T;
    } catch (error) {
      errors.push(error);
    }
  }
  // The file that should be there: the one tsc emits when this code runs as tsc emits it, else the bundle's.
  const index = /\/dist\/src\/|\.ts$/.test(url) ? 1 : 0;
  const error = errors[index];
  const what = isMissingModule(error)
    ? 'is missing'
    : `cannot be loaded (${String((error as Error)?.message).split('\n', 1)[0]})`;
  throw new Error(
    `The library's file ${new URL(files[index]!, url).pathname} ${what}: run \`npm run build\` in a clone of the project, or reinstall the package.`,
    { cause: error },
  );
}
