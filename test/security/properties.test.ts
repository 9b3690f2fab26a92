import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalizePresetRequest,
  presetConfigKeys,
  rootNames,
  validate,
  type MessagesRequest,
} from '../../src/index.js';
import { prototypeSnapshot } from '../fixtures/hostile/run-case.js';
import { deepFreeze, hostileJson, hostileRequest } from '../support/hostile-arbitraries.js';

const runs = { numRuns: 300 };
const configKeys: ReadonlySet<string> = new Set(presetConfigKeys.map(String));

/** Every object and array in a value, walked without recursion. */
function containers(value: unknown): object[] {
  const found: object[] = [];
  const stack = [value];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item === null || typeof item !== 'object') continue;
    found.push(item);
    for (const name of Object.keys(item)) stack.push((item as Record<string, unknown>)[name]);
  }
  return found;
}

describe('validate and the normalizer on hostile values (properties)', () => {
  it('validate never throws and never writes to its input, for any JSON value at any root', () => {
    fc.assert(
      fc.property(fc.constantFrom(...rootNames), fc.oneof(hostileJson, hostileRequest), (name, value) => {
        const before = JSON.stringify(value);
        // Frozen, a write to the input throws, so "never throws" also proves "never mutates".
        validate(name, deepFreeze(value));
        expect(JSON.stringify(value)).toBe(before);
      }),
      runs,
    );
  });

  it('the normalizer never throws nor writes, keeps only preset config keys, and pollutes no prototype', () => {
    const prototypesBefore = prototypeSnapshot();
    let normalized = 0;
    fc.assert(
      fc.property(hostileRequest, (request) => {
        const result = validate('messages-request', deepFreeze(request));
        if (!result.ok) return;
        normalized++;
        const before = JSON.stringify(request);
        const { config } = normalizePresetRequest(result.value as MessagesRequest);
        expect(JSON.stringify(request)).toBe(before);
        for (const name of Reflect.ownKeys(config)) expect(configKeys.has(String(name))).toBe(true);
        for (const name of Object.keys(config)) expect(Object.hasOwn(config, name)).toBe(true);
        for (const container of containers(config)) {
          expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(container));
        }
      }),
      runs,
    );
    // The planted values must mostly validate, or the property would test nothing.
    expect(normalized).toBeGreaterThan(runs.numRuns / 2);
    expect(prototypeSnapshot()).toBe(prototypesBefore);
    expect('polluted' in {}).toBe(false);
  });

  it('the normalizer copies every persisted field exactly, __proto__, constructor and prototype included', () => {
    let normalized = 0;
    fc.assert(
      fc.property(hostileRequest, (request) => {
        const result = validate('messages-request', request);
        if (!result.ok) return;
        normalized++;
        const fields = persistedFields(result.value);
        const { config } = normalizePresetRequest(result.value);
        expect(sameOwnJson(config, fields)).toBe(true);
        expect(JSON.stringify(config)).toBe(JSON.stringify(fields));
      }),
      runs,
    );
    expect(normalized).toBeGreaterThan(runs.numRuns / 2);
  });
});

/** The request's fields a preset saves, as they are (contract: preset-config). */
function persistedFields(request: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of presetConfigKeys) {
    const value: unknown = (request as Record<string, unknown>)[key];
    if (Object.hasOwn(request, key) && value !== undefined) fields[key] = value;
  }
  return fields;
}

/** Deep equality by own keys, in order, so an own `__proto__` counts like any other key; data properties only. */
function sameOwnJson(left: unknown, right: unknown): boolean {
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object')
    return Object.is(left, right);
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Reflect.ownKeys(left);
  const rightKeys = Reflect.ownKeys(right);
  if (leftKeys.length !== rightKeys.length || leftKeys.some((key, at) => key !== rightKeys[at])) return false;
  return leftKeys.every((key) => {
    const a = Reflect.getOwnPropertyDescriptor(left, key);
    const b = Reflect.getOwnPropertyDescriptor(right, key);
    return a?.get === undefined && a?.set === undefined && sameOwnJson(a?.value, b?.value);
  });
}
