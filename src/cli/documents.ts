import { joinedBytes } from '../body/byte-chunks.js';
import { isJsonWhitespace } from '../body/json-text.js';
import { LineReader, type Line } from './line-reader.js';

/** How an input holds its documents: `auto` decides from the content (see `documentsOf`). */
export type InputFormat = 'auto' | 'json' | 'jsonl';
export const inputFormats: readonly InputFormat[] = ['auto', 'json', 'jsonl'];

/** One document of an input, as bytes for the library's body path. */
export interface Document {
  /** The line the document starts on. */
  line: number;
  /** Undefined when the document is longer than the limit: it was never held whole. */
  bytes: Uint8Array | undefined;
  /** Whether the input is JSON Lines (one document per line) rather than one JSON document. */
  jsonLines: boolean;
}

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** JSON's whitespace only: a line of it holds no document. */
function isBlank(bytes: Uint8Array | undefined): boolean {
  if (bytes === undefined) return false;
  for (const byte of bytes) if (!isJsonWhitespace(byte)) return false;
  return true;
}

/** Whether one line is a whole JSON value by itself: the mark of JSON Lines. */
function isWholeValue(bytes: Uint8Array): boolean {
  const start = BYTE_ORDER_MARK.every((byte, i) => bytes[i] === byte) ? 3 : 0;
  try {
    JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.length - start).toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The documents of one input, read in bounded memory. JSON Lines (`jsonl`, or `auto` on an input whose first
 * non-blank line is a JSON value by itself and is followed by another non-blank line) gives one document per
 * non-blank line; otherwise the whole input is one document. A document longer than `maxBytes` comes back
 * without bytes, and a whole document known to be too large (from `size`, or while reading it) stops the read.
 */
export async function* documentsOf(
  reader: LineReader,
  format: InputFormat,
  maxBytes: number,
  size?: number,
): AsyncGenerator<Document> {
  try {
    if (format === 'jsonl') {
      yield* lineDocuments(reader, []);
      return;
    }
    if (format === 'json') {
      yield await wholeDocument(reader, [], maxBytes, size);
      return;
    }
    const held: Line[] = [];
    const first = await nextFilled(reader, held);
    if (first?.bytes === undefined || !isWholeValue(first.bytes)) {
      yield await wholeDocument(reader, held, maxBytes, size);
      return;
    }
    const second = await nextFilled(reader, held);
    if (second === undefined) {
      yield await wholeDocument(reader, held, maxBytes, size);
      return;
    }
    yield* lineDocuments(reader, [first, second]);
  } finally {
    await reader.close();
  }
}

/** Reads up to the next non-blank line, keeping every line read in `held`. */
async function nextFilled(reader: LineReader, held: Line[]): Promise<Line | undefined> {
  for (;;) {
    const line = await reader.next();
    if (line === undefined) return undefined;
    held.push(line);
    if (!isBlank(line.bytes)) return line;
  }
}

async function* lineDocuments(reader: LineReader, first: readonly Line[]): AsyncGenerator<Document> {
  for (const line of first) yield { line: line.number, bytes: line.bytes, jsonLines: true };
  for (let line = await reader.next(); line !== undefined; line = await reader.next()) {
    if (!isBlank(line.bytes)) yield { line: line.number, bytes: line.bytes, jsonLines: true };
  }
}

/** The lines read so far and the rest of the input as one document, given up once past `maxBytes`. */
async function wholeDocument(
  reader: LineReader,
  held: readonly Line[],
  maxBytes: number,
  size: number | undefined,
): Promise<Document> {
  const start = held.find((line) => !isBlank(line.bytes))?.number ?? 1;
  const tooLarge: Document = { line: start, bytes: undefined, jsonLines: false };
  if (size !== undefined && size > maxBytes) return tooLarge;
  const parts: Uint8Array[] = [];
  let length = 0;
  const newline = Uint8Array.of(0x0a);
  const take = (line: Line): boolean => {
    if (line.bytes === undefined) return false;
    if (parts.length > 0) parts.push(newline);
    parts.push(line.bytes);
    length += line.bytes.length + (parts.length > 1 ? 1 : 0);
    return length <= maxBytes;
  };
  for (const line of held) if (!take(line)) return tooLarge;
  for (let line = await reader.next(); line !== undefined; line = await reader.next()) {
    if (!take(line)) return tooLarge;
  }
  return { line: start, bytes: joinedBytes(parts, length), jsonLines: false };
}
