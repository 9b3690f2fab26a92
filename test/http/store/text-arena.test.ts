import { describe, expect, it } from 'vitest';
import { TextArena } from '../../../src/http/store/text-arena.js';

describe('the text arena a memory store keeps versions in', () => {
  it('reads back every kept text, across chunks, in UTF-8, and counts its bytes', () => {
    const arena = new TextArena();
    const texts = Array.from({ length: 3000 }, (_, i) => `{"n":${i},"s":"${'é😀a'.repeat(i % 200)}"}`);
    const kept = texts.map((text) => {
      const placed = arena.write(text);
      arena.keep(placed);
      return placed;
    });
    // Together they pass 1 MiB, so later texts lie in a second chunk.
    expect(kept.at(-1)?.start).toBeGreaterThanOrEqual(2 ** 32);
    kept.forEach((placed, i) => {
      expect(arena.read(placed)).toBe(texts[i]);
      expect(placed.end - placed.start).toBe(new TextEncoder().encode(texts[i]).byteLength);
    });
  });

  it('takes a text larger than a chunk, and overwrites a write that was not kept', () => {
    const arena = new TextArena();
    const large = 'x'.repeat(3 * 1024 * 1024);
    const first = arena.write('dropped');
    const second = arena.write('kept');
    expect(second.start).toBe(first.start);
    arena.keep(second);
    const placed = arena.write(large);
    arena.keep(placed);
    expect(arena.read(second)).toBe('kept');
    expect(arena.read(placed)).toBe(large);
  });
});
