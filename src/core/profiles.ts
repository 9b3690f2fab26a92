import type { PrecompiledValidator } from '../generated/validators.js';
import { bundledModuleFile, bundledRootFile, generatedModules, rootGroupOf } from './generated-modules.js';
import { isMissingModule } from './missing-module.js';
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

function nodeRequire(): ModuleRequire | undefined {
  try {
    const module = globalThis.process?.getBuiltinModule?.('node:module');
    return module?.createRequire(import.meta.url);
  } catch {
    return undefined;
  }
}

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
/** Module parts a synchronous load already failed on: not tried again on every call. */
const notNow = new Set<string>();

function tableOf(module: unknown): ValidatorTable {
  return (module as { validatorsByName: ValidatorTable }).validatorsByName;
}

/** Adds a module's validators (all of it, or one root's part) to those loaded. */
export function addLoaded(name: string, table: ValidatorTable): void {
  const known = loaded.get(name);
  if (known === undefined) loaded.set(name, { ...table });
  else Object.assign(known, table);
}

/** Loads synchronously what `files` hold (the first found), if the runtime can: whether it did. */
function requireFirst(name: string, files: readonly string[]): boolean {
  if (requireModule === null) requireModule = nodeRequire();
  if (requireModule === undefined) return false;
  for (const file of files) {
    try {
      addLoaded(name, tableOf(requireModule(file)));
      if (file.endsWith(`/${name}.js`) || file === `./${bundledModuleFile(name)}`) whole.add(name);
      return true;
    } catch {
      // Not at this location, or not loadable synchronously: the next location, then `loadProfile`.
    }
  }
  return false;
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
  if (!requireFirst(name, [`./${bundledRootFile(name, group)}`, `../generated/${name}.js`])) notNow.add(part);
  return loaded.get(name)?.[schema];
}

/** The validator of one schema in a profile's part, loaded on first use; undefined only where loading must wait. */
export function validatorOf(profile: Profile, part: Part, schema: string): Validator | undefined {
  const name = generatedModules[profile][part];
  return loaded.get(name)?.[schema] ?? loadNow(name, schema);
}

async function loadLater(name: string): Promise<void> {
  try {
    addLoaded(name, tableOf(await importers[name]!()));
    whole.add(name);
  } catch (error) {
    if (!isMissingModule(error)) throw error;
    throw new Error(`No precompiled validators ${name}.js beside the library: run \`npm run build\`.`, {
      cause: error,
    });
  }
}

/**
 * Loads a profile's validators ahead of use: of the roots named (`roots`), or of every root. Where the runtime
 * loads synchronously this resolves at once; elsewhere it imports the profile's modules whole.
 */
export function loadProfile(profile: Profile, roots?: readonly RootName[]): Promise<void> {
  const names = Object.values(generatedModules[profile]).filter((name) =>
    roots === undefined
      ? !whole.has(name) && !requireFirst(name, [`./${bundledModuleFile(name)}`, `../generated/${name}.js`])
      : roots.some((root) => (loaded.get(name)?.[root] ?? loadNow(name, root)) === undefined),
  );
  return Promise.all(
    names.map((name) => {
      let pending = loading.get(name);
      if (pending === undefined) loading.set(name, (pending = loadLater(name)));
      return pending;
    }),
  ).then(() => undefined);
}

/** The profile an option names; anything else is a programmer error and throws. */
export function profileOf(profile: unknown): Profile {
  if (profile === undefined || profile === 'default') return 'default';
  if (profile === 'strict') return 'strict';
  throw new TypeError(
    `Unknown profile ${JSON.stringify(profile)}; expected one of: ${profileNames.join(', ')}`,
  );
}
