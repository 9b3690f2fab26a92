import { joinedBytes } from '../body/byte-chunks.js';
/** Bytes as they arrive from a file or standard input. */
export type Chunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** One line of the input, without its line feed. */
export interface Line {
  /** 1-based, as editors count. */
  number: number;
  /** The line's bytes, or undefined once it is known to be longer than the limit (it is never held whole). */
  bytes: Uint8Array | undefined;
}

const LINE_FEED = 0x0a;
const EMPTY = new Uint8Array(0);

/**
 * Splits bytes into lines in bounded memory: at most one line of `maxBytes` plus one chunk is held. A longer
 * line comes back without bytes as soon as it passes the limit, and its rest is skipped on the next call.
 */
export class LineReader {
  /** Bytes taken from the input so far, for the progress bar. */
  bytesRead = 0;
  private readonly iterator: AsyncIterator<Uint8Array> | Iterator<Uint8Array>;
  private chunk: Uint8Array = EMPTY;
  private position = 0;
  private parts: Uint8Array[] = [];
  private partsLength = 0;
  private lineNumber = 0;
  /** A too-long line was handed out and its rest, up to the next line feed, is still to be skipped. */
  private skipping = false;
  private ended = false;

  constructor(
    chunks: Chunks,
    private readonly maxBytes: number,
  ) {
    this.iterator =
      Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  }

  /** The next line, or undefined at the end of the input. */
  async next(): Promise<Line | undefined> {
    for (;;) {
      if (this.position >= this.chunk.length && !(await this.fill())) {
        this.skipping = false;
        return this.partsLength > 0 ? this.finish() : undefined;
      }
      const found = this.chunk.indexOf(LINE_FEED, this.position);
      const end = found < 0 ? this.chunk.length : found;
      const piece = this.chunk.subarray(this.position, end);
      this.position = found < 0 ? this.chunk.length : found + 1;
      if (this.skipping) {
        if (found >= 0) this.skipping = false;
        continue;
      }
      if (this.partsLength + piece.length > this.maxBytes) {
        this.skipping = found < 0;
        this.parts = [];
        this.partsLength = 0;
        return { number: ++this.lineNumber, bytes: undefined };
      }
      this.parts.push(piece);
      this.partsLength += piece.length;
      if (found >= 0) return this.finish();
    }
  }

  private finish(): Line {
    const bytes = joinedBytes(this.parts, this.partsLength);
    this.parts = [];
    this.partsLength = 0;
    return { number: ++this.lineNumber, bytes };
  }

  private async fill(): Promise<boolean> {
    while (!this.ended) {
      const result = await this.iterator.next();
      if (result.done) this.ended = true;
      else if (result.value.length > 0) {
        this.chunk = result.value;
        this.position = 0;
        this.bytesRead += result.value.length;
        return true;
      }
    }
    return false;
  }

  /** Stops reading early (a document already known to be too large): the file is closed. */
  async close(): Promise<void> {
    if (!this.ended) {
      this.ended = true;
      await this.iterator.return?.();
    }
  }
}
