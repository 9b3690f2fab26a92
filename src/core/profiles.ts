import type { PrecompiledValidator } from '../generated/validators.js';
import { bundledModuleFile, bundledRootFile, generatedModules, rootGroupOf } from './generated-modules.js';
import { isMissingModule } from './missing-module.js';
import { loadModulesAhead, nodeRequire } from './load-on-first-use.js';
import type { RootName } from './roots.js';

/**
 * The profiles a body is validated in (docs/contract.md#unknown-properties): `default` accepts unknown
 * properties outside the objects its rules close; `strict` rejects them in every object whose shape is known.
 * Both are precompiled. Each has two sets of validators: the verdict's, which stop at the first error, and the
 * collecting ones a rejected value runs through for all its issues, up to 20 (docs/contract.md#every-issue).
 *
 * No validator is loaded with the library: a root's code is loaded the first time that root is validated, and
 * its collecting validator the first time one of its values is rejected, so a process pays for the roots it
 * uses. Node, Bun and Deno load them then, synchronously (`require`), from the file of that root alone
 * (dist/lib/, build/split-validators.ts), or as tsc emits them, from the profile's whole module (dist/src/). A runtime without synchronous loading (Cloudflare's
 * workerd, a browser) gets a profile's modules whole by `import()` of a name written out (`loadProfile`, which
 * the HTTP layer awaits), which bundlers and the tools that gather a Worker's modules follow as they do a static
 * import; its entry (index-preloaded.ts) imports the default verdict up front.
 */
export type Profile = 'default' | 'strict';

export const profileNames: readonly Profile[] = ['default', 'strict'];

type Validator = PrecompiledValidator;
type ValidatorTable = Readonly<Record<string, Validator | undefined>>;
type Part = 'verdict' | 'collecting';

/**
 * Each module whole, imported by its name as written: a name computed at run time is one that workerd and
 * bundlers cannot find, so they would leave the module out. The bundle step rewrites each to the copy beside the
 * bundle in dist/lib/.
 */
const importers: Readonly<Record<string, () => Promise<unknown>>> = {
  validators: () => import('../generated/validators.js'),
  'validators-all-issues': () => import('../generated/validators-all-issues.js'),
  'validators-strict': () => import('../generated/validators-strict.js'),
  'validators-strict-all-issues': () => import('../generated/validators-strict-all-issues.js'),
};

type ModuleRequire = (specifier: string) => unknown;

/**
 * Made on the first load of a module, not at import: a runtime whose validators are all imported up front never
 * asks for `node:module`.
 */
let requireModule: ModuleRequire | undefined | null = null;

/** The validators loaded so far, by module and schema name. */
const loaded = new Map<string, Record<string, Validator | undefined>>();
const loading = new Map<string, Promise<void>>();
/** Modules loaded whole. */
const whole = new Set<string>();
/**
 * Module parts a synchronous load already failed on, not tried again on every call: with the reason the file
 * could not be loaded, or null where the runtime cannot load it synchronously and `loadProfile` must.
 */
const notNow = new Map<string, string | null>();

function tableOf(module: unknown): ValidatorTable {
  return (module as { validatorsByName: ValidatorTable }).validatorsByName;
}

/** Adds a module's validators (all of it, or one root's part) to those loaded. */
export function addLoaded(name: string, table: ValidatorTable): void {
  const known = loaded.get(name);
  if (known === undefined) loaded.set(name, { ...table });
  else Object.assign(known, table);
}

/**
 * Loads synchronously what `files` hold (the first found), if the runtime can: true if it did, else the error
 * of each file, in order, or null where the runtime has no synchronous loading at all.
 */
function requireFirst(name: string, files: readonly string[]): true | unknown[] | null {
  if (requireModule === null) requireModule = nodeRequire(import.meta.url);
  if (requireModule === undefined) return null;
  const errors: unknown[] = [];
  for (const file of files) {
    try {
      addLoaded(name, tableOf(requireModule(file)));
      if (file.endsWith(`/${name}.js`) || file === `./${bundledModuleFile(name)}`) whole.add(name);
      return true;
    } catch (error) {
      // Not at this location, or not loadable synchronously: the next location, then `loadProfile`.
      errors.push(error);
    }
  }
  return errors;
}

/**
 * Whether this code runs as tsc emits it (core/profiles.js, beside ../generated/) rather than bundled into
 * dist/lib/ beside the files of each root: which of the locations a part is loaded from is the one it must be at.
 */
const emittedByTsc = (): boolean => /\/core\/profiles\.[jt]s$/.test(import.meta.url);

/** Errors of a `require` that mean the file is there but must be imported: `loadProfile` can load it. */
const needsImport = new Set(['ERR_REQUIRE_ESM', 'ERR_REQUIRE_ASYNC_MODULE']);

/**
 * Why the part at `files` could not be loaded synchronously: a sentence naming the file and the fix, or null where
 * the runtime cannot load it synchronously and `loadProfile` is the way.
 */
function unloadableReason(files: readonly string[], errors: unknown[] | null): string | null {
  if (errors === null) return null;
  const index = emittedByTsc() ? files.length - 1 : 0;
  const error = errors[index];
  if (needsImport.has((error as { code?: unknown } | null)?.code as string)) return null;
  const url = new URL(files[index]!, import.meta.url);
  const file = url.protocol === 'file:' ? decodeURIComponent(url.pathname) : url.href;
  const detail = String((error as Error | null)?.message ?? error).split('\n', 1)[0] ?? '';
  const what =
    isMissingModule(error) && detail.includes(`'${files[index]}'`)
      ? 'is missing'
      : `cannot be loaded (${detail})`;
  return `The precompiled validators file ${file} ${what}: run \`npm run build\` in a clone of the project, or reinstall the package.`;
}

/**
 * A module's validator of one schema, loaded now if need be: the file of its root alone (dist/lib/), or the
 * whole module as tsc emits it (dist/src/); undefined where it cannot be loaded synchronously, which
 * `loadProfile` then loads.
 */
function loadNow(name: string, schema: string): Validator | undefined {
  const group = rootGroupOf(schema);
  const part = `${name}.${group}`;
  if (notNow.has(part)) return undefined;
  const files = [`./${bundledRootFile(name, group)}`, `../generated/${name}.js`];
  const found = requireFirst(name, files);
  if (found !== true) notNow.set(part, unloadableReason(files, found));
  return loaded.get(name)?.[schema];
}

/**
 * Why a profile's part has no validator of `schema` yet, as the sentence of an error: its file cannot be loaded,
 * its `loadProfile` is under way or failed, or it was never called in a runtime that needs it.
 */
export function notLoadedMessage(profile: Profile, part: Part, schema: string): string {
  const name = generatedModules[profile][part];
  const reason = notNow.get(`${name}.${rootGroupOf(schema)}`);
  if (typeof reason === 'string') return reason;
  const failed = failedLoads.get(name);
  if (failed !== undefined) return failed;
  if (loading.has(name)) {
    return `The ${profile} profile is still loading in this runtime: await loadProfile('${profile}') before validating.`;
  }
  return `The ${profile} profile is not loaded: this runtime cannot load its validators synchronously; await loadProfile('${profile}') first.`;
}

/** The validator of one schema in a profile's part, loaded on first use; undefined only where loading must wait. */
export function validatorOf(profile: Profile, part: Part, schema: string): Validator | undefined {
  const name = generatedModules[profile][part];
  return loaded.get(name)?.[schema] ?? loadNow(name, schema);
}

/** The message of each module whose `loadProfile` import failed. */
const failedLoads = new Map<string, string>();

async function loadLater(name: string): Promise<void> {
  try {
    addLoaded(name, tableOf(await importers[name]!()));
    whole.add(name);
    failedLoads.delete(name);
  } catch (error) {
    const failure = isMissingModule(error)
      ? new Error(`No precompiled validators ${name}.js beside the library: run \`npm run build\`.`, {
          cause: error,
        })
      : error;
    failedLoads.set(name, (failure as Error).message);
    throw failure;
  } finally {
    loading.delete(name);
  }
}

/**
 * Loads a profile's validators ahead of use: of the roots named (`roots`), or of every root. Where the runtime
 * loads synchronously this resolves at once; elsewhere it imports the profile's modules whole, and the library's
 * code that loads on first use (load-on-first-use.ts).
 */
export function loadProfile(profile: Profile, roots?: readonly RootName[]): Promise<void> {
  const names = Object.values(generatedModules[profile]).filter((name) =>
    roots === undefined
      ? !whole.has(name) &&
        requireFirst(name, [`./${bundledModuleFile(name)}`, `../generated/${name}.js`]) !== true
      : roots.some((root) => (loaded.get(name)?.[root] ?? loadNow(name, root)) === undefined),
  );
  return Promise.all([
    ...names.map((name) => {
      let pending = loading.get(name);
      if (pending === undefined) loading.set(name, (pending = loadLater(name)));
      return pending;
    }),
    loadModulesAhead(),
  ]).then(() => undefined);
}

/** The profile an option names; anything else is a programmer error and throws. */
export function profileOf(profile: unknown): Profile {
  if (profile === undefined || profile === 'default') return 'default';
  if (profile === 'strict') return 'strict';
  throw new TypeError(
    `Unknown profile ${JSON.stringify(profile)}; expected one of: ${profileNames.join(', ')}`,
  );
}
