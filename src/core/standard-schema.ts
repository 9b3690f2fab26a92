import type { Issue } from '../generated/types.js';
import { pointerSegments } from './json-pointer.js';
import type { ValidationResult } from './roots.js';

/**
 * The Standard Schema v1 interface, copied from its specification (https://standardschema.dev, "The interface"),
 * as the specification asks libraries to do rather than depend on a package: frameworks such as Hono, tRPC and
 * TanStack accept any validator that carries it.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

// The specification's own shape: a namespace of types, so users can write `StandardSchemaV1.InferOutput<...>`.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties interface. */
  export interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1;
    /** The vendor name of the schema library. */
    readonly vendor: string;
    /** Validates unknown input values. */
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    /** Inferred types associated with the schema. */
    readonly types?: Types<Input, Output> | undefined;
  }

  /** The result interface of the validate function. */
  export type Result<Output> = SuccessResult<Output> | FailureResult;

  /** The result interface if validation succeeds. */
  export interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output;
    /** The non-existent issues. */
    readonly issues?: undefined;
  }

  /** The result interface if validation fails. */
  export interface FailureResult {
    /** The issues of failed validation. */
    readonly issues: ReadonlyArray<Issue>;
  }

  /** The issue interface of the failure output. */
  export interface Issue {
    /** The error message of the issue. */
    readonly message: string;
    /** The path of the issue, if any. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }

  /** The path segment interface of the issue. */
  export interface PathSegment {
    /** The key representing a path segment. */
    readonly key: PropertyKey;
  }

  /** The Standard Schema types interface. */
  export interface Types<Input = unknown, Output = Input> {
    /** The input type of the schema. */
    readonly input: Input;
    /** The output type of the schema. */
    readonly output: Output;
  }

  /** Infers the input type of a Standard Schema. */
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<
    Schema['~standard']['types']
  >['input'];

  /** Infers the output type of a Standard Schema. */
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<
    Schema['~standard']['types']
  >['output'];
}

export const STANDARD_SCHEMA_VENDOR = 'gateway-contract';

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * An issue's JSON Pointer as a Standard Schema path. Every segment is a property name except where the value
 * holds an array at that point, whose segments are indices: `/messages/0/content` -> `['messages', 0, 'content']`.
 */
export function pathFromPointer(pointer: string, value: unknown): PropertyKey[] {
  const path: PropertyKey[] = [];
  let node = value;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node) && ARRAY_INDEX.test(segment)) {
      const index = Number(segment);
      path.push(index);
      node = node[index];
    } else {
      path.push(segment);
      node =
        node !== null && typeof node === 'object' && Object.hasOwn(node, segment)
          ? (node as never)[segment]
          : undefined;
    }
  }
  return path;
}

function standardIssues(issues: readonly Issue[], value: unknown): StandardSchemaV1.Issue[] {
  return issues.map((issue) => ({ message: issue.message, path: pathFromPointer(issue.path, value) }));
}

/**
 * Gives a validator the `~standard` property of Standard Schema v1, validating through `check` (which never
 * throws on input): `{ value }` when the value passes, else `{ issues }` made of the error body's issues.
 */
export function withStandardSchema<G extends object, T>(
  guard: G,
  check: (value: unknown) => ValidationResult<T>,
): G & StandardSchemaV1<T> {
  const props: StandardSchemaV1.Props<T> = {
    version: 1,
    vendor: STANDARD_SCHEMA_VENDOR,
    validate(value) {
      const result = check(value);
      if (result.ok) return { value: result.value };
      const issues = result.error.error.metadata?.issues ?? [];
      return {
        issues:
          issues.length > 0
            ? standardIssues(issues, value)
            : [{ message: result.error.error.message, path: [] }],
      };
    },
  };
  return Object.defineProperty(guard, '~standard', { value: props, enumerable: false }) as G &
    StandardSchemaV1<T>;
}
