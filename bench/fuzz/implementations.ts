import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../src/core/ajv.js';
import { issuesFromAjv, issuesFromPrecompiled, type PrecompiledError } from '../../src/core/errors.js';
import { splitSchemas } from '../../src/core/schema-refs.js';
import { compileValidator } from '../../src/compile.js';
import * as generated from '../../src/generated/validators.js';
import { operationSchemas } from '../../schemas/operation-schemas.js';
import { innerSchemas, rootSchemas } from '../../schemas/roots.js';
import type { Issue } from '../../src/generated/types.js';

/**
 * The three implementations of every precompiled validator the differential fuzz compares: the shipped module
 * (src/generated/validators.js, Ajv's code after the build's rewrite), Ajv's own code for the same schemas compiled
 * in this process, and `compileValidator`, the run-time path. Each is read through the issues the library
 * reports for it (src/core/errors.ts), since the shipped errors carry the issue sentence as their message where
 * Ajv's carry none.
 */

/** What a validator said about one value: its verdict, its first error and the issues the library words from it. */
export type Outcome =
  | { valid: true }
  | { valid: false; firstError: { instancePath: string; keyword: string }; issues: Issue[] }
  | { valid: 'threw'; error: string };

export type Judge = (value: unknown) => Outcome;

export interface Implementations {
  /** The schema names, as src/generated/validators.js lists them: the roots, the preset config, the path parameters. */
  names: readonly string[];
  /** The schema objects, by name (what the dictionary is read from). */
  schemas: Readonly<Record<string, object>>;
  shipped: Readonly<Record<string, Judge>>;
  ajv: Readonly<Record<string, Judge>>;
  runtime: Readonly<Record<string, Judge>>;
}

export const implementationNames = ['shipped', 'ajv', 'runtime'] as const;
export type ImplementationName = (typeof implementationNames)[number];

interface ErrorLike {
  instancePath: string;
  keyword: string;
}

export type ValidatorLike<E extends ErrorLike> = ((data: unknown) => boolean) & { errors?: E[] | null };

/** Runs one validator; a throw is an outcome of its own, as the library turns it into an issue of its own. */
export function judgeWith<E extends ErrorLike>(
  validator: ValidatorLike<E>,
  toIssues: (errors: readonly E[]) => Issue[],
): Judge {
  return (value) => {
    let valid: boolean;
    try {
      valid = validator(value);
    } catch (error) {
      return { valid: 'threw', error: error instanceof Error ? error.constructor.name : typeof error };
    }
    if (valid) return { valid: true };
    const errors = validator.errors ?? [];
    const first = errors[0] ?? { instancePath: '(none)', keyword: '(none)' };
    return {
      valid: false,
      firstError: { instancePath: first.instancePath, keyword: first.keyword },
      issues: toIssues(errors),
    };
  };
}

/** The shipped validators' errors are worded at build time; Ajv's are worded by the library from keyword and params. */
export const precompiledIssues = (errors: readonly PrecompiledError[]) => issuesFromPrecompiled(errors);
export const ajvIssues = (errors: readonly ErrorObject[]) => issuesFromAjv(errors);

/**
 * Every schema the generated module exports, by name: the roots, the inner shapes and each operation's path
 * parameters, as schemas/ defines them. A name the module lists that schemas/ lacks is an error, not a skip.
 */
export function schemasByName(): Record<string, object> {
  const params = Object.entries(operationSchemas).flatMap(([id, { params }]) =>
    params === null ? [] : [[`params/${id}`, params] as const],
  );
  const all: Record<string, object> = { ...rootSchemas, ...innerSchemas, ...Object.fromEntries(params) };
  const names = Object.keys(generated.validatorsByName);
  const missing = names.filter((name) => !Object.hasOwn(all, name));
  if (missing.length > 0) throw new Error(`no schema in schemas/ for the validators ${missing.join(', ')}`);
  return Object.fromEntries(names.map((name) => [name, all[name]!]));
}

/**
 * Ajv's own validators for the schemas, with the options of src/core/ajv.ts, compiled as the build compiles them
 * for its standalone output: the schemas split with their shared subschemas registered once each under one
 * prefix, so every error's `schemaPath` (which the issue sentence of a closed object reads) is the build's.
 */
function ajvValidators(schemas: Record<string, object>): Record<string, ValidateFunction> {
  const sharedRef = (name: string) => `urn:gateway-contract:${name}`;
  const { roots, definitions } = splitSchemas(schemas, sharedRef);
  const ajv = createAjv();
  for (const [name, definition] of Object.entries(definitions)) ajv.addSchema(definition, sharedRef(name));
  for (const [name, schema] of Object.entries(roots)) ajv.addSchema(schema, name);
  return Object.fromEntries(
    Object.keys(roots).map((name) => {
      const validator = ajv.getSchema(name);
      if (validator === undefined) throw new Error(`Ajv compiled no validator for ${name}`);
      return [name, validator];
    }),
  );
}

export function loadImplementations(): Implementations {
  const schemas = schemasByName();
  const names = Object.keys(schemas);
  const compiled = ajvValidators(schemas);
  const byName = (judge: (name: string) => Judge) =>
    Object.fromEntries(names.map((name) => [name, judge(name)]));
  return {
    names,
    schemas,
    shipped: byName((name) =>
      judgeWith(generated.validatorsByName[name] as ValidatorLike<PrecompiledError>, precompiledIssues),
    ),
    ajv: byName((name) => judgeWith(compiled[name]!, ajvIssues)),
    runtime: byName((name) => judgeWith(compileValidator(schemas[name]!), ajvIssues)),
  };
}
