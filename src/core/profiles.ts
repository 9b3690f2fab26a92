import * as defaultVerdict from '../generated/validators.js';
import type { PrecompiledValidator } from '../generated/validators.js';
import { bundledModuleFile, generatedModules } from './generated-modules.js';
import { isMissingModule } from './missing-module.js';

/**
 * The profiles a body is validated in (docs/contract.md#unknown-properties): `default` accepts unknown
 * properties outside the objects its rules close; `strict` rejects them in every object whose shape is known.
 * Both are precompiled. Each has two sets of validators: the verdict's, which stop at the first error, and the
 * collecting ones a rejected value runs through for all its issues, up to 20 (docs/contract.md#every-issue).
 *
 * Only the default verdict is imported up front: the other three modules are three times its size, and loading
 * them with the library would triple its start-up for calls that never reject or never ask for `strict`. They
 * are loaded on first use, synchronously where the runtime can (Node's `require` of an ES module), else by
 * `import()` of a name written out (`loadProfile`, which the HTTP layer awaits), which bundlers and the tools
 * that gather a Worker's modules for Cloudflare's workerd follow as they do a static import.
 */
export type Profile = 'default' | 'strict';

export const profileNames: readonly Profile[] = ['default', 'strict'];

type ValidatorTable = Readonly<Record<string, PrecompiledValidator | undefined>>;
type Part = 'verdict' | 'collecting';

/**
 * Each module loaded on first use, imported by its name as written: a name computed at run time is one that
 * workerd and bundlers cannot find, so they would leave the module out. The bundle step rewrites each to the
 * copy beside the bundle in dist/lib/.
 */
const importers: Readonly<Record<string, () => Promise<unknown>>> = {
  'validators-all-issues': () => import('../generated/validators-all-issues.js'),
  'validators-strict': () => import('../generated/validators-strict.js'),
  'validators-strict-all-issues': () => import('../generated/validators-strict-all-issues.js'),
};

/** Where a generated module sits beside this code for Node's `require`: as tsc emits it, or in dist/lib/. */
const locations = (name: string) => [`../generated/${name}.js`, `./${bundledModuleFile(name)}`];

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
 * Made on the first load of another module, not at import: loading `node:module` costs about 2 ms, a seventh of
 * the library's whole start-up, for calls that may never reject or ask for `strict` (bench/cold-start.ts).
 */
let requireModule: ModuleRequire | undefined | null = null;

const loaded = new Map<string, ValidatorTable>([
  [generatedModules.default.verdict, defaultVerdict.validatorsByName],
]);
const loading = new Map<string, Promise<void>>();
/** Modules a synchronous load already failed on: not tried again on every rejection. */
const notNow = new Set<string>();

function tableOf(module: unknown): ValidatorTable {
  return (module as { validatorsByName: ValidatorTable }).validatorsByName;
}

/**
 * The module's validators, loaded now if need be; undefined where it cannot be loaded synchronously (no
 * `require` of ES modules, or a module graph only a bundler resolves), which `loadProfile` then loads.
 */
function loadNow(name: string): ValidatorTable | undefined {
  const known = loaded.get(name);
  if (known !== undefined || notNow.has(name)) return known;
  if (requireModule === null) requireModule = nodeRequire();
  if (requireModule === undefined) return undefined;
  for (const location of locations(name)) {
    try {
      const table = tableOf(requireModule(location));
      loaded.set(name, table);
      return table;
    } catch {
      // Not at this location, or not loadable synchronously: the next location, then `loadProfile`.
    }
  }
  notNow.add(name);
  return undefined;
}

async function loadLater(name: string): Promise<void> {
  try {
    loaded.set(name, tableOf(await importers[name]!()));
  } catch (error) {
    if (!isMissingModule(error)) throw error;
    throw new Error(`No precompiled validators ${name}.js beside the library: run \`npm run build\`.`, {
      cause: error,
    });
  }
}

/**
 * Loads a profile's validators ahead of use, for a runtime without synchronous loading; where it has it, this
 * resolves at once.
 */
export function loadProfile(profile: Profile): Promise<void> {
  const names = Object.values(generatedModules[profile]).filter((name) => loadNow(name) === undefined);
  return Promise.all(
    names.map((name) => {
      let pending = loading.get(name);
      if (pending === undefined) loading.set(name, (pending = loadLater(name)));
      return pending;
    }),
  ).then(() => undefined);
}

/** A profile's validators of one part, loaded on first use; undefined only where loading must wait. */
export function validatorsOf(profile: Profile, part: Part): ValidatorTable | undefined {
  return loadNow(generatedModules[profile][part]);
}

/** The profile an option names; anything else is a programmer error and throws. */
export function profileOf(profile: unknown): Profile {
  if (profile === undefined || profile === 'default') return 'default';
  if (profile === 'strict') return 'strict';
  throw new TypeError(
    `Unknown profile ${JSON.stringify(profile)}; expected one of: ${profileNames.join(', ')}`,
  );
}
