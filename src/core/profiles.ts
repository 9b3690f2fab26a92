import type { PrecompiledValidator } from '../generated/validators.js';
import { bundledRootFile, generatedModules, rootGroupOf } from './generated-modules.js';
import { isMissingModule } from './missing-module.js';
import { nodeRequire } from './load-on-first-use.js';
import type { RootName } from './roots.js';
import * as facts from '../generated/validator-facts.js';

/**
 * The profiles a body is validated in (docs/contract.md#unknown-properties): `default` accepts unknown
 * properties outside the objects its rules close; `strict` rejects them in every object whose shape is known.
 * Both are precompiled. Each has two sets of validators: the verdict's, which stop at the first error, and the
 * collecting ones a rejected value runs through for all its issues, up to 20 (docs/contract.md#every-issue).
 *
 * This module is the one place validators are loaded, one way per runtime. Node, Bun and Deno load a root's
 * validators the first time that root is validated, and its collecting validator the first time one of its
 * values is rejected, synchronously (`nodeRequire`), from the file of that root alone (dist/lib/,
 * build/split-validators.ts), or as tsc emits them, from the profile's whole module (dist/src/): a process pays
 * for the roots it uses. A runtime without synchronous loading (Cloudflare's workerd, a browser) gets the
 * package's `default` condition, whose entries import the validators statically (imported-validators.ts,
 * imported-profile.ts) and hand them over here (`addProfile`), so a bundler keeps the roots a program uses.
 * Nothing here imports a module dynamically: a bundler that meets a dynamic import wraps every module it reaches
 * and keeps what a program never calls.
 */
export type Profile = 'default' | 'strict';

export const profileNames: readonly Profile[] = ['default', 'strict'];

type Validator = PrecompiledValidator;
type ValidatorTable = Readonly<Record<string, Validator | undefined>>;
type Part = 'verdict' | 'collecting';

type ModuleRequire = (specifier: string) => unknown;

/**
 * Made on the first load of a module, not at import: a runtime whose validators are all imported up front never
 * asks for `node:module`.
 */
let requireModule: ModuleRequire | undefined | null = null;

/** The validators loaded so far, by module and schema name. */
const loaded = new Map<string, Record<string, Validator | undefined>>();
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

/** Adds a module's validators (all of it, `complete`, or one root's part) to those loaded. */
function addLoaded(name: string, table: ValidatorTable, complete = false): void {
  const known = loaded.get(name);
  if (known === undefined) loaded.set(name, { ...table });
  else Object.assign(known, table);
  if (complete) whole.add(name);
}

/** The validators of both parts of a profile, imported whole by the caller. */
export interface ProfileModules {
  verdict: { validatorsByName: ValidatorTable };
  collecting: { validatorsByName: ValidatorTable };
}

/**
 * Hands over a profile's modules imported whole where the runtime cannot `require` them: the `default`
 * condition's entries, by static import (imported-profile.ts), the interface page and the test runner's setup,
 * by dynamic imports of their own.
 */
export function addProfile(profile: Profile, modules: ProfileModules): void {
  addLoaded(generatedModules[profile].verdict, modules.verdict.validatorsByName, true);
  addLoaded(generatedModules[profile].collecting, modules.collecting.validatorsByName, true);
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
      addLoaded(name, tableOf(requireModule(file)), file.endsWith(`/${name}.js`));
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
 * or the runtime cannot load it synchronously and the profile was not handed over.
 */
export function notLoadedMessage(profile: Profile, part: Part, schema: string): string {
  const name = generatedModules[profile][part];
  const reason = notNow.get(`${name}.${rootGroupOf(schema)}`);
  if (typeof reason === 'string') return reason;
  return `The ${profile} profile is not loaded: this runtime cannot load its validators synchronously; import the package by its \`default\` condition (as bundlers for workerd and browsers do) and await its loadProfile('${profile}') first.`;
}

/** The validator of one schema in a profile's part, loaded on first use; undefined only where loading must wait. */
export function validatorOf(profile: Profile, part: Part, schema: string): Validator | undefined {
  const name = generatedModules[profile][part];
  return loaded.get(name)?.[schema] ?? loadNow(name, schema);
}

/**
 * Loads a profile's validators ahead of use: of the roots named (`roots`), or of every root. Where the runtime
 * loads synchronously this loads each root's file now, as its first use would, and resolves; elsewhere it
 * resolves once they were handed over (`addProfile`: the `default` condition's `loadProfile` does), and rejects,
 * saying so, while they were not.
 */
export function loadProfile(profile: Profile, roots?: readonly RootName[]): Promise<void> {
  for (const part of ['verdict', 'collecting'] as const) {
    const name = generatedModules[profile][part];
    // Every group's file, as a first use loads it: one way to load on each runtime.
    const wanted = roots ?? (whole.has(name) ? [] : everyGroup());
    const missing = wanted.find((one) => (loaded.get(name)?.[one] ?? loadNow(name, one)) === undefined);
    if (missing !== undefined) return Promise.reject(new Error(notLoadedMessage(profile, part, missing)));
  }
  return Promise.resolve();
}

/** A schema of each group of a profile's validators (`rootGroupOf`): each root, the preset config, the parameters. */
const everyGroup = (): string[] => [
  ...facts.rootNames,
  'preset-config',
  ...Object.keys(facts.badParamStatus)
    .slice(0, 1)
    .map((operation) => `params/${operation}`),
];

/** The profile an option names; anything else is a programmer error and throws. */
export function profileOf(profile: unknown): Profile {
  if (profile === undefined || profile === 'default') return 'default';
  if (profile === 'strict') return 'strict';
  throw new TypeError(
    `Unknown profile ${JSON.stringify(profile)}; expected one of: ${profileNames.join(', ')}`,
  );
}
