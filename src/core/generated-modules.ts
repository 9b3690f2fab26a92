/**
 * The precompiled validator modules of src/generated/, by profile and part (docs/contract.md#unknown-properties,
 * docs/contract.md#every-issue): the verdict's validators, which stop at the first error, and the collecting ones
 * a rejected value runs through for all its issues. The build writes them (build/precompile.ts), the bundle
 * compacts them into dist/lib/ and splits each into one file per root (build/bundle.ts), and the loader loads
 * them (profiles.ts), all from this table. It imports nothing, so the build can read it before any generated
 * module exists.
 */
export const generatedModules = {
  default: { verdict: 'validators', collecting: 'validators-all-issues' },
  strict: { verdict: 'validators-strict', collecting: 'validators-strict-all-issues' },
} as const;

/** What the library reads of the schemas besides their validators: small, and imported up front. */
export const validatorFacts = 'validator-facts';

/** Every generated module's base name, the default's verdict first (a function, so the library never builds it). */
export const generatedModuleNames = (): string[] =>
  Object.values(generatedModules).flatMap((parts) => Object.values(parts));

/** The file a generated module is bundled to in dist/lib/, beside the library's chunks. */
export const bundledModuleFile = (name: string): string => `generated-${name}.js`;

/**
 * The part of a module a schema's validator is bundled in: one per root (and the preset config), one for every
 * operation's path parameters, which are small and checked together.
 */
export const rootGroupOf = (schemaName: string): string =>
  schemaName.startsWith('params/') ? 'params' : schemaName;

/**
 * The file of one root's part of a generated module in dist/lib/, which `require` loads when that root is first
 * used: CommonJS (build/split-validators.ts).
 */
export const bundledRootFile = (name: string, group: string): string => `generated-${name}.${group}.cjs`;

/**
 * The ES module of one root's part of a generated module in dist/lib/, which the entries for runtimes without
 * synchronous loading import statically by name, so a bundler keeps the roots a program uses and no other.
 */
export const importedRootFile = (name: string, group: string): string => `generated-${name}.${group}.js`;
