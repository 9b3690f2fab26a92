import { describe, expectTypeOf, it } from 'vitest';
import type { DerivedTypes, EmittedTypes } from '../../build/types/type-names.js';

/*
 * Each plain type of schemas/types.ts (what ships) is the type json-schema-to-ts derives from its schema
 * (build/types/from-schemas.ts): identical, optional, readonly and index signatures included. The types are read
 * by their names from build/types/type-names.ts, which `npm run generate` writes from from-schemas.ts;
 * test/build/types.test.ts checks that it names every type of both files.
 */

/** TypeScript's own test of two types being identical, the one `toEqualTypeOf` makes. */
type Identical<A, B> =
  (<T>() => T extends (A & T) | T ? true : false) extends <T>() => T extends (B & T) | T ? true : false
    ? true
    : false;

/** The names whose printed type is not the one json-schema-to-ts derives. */
type Differing = {
  [Name in keyof DerivedTypes]: Identical<EmittedTypes[Name], DerivedTypes[Name]> extends true ? never : Name;
}[keyof DerivedTypes];

/**
 * Type-checks only when `Names` is never; else the error names them:
 * `Type '"Message"' does not satisfy the constraint 'never'`.
 */
function noNames<Names extends never>(): Names[] {
  return [];
}

describe('the emitted types equal the types json-schema-to-ts derives', () => {
  it('each named type, by its name', () => {
    // `& string` has the checker print the names rather than the alias.
    noNames<Differing & string>();
    expectTypeOf<EmittedTypes>().toEqualTypeOf<DerivedTypes>();
  });
});
