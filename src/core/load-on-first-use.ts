import { isMissingModule } from './missing-module.js';

/**
 * Code the main entry's first `validate()` never runs (the body guards, the secret scan) is not loaded with the
 * library but on its first use, as the validators of each root are (profiles.ts): importing it costs V8 the
 * compiling of what a process may never call. Node, Bun and Deno load it then, synchronously, from a CommonJS
 * file of its own beside the bundle (build/bundle.ts), or as tsc emits it (dist/src/). A runtime without
 * synchronous loading imports it ahead: its entry (index-preloaded.ts) imports it up front, and `loadProfile`
 * imports what is still missing.
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

/** Node's `require` from `url`, where the runtime offers it to an ES module (Node 20.16+, Bun, Deno). */
export function nodeRequire(url: string): ModuleRequire | undefined {
  try {
    const module = globalThis.process?.getBuiltinModule?.('node:module');
    return module?.createRequire(url);
  } catch {
    return undefined;
  }
}

/** A module's exports, loaded on the first call; `provide` hands them over where they were imported instead. */
export interface OnFirstUse<T> {
  (): T;
  provide(module: T): void;
}

/** The imports of every module declared below that has not been loaded yet, for `loadModulesAhead`. */
const importsAhead = new Map<string, () => Promise<void>>();

/**
 * A module loaded on its first use: `./<name>.cjs` beside the bundle, else `emitted` (its path from the module
 * that declares it, `url`) as tsc emits it; `importer` imports it where the runtime cannot require.
 */
export function loadedOnFirstUse<T>(
  name: ModuleOnFirstUseName,
  url: string,
  emitted: string,
  importer: () => Promise<T>,
): OnFirstUse<T> {
  let loaded: T | undefined;
  const provide = (module: T) => {
    loaded = module;
    importsAhead.delete(name);
  };
  importsAhead.set(name, async () => provide(await importer()));
  const onFirstUse = (() => (loaded ??= requireNow(name, url, emitted))) as OnFirstUse<T>;
  onFirstUse.provide = provide;
  return onFirstUse;
}

/** The module required synchronously from the first of its files that loads, or an error saying what to do. */
function requireNow<T>(name: ModuleOnFirstUseName, url: string, emitted: string): T {
  const require = nodeRequire(url);
  if (require === undefined) {
    throw new Error(
      `The library's ${name} code is not loaded: this runtime cannot load it synchronously; await loadProfile('default') first.`,
    );
  }
  const files = [`./${bundledOnFirstUseFile(name)}`, emitted];
  const errors: unknown[] = [];
  for (const file of files) {
    try {
      const module = require(file) as T;
      importsAhead.delete(name);
      return module;
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

/**
 * Imports every module loaded on first use that is not loaded yet, where the runtime cannot require it: what
 * `loadProfile` adds there, so that nothing a call needs is missing once it has resolved.
 */
export function loadModulesAhead(): Promise<void> {
  return nodeRequire(import.meta.url) === undefined ? importModulesOnFirstUse() : Promise.resolve();
}

/** Imports every module loaded on first use that is not loaded yet (the test runner's setup, which cannot require). */
export function importModulesOnFirstUse(): Promise<void> {
  return Promise.all([...importsAhead.values()].map((load) => load())).then(() => undefined);
}
