/**
 * Texts kept as UTF-8 in large byte arrays, written one after another and never freed: the JavaScript heap holds
 * a few arrays however many texts there are, so the garbage collector neither copies nor scans what a store
 * keeps, and no text costs an allocation of its own. A text is found again by where its bytes start and end.
 */
const CHUNK_BYTES = 1024 * 1024;
/** Positions span chunks: chunk `n` starts at `n * CHUNK_SPAN`, past the end of any chunk. */
const CHUNK_SPAN = 2 ** 32;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface KeptText {
  start: number;
  end: number;
}

export class TextArena {
  readonly #chunks: Uint8Array[] = [];
  #used = 0;

  /** Writes `text` after the last one, and where it lies; `end - start` is its UTF-8 length. */
  write(text: string): KeptText {
    let chunk = this.#chunks.at(-1);
    let written = 0;
    if (chunk !== undefined) {
      const result = encoder.encodeInto(text, chunk.subarray(this.#used));
      if (result.read < text.length) chunk = undefined;
      else written = result.written;
    }
    if (chunk === undefined) {
      // A UTF-16 unit is at most three UTF-8 bytes, so the new chunk has room for the whole text.
      chunk = new Uint8Array(Math.max(CHUNK_BYTES, 3 * text.length));
      this.#chunks.push(chunk);
      this.#used = 0;
      written = encoder.encodeInto(text, chunk).written;
    }
    const start = (this.#chunks.length - 1) * CHUNK_SPAN + this.#used;
    return { start, end: start + written };
  }

  /** Keeps the text last written, which the next write would otherwise overwrite. */
  keep(text: KeptText): void {
    this.#used = text.end % CHUNK_SPAN;
  }

  read({ start, end }: KeptText): string {
    const chunk = this.#chunks[Math.floor(start / CHUNK_SPAN)] as Uint8Array;
    return decoder.decode(chunk.subarray(start % CHUNK_SPAN, (start % CHUNK_SPAN) + (end - start)));
  }
}
