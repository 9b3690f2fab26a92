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
