/** Where a text stops being JSON, counted from 1 as an editor counts: lines, and characters within a line. */
export interface TextPosition {
  line: number;
  column: number;
}

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrt';
const HEX = /^[0-9A-Fa-f]{4}$/;

function isSpace(character: string | undefined): boolean {
  return character === ' ' || character === '\t' || character === '\n' || character === '\r';
}

/**
 * The offset of the first character at which `text` stops being JSON (RFC 8259), its length when the text ends
 * too soon, or -1 when it is JSON. One pass with an explicit stack, so no nesting overflows it. The engine's
 * own message would say less and quote the text, which may hold a secret.
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const open: string[] = [];
  const skipSpace = () => {
    while (isSpace(text[at])) at++;
  };
  // Moves past the string that starts at `at`; false when it is broken (the offset is then the bad character).
  const readString = (): boolean => {
    for (at++; at < text.length; at++) {
      const character = text[at] as string;
      if (character === '"') {
        at++;
        return true;
      }
      if (character < ' ') return false;
      if (character === '\\') {
        at++;
        if (text[at] === 'u') {
          if (!HEX.test(text.slice(at + 1, at + 5))) return false;
          at += 4;
        } else if (text[at] === undefined || !ESCAPES.includes(text[at] as string)) return false;
      }
    }
    return false;
  };
  // Moves past a key and its colon; false when either is missing.
  const readKey = (): boolean => {
    skipSpace();
    if (text[at] !== '"' || !readString()) return false;
    skipSpace();
    if (text[at] !== ':') return false;
    at++;
    return true;
  };
  for (;;) {
    // A value.
    skipSpace();
    const first = text[at];
    if (first === '{' || first === '[') {
      at++;
      skipSpace();
      const close = first === '{' ? '}' : ']';
      if (text[at] === close) at++;
      else {
        open.push(close);
        if (first === '{' && !readKey()) return at;
        continue;
      }
    } else if (first === '"') {
      if (!readString()) return at;
    } else {
      NUMBER.lastIndex = at;
      const literal = LITERALS.find((word) => text.startsWith(word, at));
      if (literal !== undefined) at += literal.length;
      else if (NUMBER.test(text)) at = NUMBER.lastIndex;
      else return at;
    }
    // What may follow a value: a comma and the next one, or the close of its container.
    for (;;) {
      skipSpace();
      const close = open.at(-1);
      if (close === undefined) return at === text.length ? -1 : at;
      if (text[at] === ',') {
        at++;
        if (close === '}' && !readKey()) return at;
        break;
      }
      if (text[at] !== close) return at;
      open.pop();
      at++;
    }
  }
}

/** The line and column of `offset` in `text`: lines end at a line feed, a column counts code points. */
export function positionOf(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (let found = before.indexOf('\n'); found !== -1; found = before.indexOf('\n', found + 1)) line++;
  return { line, column: [...before.slice(lineStart)].length + 1 };
}
