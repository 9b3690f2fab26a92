/**
 * Reading Ajv's standalone code at build time: it writes every string with JSON.stringify (double quotes), so
 * brackets are matched by skipping double-quoted strings only. Anything else it might emit (a quote or backtick
 * outside a string) is refused, so the rewriting built on this never misreads the code.
 */

/** The index just past the string literal that opens at `start` (a `"`). */
function stringEnd(code: string, start: number): number {
  for (let at = start + 1; at < code.length; at++) {
    const char = code[at];
    if (char === '\\') at++;
    else if (char === '"') return at + 1;
  }
  throw new Error(`unterminated string at ${start}`);
}

const closers: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

/** The index just past the bracket that closes the one at `open`. */
export function closingIndex(code: string, open: number): number {
  const stack: string[] = [];
  for (let at = open; at < code.length; at++) {
    const char = code[at]!;
    if (char === '"') {
      at = stringEnd(code, at) - 1;
    } else if (char === "'" || char === '`') {
      throw new Error(`unexpected ${char} outside a string: ${code.slice(at - 40, at + 40)}`);
    } else if (char in closers) {
      stack.push(closers[char]!);
    } else if (char === '}' || char === ')' || char === ']') {
      if (stack.pop() !== char) throw new Error(`unbalanced ${char}: ${code.slice(at - 40, at + 40)}`);
      if (stack.length === 0) return at + 1;
    }
  }
  throw new Error(`no closing bracket for ${code[open]} at ${open}`);
}

/** `a, {b, c}, "d,e"` -> [`a`, `{b, c}`, `"d,e"`]: splits on the commas outside any bracket or string. */
export function splitTopLevel(code: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let at = 0; at < code.length; at++) {
    const char = code[at]!;
    if (char === '"') at = stringEnd(code, at) - 1;
    else if (char in closers) at = closingIndex(code, at) - 1;
    else if (char === ',') {
      parts.push(code.slice(from, at).trim());
      from = at + 1;
    }
  }
  const last = code.slice(from).trim();
  if (last !== '' || parts.length > 0) parts.push(last);
  return parts;
}

export interface Bracketed {
  /** The match of the pattern, which ends on the opening bracket. */
  match: RegExpExecArray;
  /** The text between the brackets. */
  inside: string;
  /** The code after the closing bracket. */
  rest: string;
}

/**
 * Replaces every match of the global `pattern`, which must end on an opening bracket, together with everything
 * up to that bracket's closing one and `consumed` characters after it: `replace` returns that replacement.
 * Counts the replacements, so a caller can fail when Ajv's code no longer has the shape it expects.
 */
export function replaceBracketed(
  code: string,
  pattern: RegExp,
  replace: (found: Bracketed) => { text: string; consumed?: number },
): { code: string; count: number } {
  if (!pattern.global) throw new Error('replaceBracketed needs a global pattern');
  let out = '';
  let from = 0;
  let count = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(code); match !== null; match = pattern.exec(code)) {
    const open = match.index + match[0].length - 1;
    if (!(code[open]! in closers)) throw new Error(`${pattern} must end on an opening bracket`);
    const close = closingIndex(code, open);
    const { text, consumed = 0 } = replace({
      match,
      inside: code.slice(open + 1, close - 1),
      rest: code.slice(close, close + 400),
    });
    out += code.slice(from, match.index) + text;
    from = close + consumed;
    pattern.lastIndex = from;
    count++;
  }
  return { code: out + code.slice(from), count };
}

const identifierChar = /[\w$]/;

/**
 * The code with the spaces a parser does not need removed, names passed through `rename` (properties after a
 * `.` keep theirs), and every non-ASCII character of a string escaped as
 * `\uXXXX`: V8 keeps a module's whole source on the heap, and one non-ASCII character makes it two bytes a
 * character. A space stays between two identifier characters (`return false`) and between `+`/`-` signs;
 * strings and the regular expression literals Ajv writes (`/~/g`, after `(` or `,`) are copied as they are.
 */
export function compactCode(code: string, rename: (identifier: string) => string = (name) => name): string {
  const parts: string[] = [];
  /** The last character written that is not a space. */
  let last = '';
  const write = (text: string) => {
    parts.push(text);
    last = text[text.length - 1] ?? last;
  };
  for (let at = 0; at < code.length; at++) {
    const char = code[at]!;
    if (char === '"') {
      const end = stringEnd(code, at);
      write(
        code
          .slice(at, end)
          .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      );
      at = end - 1;
    } else if (char === '/') {
      if (last !== '(' && last !== ',')
        throw new Error(`a / that is not a regular expression: ${code.slice(at - 40, at + 40)}`);
      const end = /^\/(?:[^/\\\n]|\\.)+\/[a-z]*/.exec(code.slice(at, at + 200));
      if (end === null) throw new Error(`an unterminated regular expression: ${code.slice(at, at + 40)}`);
      write(end[0]);
      at += end[0].length - 1;
    } else if (/[A-Za-z_$0-9]/.test(char)) {
      // A whole name or number; names that follow a `.` are properties and keep theirs.
      const token = /^[\w$.]*/.exec(code.slice(at, at + 200))![0].split('.')[0]!;
      write(last === '.' || /[0-9]/.test(char) ? token : rename(token));
      at += token.length - 1;
    } else if (char.charCodeAt(0) > 0x7f) {
      throw new Error(`a non-ASCII character outside a string: ${code.slice(at - 40, at + 40)}`);
    } else if (char === ' ') {
      let next = at + 1;
      while (code[next] === ' ') next++;
      const following = code[next] ?? '';
      const keep =
        (identifierChar.test(last) && identifierChar.test(following)) ||
        (/[+-]/.test(last) && /[+-]/.test(following));
      // A kept space is written without becoming `last`: what it separates is the characters around it.
      if (keep) parts.push(' ');
      at = next - 1;
    } else {
      write(char);
    }
  }
  return parts.join('');
}
