import fc from 'fast-check';
import { validRequest } from './arbitraries.js';

/*
 * Arbitraries for hostile JSON: values whose object keys are often `__proto__`, `constructor`, `prototype` or
 * names of Object.prototype's methods, held as own properties exactly as JSON.parse makes them.
 */

const trickyKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'type',
  'model',
  'messages',
  'role',
  'content',
);

const key = fc.oneof(trickyKeys, fc.string({ maxLength: 6 }));

/** An object with own data properties, as JSON.parse builds it: an own `__proto__` key stays a plain key. */
function ownObject(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

const leaf = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('\ud800', '\udc00', '', '__proto__'),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** Any JSON value, its keys drawn mostly from the tricky ones. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: object;
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map(ownObject),
})).value;

const hostileObject = fc.array(fc.tuple(key, hostileJson), { maxLength: 5 }).map(ownObject);

/**
 * A generated valid request with hostile objects planted where the schemas leave values free (most of them
 * persisted into the preset config), and tricky keys at its root.
 */
export const hostileRequest: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(validRequest, hostileObject, hostileObject, hostileObject, hostileObject)
  .map(([request, rootExtras, schema, format, plugin]) =>
    ownObject([
      ...Object.entries(request),
      ...Object.entries(rootExtras),
      ['tools', [{ name: 't', input_schema: { properties: schema } }]],
      ['output_config', { format: { type: 'json_schema', schema: format } }],
      ['plugins', [ownObject([['id', 'moderation'], ...Object.entries(plugin)])]],
    ]),
  );

/** Freezes a value and everything in it, so any write the code under test attempts throws. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item === null || typeof item !== 'object' || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const name of Object.keys(item)) stack.push((item as Record<string, unknown>)[name]);
  }
  return value;
}
