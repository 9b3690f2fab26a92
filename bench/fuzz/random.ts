/**
 * A seeded pseudo-random generator (sfc32, seeded through splitmix32): the same seed gives the same inputs on
 * every machine and Node version, so a run can be repeated from its seed alone.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    // splitmix32 spreads a small seed (0, 1, 2...) over the four words, which sfc32 needs to start well.
    const next = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A whole number in [0, n). */
  below(n: number): number {
    return Math.floor((this.uint32() / 0x1_0000_0000) * n);
  }

  chance(probability: number): boolean {
    return this.uint32() / 0x1_0000_0000 < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[this.below(items.length)]!;
  }
}
