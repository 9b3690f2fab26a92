import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import {
  CHARACTERS_PER_CONTAINER,
  DEFAULT_MAX_OBJECT_SHAPES,
  FREE_CONTAINERS,
  tooDenseMessage,
  tooManyShapesMessage,
} from '../../src/body/body-cost.js';
import { scanJsonShape } from '../../src/body/json-shape.js';
import { parseJsonBody } from '../../src/index.js';
import { requestCases } from '../fixtures/payloads.js';

/** A valid request whose tool_use input is `input`, written as raw JSON text. */
function withInput(input: string): string {
  return `{"model":"m","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"n","input":${input}}]}]}`;
}

/** `count` objects of one key each, every key new: each object starts a shape of its own. */
function newKeys(count: number): string {
  return `[${Array.from({ length: count }, (_, i) => `{"k${i}":0}`).join(',')}]`;
}

function rootIssue(message: string) {
  return { ok: false, error: errorBody(400, [{ path: '', message }]) };
}

describe('the body-cost bound (docs/contract.md#body-cost)', () => {
  it('counts a shape per distinct key sequence an object starts, shared between objects', () => {
    const shapes = (text: string, max: number) => scanJsonShape(text, 64, max).tooManyShapes;
    // `a`, then `a,b`: two shapes however many objects repeat them.
    expect(shapes('[{"a":1,"b":2},{"a":3,"b":4},{"a":5}]', 2)).toBe(false);
    expect(shapes('[{"a":1,"b":2},{"b":3,"a":4}]', 3)).toBe(true);
    expect(shapes('[{"a":1,"b":2},{"b":3,"a":4}]', 4)).toBe(false);
  });

  it('rejects a body starting more distinct object shapes than the limit, at the root, before parsing', () => {
    const text = withInput(newKeys(DEFAULT_MAX_OBJECT_SHAPES + 1));
    expect(parseJsonBody(text)).toEqual(rootIssue(tooManyShapesMessage(DEFAULT_MAX_OBJECT_SHAPES)));
    expect(parseJsonBody(withInput(newKeys(DEFAULT_MAX_OBJECT_SHAPES - 16))).ok).toBe(true);
    expect(parseJsonBody(withInput(newKeys(10)), { maxObjectShapes: 8 })).toEqual(
      rootIssue(tooManyShapesMessage(8)),
    );
  });

  it('rejects objects and arrays packed denser than the limit, and accepts them up to it', () => {
    const count = 100_000;
    const dense = withInput(`[${Array(count).fill('[]').join(',')}]`);
    expect(parseJsonBody(dense)).toEqual(rootIssue(tooDenseMessage));
    // Each array padded to the allowed characters per container passes.
    const padded = `[${'0,'.repeat((CHARACTERS_PER_CONTAINER - 4) / 2)}0]`;
    expect(padded.length + 1).toBe(CHARACTERS_PER_CONTAINER);
    expect(parseJsonBody(withInput(`[${Array(count).fill(padded).join(',')}]`)).ok).toBe(true);
    expect(
      parseJsonBody(
        withInput(
          `[${Array(FREE_CONTAINERS - 16)
            .fill('{}')
            .join(',')}]`,
        ),
      ).ok,
    ).toBe(true);
  });

  it('stops its pass at the first object or array past the density bound, not at the end of the body', () => {
    const dense = '[' + '[],'.repeat(100) + '[]]';
    expect(scanJsonShape(dense, 64, Infinity, 10)).toMatchObject({ tooManyContainers: true, containers: 11 });
    expect(scanJsonShape(dense, 64, Infinity, 102)).toMatchObject({
      tooManyContainers: false,
      containers: 102,
    });
  });

  it('rejects a limit that is not a usable integer', () => {
    expect(() => parseJsonBody('{}', { maxObjectShapes: 0 })).toThrow(RangeError);
  });

  it('accepts the bundled example and every accepted request of the benchmark cases', () => {
    const example = readFileSync(new URL('../../schemas/examples/messages-request.json', import.meta.url));
    expect(parseJsonBody(example).ok).toBe(true);
    for (const benchCase of requestCases.filter((one) => one.valid)) {
      const text = typeof benchCase.value === 'string' ? benchCase.value : JSON.stringify(benchCase.value);
      const verdict = parseJsonBody(text);
      expect(verdict.ok ? 'ok' : verdict.error.error.metadata?.issues[0]?.message, benchCase.name).toBe('ok');
    }
  });
});
