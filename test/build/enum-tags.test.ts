import { describe, expect, it } from 'vitest';
import { enumChecksAfterTags } from '../../build/standalone/enum-tags.js';
import { parse } from '../../build/standalone/ast.js';

/** A union's enum check before its discriminator, as the verdict's validators have them (build/standalone/). */
const union = (tags: string[]) => `
const obj0 = new Set(["a", "b", null]);
function v1(data) {
  if (data.type !== undefined) {
    if (!obj0.has(data.type)) {
      return failAt(v1, "/type", 1);
    }
  }
  {
    const tag0 = data.type;
    if (typeof tag0 == "string") {
      ${tags.map((tag) => `if (tag0 === ${JSON.stringify(tag)}) { ok(); }`).join(' else ')} else {
        return failAt(v1, "", 2);
      }
    } else {
      return failAt(v1, "", 3);
    }
  }
}`;

const normalised = (code: string) =>
  JSON.stringify(parse(code), (key, value: unknown) =>
    key === 'start' || key === 'end' ? undefined : value,
  );

describe('the enum check of a union tag', () => {
  it('moves where no branch of the discriminator matched, before each of its errors', () => {
    const moved = enumChecksAfterTags(union(['a', 'b']));
    const check =
      'if (data.type !== undefined) { if (!obj0.has(data.type)) { return failAt(v1, "/type", 1); } }';
    expect(normalised(moved)).toBe(
      normalised(`
const obj0 = new Set(["a", "b", null]);
function v1(data) {
  {
    const tag0 = data.type;
    if (typeof tag0 == "string") {
      if (tag0 === "a") { ok(); } else if (tag0 === "b") { ok(); } else {
        ${check}
        return failAt(v1, "", 2);
      }
    } else {
      ${check}
      return failAt(v1, "", 3);
    }
  }
}`),
    );
  });

  it('moves it in the collecting validators too, whose discriminator is not a block of its own', () => {
    const collecting = union(['a', 'b'])
      .replace('  {\n    const tag0', '    const tag0')
      .replace(/\n {2}}\n}$/, '\n}');
    expect(collecting).not.toBe(union(['a', 'b']));
    const moved = enumChecksAfterTags(collecting);
    expect(moved.indexOf('obj0.has')).toBeGreaterThan(moved.indexOf('const tag0'));
    expect(moved.match(/obj0\.has/g)).toHaveLength(2);
  });

  it('fails the build when a branch has a tag its enum refuses, which the check would have rejected first', () => {
    expect(() => enumChecksAfterTags(union(['a', 'c']))).toThrow(/the tag "c" is not in its enum/);
  });

  it('fails the build when it finds nothing to move: Ajv changed the shape of its code', () => {
    expect(() => enumChecksAfterTags('function v1(data) { return true; }')).toThrow(/no enum check/);
  });
});
