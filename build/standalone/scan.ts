/**
 * Reading Ajv's standalone code as text at build time, where the syntax tree is not used: brackets for the
 * bookkeeping pass, and the printing of the final module. Ajv writes every string with JSON.stringify (double
 * quotes), so only double-quoted strings are skipped; a quote or backtick outside one is refused.
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
