import { pointerSegment } from '../core/json-pointer.js';

/** Where a value sits in a JSON text: the offsets of its first character and just past its last. */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * The range of every value of a JSON text, by its JSON Pointer (`""` for the root), so an issue's path can be
 * marked where the person wrote it. The text must already be valid JSON (the playground checks it first with the
 * library's body guards, which also bound its depth); a value under a repeated key keeps its first range.
 */
export function locateValues(text: string): Map<string, TextRange> {
  const ranges = new Map<string, TextRange>();
  let at = 0;

  const skipSpace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at += 1;
  };

  // Reads the string that starts at `at` and moves past it.
  const readString = (): string => {
    const start = at;
    at += 1;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };

  const readValue = (pointer: string): void => {
    skipSpace();
    const start = at;
    const first = text[at];
    if (first === '{') {
      at += 1;
      skipSpace();
      while (text[at] !== '}') {
        skipSpace();
        const key = readString();
        skipSpace();
        at += 1; // the colon
        readValue(`${pointer}/${pointerSegment(key)}`);
        skipSpace();
        if (text[at] === ',') at += 1;
        skipSpace();
      }
      at += 1;
    } else if (first === '[') {
      at += 1;
      skipSpace();
      for (let index = 0; text[at] !== ']'; index += 1) {
        readValue(`${pointer}/${index}`);
        skipSpace();
        if (text[at] === ',') at += 1;
        skipSpace();
      }
      at += 1;
    } else if (first === '"') {
      readString();
    } else {
      while (at < text.length && !',]} \t\n\r'.includes(text[at]!)) at += 1;
    }
    if (!ranges.has(pointer)) ranges.set(pointer, { start, end: at });
  };

  readValue('');
  return ranges;
}
